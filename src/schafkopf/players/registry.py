"""Players by name: ``random``, ``heuristic``, ``pimc``, ``ismcts`` (OpenSpiel's IS-MCTS) with
options (``pimc:samples=50``), and the ladder's levels ``level:1`` to ``level:5``.

The arena, the terminal and the command line build their computer players here, so a new
player kind is registered once and usable everywhere.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from typing import Any, Final

from schafkopf.errors import SchafkopfError
from schafkopf.players.base import Player


class PlayerSpecError(SchafkopfError):
    """A player name or option that is not known. ``reason`` says which for a face to word
    (``unknown_player``, ``unknown_level``, ``not_key_value``, ``unknown_option``,
    ``bad_option_type``, ``bad_option``), with ``params`` (``kind``, ``option``, ``options``;
    ``value`` and ``want``, one of ``bool``, ``int``, ``number``, for a value of the wrong type)."""

    code = "bad_player"

    def __init__(self, message: str, reason: str = "bad_option", **params: Any) -> None:
        super().__init__(message, reason, **params)


_FACTORIES: dict[str, tuple[str, str]] = {
    "random": ("schafkopf.players.random_player", "RandomPlayer"),
    "heuristic": ("schafkopf.players.heuristic", "HeuristicPlayer"),
    "pimc": ("schafkopf.players.pimc", "PimcPlayer"),
    "ismcts": ("schafkopf.players.ismcts_player", "IsmctsPlayer"),
}


_SEARCHING: set[str] = {"pimc", "ismcts"}
"""The kinds that search for their decisions (a second or so of CPU each)."""


def register(kind: str, module: str, attribute: str, *, searching: bool = False) -> None:
    """Make ``kind`` build ``module.attribute(name=..., **options)``; ``searching``: its
    decisions take long (the server lets such players think in worker processes)."""
    _FACTORIES[kind] = (module, attribute)
    if searching:
        _SEARCHING.add(kind)
    else:
        _SEARCHING.discard(kind)


def is_searching(spec: str) -> bool:
    """True when the spec's player searches (its decisions take long)."""
    return parse_spec(spec)[0] in _SEARCHING


def player_kinds() -> list[str]:
    """The registered player kinds."""
    return sorted(_FACTORIES)


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``kind:key=value,key=value`` into the kind and typed options (int, float, bool);
    ``level:N`` is the spec of the ladder's N-th level."""
    kind, _, rest = spec.strip().partition(":")
    if kind == "level":
        from schafkopf.players.levels import LADDER, ladder_spec

        target = ladder_spec(int(rest)) if rest.strip().isdigit() else None
        if target is None:
            raise PlayerSpecError(
                f"unknown level {rest!r}: level:1 to level:{len(LADDER)}",
                "unknown_level",
                level=rest,
            )
        return parse_spec(target)
    if kind not in _FACTORIES:
        kinds = ", ".join([*player_kinds(), "level:N"])
        raise PlayerSpecError(
            f"unknown player {kind!r}: one of {kinds}", "unknown_player", kind=kind
        )
    options: dict[str, Any] = {}
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, raw = item.partition("=")
        if not sep or not key:
            raise PlayerSpecError(
                f"player option {item!r} must be key=value", "not_key_value", option=item
            )
        options[key.strip()] = _typed(raw.strip())
    return kind, options


def make_player(spec: str, name: str | None = None) -> Player:
    """A new player from a spec such as ``heuristic`` or ``pimc:samples=50,seconds=0.2``."""
    kind, options = parse_spec(spec)
    module, attribute = _FACTORIES[kind]
    factory: Callable[..., Player] = getattr(importlib.import_module(module), attribute)
    known = _option_names(factory)
    if known is not None:
        unknown = [key for key in options if key not in known]
        if unknown:
            raise PlayerSpecError(
                f"player {spec!r}: unknown option {unknown[0]!r} for {kind}: one of "
                f"{', '.join(known) or 'none'}",
                "unknown_option",
                kind=kind,
                option=unknown[0],
                options=list(known),
            )
    options = {key: _checked(spec, key, value, factory) for key, value in options.items()}
    try:
        return factory(name=name or kind, **options)
    except (TypeError, ValueError) as e:  # a value the player refuses (samples=-1)
        raise PlayerSpecError(f"player {spec!r}: {e}", "bad_option", kind=kind) from None


_WANT_WORDS: Final = {"bool": "true or false", "int": "a whole number", "number": "a number"}
"""What an option's type asks for (``want``: a code each face words), in the engine's English."""


def _checked(spec: str, key: str, value: Any, factory: Callable[..., Player]) -> Any:
    """An option's value checked against the type of its default or annotation (a whole
    number where one is meant, a number, true or false, a word as typed); raises
    :class:`PlayerSpecError` ``bad_option_type``."""
    params = {p.name: p for p in _parameters(factory) or ()}
    param = params.get(key)
    default = None if param is None or param.default is param.empty else param.default
    if default is None and param is not None:  # optional: the type its annotation names
        named = str(param.annotation).split("|")[0].strip()
        default = {"bool": False, "int": 0, "float": 0.0}.get(named)
    if default is None:
        return value
    if isinstance(default, bool):
        fits, want = isinstance(value, bool), "bool"
    elif isinstance(default, int):
        fits, want = isinstance(value, int) and not isinstance(value, bool), "int"
    elif isinstance(default, float):
        fits, want = isinstance(value, int | float) and not isinstance(value, bool), "number"
    else:  # a word: as it was typed
        return _spec_text(value) if isinstance(default, str) else value
    if not fits:
        raise PlayerSpecError(
            f"player {spec!r}: option {key!r} must be {_WANT_WORDS[want]}, "
            f"got {_spec_text(value)!r}",
            "bad_option_type", option=key, value=_spec_text(value), want=want,
        )  # fmt: skip
    return value


def spec_of(player: object, kind: str) -> str:
    """The spec that builds a player like ``player`` (its name aside): ``kind`` and the options
    of its constructor that differ from their defaults (what the players' reprs show).

    >>> from schafkopf.players.pimc import PimcPlayer
    >>> spec_of(PimcPlayer(samples=20, seconds=0.5, inference=True), "pimc")
    'pimc:samples=20,seconds=0.5,inference=true'
    """
    options = [
        f"{key}={_spec_text(value)}"
        for key, default in _option_defaults(type(player))
        if (value := getattr(player, key, default)) != default
    ]
    return kind + (":" + ",".join(options) if options else "")


@cache
def _parameters(factory: Callable[..., Any]) -> tuple[Any, ...] | None:
    """A player constructor's parameters but ``name`` (``inspect.Parameter``); None where it
    cannot be read."""
    import inspect  # only for checks and reprs: keep the import of the registry light

    try:
        return tuple(p for p in inspect.signature(factory).parameters.values() if p.name != "name")
    except (TypeError, ValueError):
        return None


def _option_names(factory: Callable[..., Player]) -> tuple[str, ...] | None:
    """The options a player's constructor takes; None where it takes any (``**options``)."""
    params = _parameters(factory)
    if params is None or any(p.kind is p.VAR_KEYWORD for p in params):
        return None
    return tuple(p.name for p in params)


def _option_defaults(cls: type) -> tuple[tuple[str, Any], ...]:
    """A player class's constructor options with their defaults, in order."""
    return tuple((p.name, p.default) for p in _parameters(cls) or () if p.default is not p.empty)


def _spec_text(value: Any) -> str:
    """An option value as a spec writes it (read back by :func:`parse_spec`)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _typed(raw: str) -> Any:
    if raw.lower() in ("true", "false"):
        return raw.lower() == "true"
    for cast in (int, float):
        try:
            return cast(raw)
        except ValueError:
            pass
    return raw
