"""The engine's exceptions under one base: each is a :class:`SchafkopfError`, and so a
``ValueError``, with a ``code`` that names the kind of error for the faces (terminal, page,
command line) to word in German or English.

>>> from schafkopf import Game
>>> try:
...     Game(seed=1).result()
... except SchafkopfError as e:
...     print(type(e).__name__, e.code)
GameNotOverError game_not_over
"""

from __future__ import annotations

from typing import Any, ClassVar


class SchafkopfError(ValueError):
    """Every error of the engine, the records and the players' registry."""

    code: ClassVar[str] = "error"
    """What kind of error this is, for the faces to word (stable, lower case)."""


class GameError(SchafkopfError):
    """A game cannot be set up as asked (bad hands, bad dealer)."""

    code = "bad_game"


class IllegalActionError(SchafkopfError):
    """An action that is not legal now; the message says why. The game is unchanged.

    ``reason`` names why for a face to word in its own language (``must_follow``,
    ``not_your_turn``, ...), with ``params`` (``seat``, ``action``, ``led``, ...)."""

    def __init__(self, message: str, reason: str = "illegal", **params: Any) -> None:
        super().__init__(message)
        self.reason = reason
        self.params = params

    code = "illegal"


class GameNotOverError(IllegalActionError):
    """The game has no result yet: it is not over."""

    code = "game_not_over"


class NothingToUndoError(IllegalActionError):
    """``undo()`` before any action."""

    code = "nothing_to_undo"
