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

from typing import ClassVar


class SchafkopfError(ValueError):
    """Every error of the engine, the records and the players' registry."""

    code: ClassVar[str] = "error"
    """What kind of error this is, for the faces to word (stable, lower case)."""
