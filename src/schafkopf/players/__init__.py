"""Computer and human players: anything that picks an action from a seat's view.

``PimcPlayer`` and ``IsmctsPlayer`` load on first use (they bring numba and OpenSpiel):

>>> from schafkopf.players import PimcPlayer
>>> PimcPlayer(samples=20).samples
20
"""

from typing import Any

from schafkopf.players.base import Player, play_game
from schafkopf.players.heuristic import HeuristicPlayer as HeuristicPlayer
from schafkopf.players.random_player import RandomPlayer

_LAZY = {
    "PimcPlayer": "schafkopf.players.pimc",
    "IsmctsPlayer": "schafkopf.players.ismcts_player",
}

__all__ = ["HeuristicPlayer", "IsmctsPlayer", "PimcPlayer", "Player", "RandomPlayer", "play_game"]


def __getattr__(name: str) -> Any:
    """The searching players, imported when first asked for."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'schafkopf.players' has no attribute {name!r}")
