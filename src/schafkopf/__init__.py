"""schafkopf: an exact, fast Schafkopf rules engine, game records, bots and play.

>>> from schafkopf import Game, Ruleset
>>> g = Game(Ruleset.preset("standard"), seed=1)
>>> g.phase
'bidding'
"""

from schafkopf import actions
from schafkopf.cards import Card, CardError, CardSet, augen, card_name, card_token, parse_card
from schafkopf.errors import SchafkopfError
from schafkopf.game import (
    Game,
    GameError,
    GameNotOverError,
    IllegalActionError,
    NothingToUndoError,
    SeatError,
    Trick,
    View,
)
from schafkopf.rules import PRESETS, Contract, Kind, RulesError, Ruleset
from schafkopf.scoring import Result

__version__ = "0.1.0"

__all__ = [
    "PRESETS",
    "Card",
    "CardError",
    "CardSet",
    "Contract",
    "Game",
    "GameError",
    "GameNotOverError",
    "IllegalActionError",
    "Kind",
    "NothingToUndoError",
    "Result",
    "RulesError",
    "Ruleset",
    "SchafkopfError",
    "SeatError",
    "Trick",
    "View",
    "__version__",
    "actions",
    "augen",
    "card_name",
    "card_token",
    "parse_card",
]
