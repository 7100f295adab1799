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
    """Every error of the engine, the records and the players' registry.

    ``reason`` says more finely than ``code`` what went wrong (``unknown_option``,
    ``must_follow``, ...; the code where nothing finer is said), and ``params`` what a face
    needs to word it (``option``, ``value``, ...). The message is the English sentence for
    developers; the faces word ``reason`` and ``params`` in their own language. Both survive
    pickling (bot workers, Ray) as attributes of the instance."""

    code: ClassVar[str] = "error"
    """What kind of error this is, for the faces to word (stable, lower case)."""

    def __init__(self, message: str = "", reason: str | None = None, **params: Any) -> None:
        super().__init__(message)
        self.reason: str = self.code if reason is None else reason
        self.params: dict[str, Any] = params


class GameError(SchafkopfError):
    """A game cannot be set up as asked (bad hands, bad dealer)."""

    code = "bad_game"


class SeatError(GameError):
    """A seat number the table does not have (asked of :meth:`Game.hand`, :meth:`Game.view`,
    :meth:`Game.legal_actions`, ...); ``seat`` is what was asked."""

    code = "no_seat"

    def __init__(self, seat: object, players: int) -> None:
        super().__init__(
            f"no seat {seat!r} at this table: seats are 0..{players - 1}",
            seat=seat,
            players=players,
        )
        self.seat = seat
        self.players = players

    def __reduce__(self) -> tuple[type[SeatError], tuple[object, int]]:
        return SeatError, (self.seat, self.players)  # across processes (bot workers, Ray)


class IllegalActionError(SchafkopfError):
    """An action that is not legal now; the message says why. The game is unchanged.

    ``reason`` names why for a face to word in its own language (``must_follow``,
    ``not_your_turn``, ...), with ``params`` (``seat``, ``action``, ``led``, ...)."""

    code = "illegal"


class GameNotOverError(IllegalActionError):
    """The game has no result yet: it is not over."""

    code = "game_not_over"


class NothingToUndoError(IllegalActionError):
    """``undo()`` before any action."""

    code = "nothing_to_undo"
