"""Analysis of played games: what each decision cost, and what would have been better.

>>> from schafkopf import Game
>>> from schafkopf.players import HeuristicPlayer, play_game
>>> import random
>>> game = play_game(Game(seed=3), [HeuristicPlayer()] * 4, random.Random(3))
>>> report = analyze(game, worlds=4, bid_worlds=2, seed=1)
>>> sorted(report.to_json())
['decisions', 'seats']
>>> all(d.loss >= 0 and d.action in d.options for d in report.decisions)
True

Each decision of the game is judged for the seat that made it (:func:`analyze`): Klopfen,
spiel or weiter, the offers, the contract and its called Sau, Kontra and Re (and not saying
them at the last moment they were allowed, the option ``gut``), and every card. Every option
gets the seat's expected payout in the game's money, from the seat's own information (the
worlds it may be in, each solved) and, for cards and doublings, with all hands open. The loss
of a decision is the best option's value minus the taken one's; a verdict names the bad ones
(:mod:`.verdicts`), and each seat gets an accuracy and its luck: what its cards alone were
worth.
"""

from .analyze import DEFAULT_BID_WORLDS, DEFAULT_WORLDS, analyze
from .model import Decision, GameAnalysis, SeatSummary
from .verdicts import THRESHOLDS, VERDICTS, accuracy, verdict

__all__ = [
    "DEFAULT_BID_WORLDS",
    "DEFAULT_WORLDS",
    "THRESHOLDS",
    "VERDICTS",
    "Decision",
    "GameAnalysis",
    "SeatSummary",
    "accuracy",
    "analyze",
    "verdict",
]
