"""Computer and human players: anything that picks an action from a seat's view."""

from schafkopf.players.base import Player, play_game
from schafkopf.players.heuristic import HeuristicPlayer as HeuristicPlayer
from schafkopf.players.random_player import RandomPlayer

__all__ = ["Player", "RandomPlayer", "play_game"]
