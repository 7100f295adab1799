"""The operator's settings of a server: limits per client address and connection, the bots'
time budget, and what only an operator may allow. Every setting has a default; ``schafkopf
serve --set name=value`` changes one.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


class SettingsError(ValueError):
    """An unknown setting or a value out of its range."""


@dataclass(frozen=True)
class ServerSettings:
    """What a server allows and how much of it."""

    tables_per_minute: int = 10
    """Tables one client address may create per minute."""
    joins_per_minute: int = 30
    """Seats one client address may take per minute."""
    requests_per_second: float = 50.0
    """HTTP requests one client address may make per second (bursts of twice as many)."""
    messages_per_second: float = 20.0
    """WebSocket messages one connection may send per second (bursts of twice as many)."""
    connections_per_table: int = 32
    """Open WebSockets to one table (seats and spectators)."""
    connections_per_address: int = 64
    """Open WebSockets from one client address."""
    message_bytes: int = 4096
    """The largest WebSocket message a client may send."""
    body_bytes: int = 65536
    """The largest HTTP request body."""
    open_tables: int = 10000
    """Tables open at once on the server (closed ones do not count)."""
    idle_close_minutes: float = 1440.0
    """A table nobody has been connected to for this long is closed (its finished games stay
    readable)."""
    min_turn_seconds: float = 5.0
    """The shortest time per move a table may set (0, no limit, is always allowed): a
    shorter one would let the stand-in play a table of absent people on its own."""
    doubling_wait_seconds: float = 20.0
    """How long a table without a move time waits, before the next card, for a person whose
    chance to say Kontra or Re would close with it (a table's move time is its wait)."""
    bot_seconds: float = 5.0
    """The longest a bot may think about one decision; then the rule-based player decides for
    it (a bot process that overran is replaced)."""
    empty_seat_bot_seconds: float = 60.0
    """How long a game waits at the turn of a seat for a person that nobody took before a
    bot (the rule-based player) takes it, counted from the first time the game reached it
    (0: at once). Only at a table where some person holds a seat; a person may still join
    and take the seat over."""
    away_timeouts: int = 3
    """After this many timeouts in a row (at a table with a move time) a bot plays a
    person's seat until the person acts or connects again (0: never)."""
    lobby_tables: int = 50
    """The most tables ``GET /api/tables`` lists (the newest open public ones)."""
    analyses_waiting: int = 20
    """The most analyses of finished games under way at once (more: ``server_full``)."""
    analyses_per_minute: int = 30
    """Analyses one client address may start a minute."""
    analysis_worlds: int = 32
    """Worlds per card decision of an analysis (see ``schafkopf analyze --worlds``)."""
    analysis_bid_worlds: int = 16
    """Worlds per bidding decision and for luck (``schafkopf analyze --bid-worlds``)."""
    logins_per_minute: int = 10
    """Logins and sign-ups one client address may try per minute."""
    logins_per_name: int = 5
    """Logins (and password checks) per minute for one account name, from any address."""
    session_days: float = 30.0
    """A login session unused for this long ends (the person logs in again)."""
    secure_cookies: bool = False
    """Mark the login cookie ``Secure`` even over plain HTTP (behind a TLS proxy); over
    HTTPS it always is."""
    allowed_origins: str = ""
    """Origins besides the server's own (comma-separated, like ``https://schafkopf.example``)
    from which a logged-in page may connect (WebSockets by cookie check it)."""
    chat_lines_per_minute: int = 12
    """Chat lines one connection may send a minute (bursts of up to five)."""
    challenge_bots: str = "level:3"
    """The bot level the duplicate challenge's deals are played against (one that answers
    alike to alike play: a level without a time limit)."""
    leaderboard_min_games: int = 10
    """Rated games a player needs to appear on the leaderboard."""
    allow_player_specs: bool = False
    """Let clients seat any player spec (``pimc:samples=50``), not only the offered levels."""
    allow_bot_tables: bool = False
    """Let clients create tables without a seat for a person (bots playing on their own)."""

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            check(f.name, getattr(self, f.name))

    def with_values(self, values: dict[str, Any]) -> ServerSettings:
        """A copy with some settings replaced (each checked)."""
        for name in values:
            if name not in _RANGES:
                raise SettingsError(f"unknown setting {name!r}: one of {', '.join(_RANGES)}")
        return dataclasses.replace(self, **values)

    @classmethod
    def parse(cls, items: Iterable[str]) -> ServerSettings:
        """Settings from ``name=value`` strings (the command line's ``--set``)."""
        values: dict[str, Any] = {}
        for item in items:
            name, sep, raw = item.partition("=")
            name = name.strip().replace("-", "_")
            if not sep:
                raise SettingsError(f"a setting is name=value, got {item!r}")
            if name not in _RANGES:
                raise SettingsError(f"unknown setting {name!r}: one of {', '.join(_RANGES)}")
            values[name] = _read(name, raw.strip())
        return cls().with_values(values)

    def to_json(self) -> dict[str, Any]:
        """Every setting with its value."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}


_RANGES: dict[str, tuple[type, float, float]] = {
    "tables_per_minute": (int, 1, 10**6),
    "joins_per_minute": (int, 1, 10**6),
    "requests_per_second": (float, 1, 10**6),
    "messages_per_second": (float, 1, 10**6),
    "connections_per_table": (int, 1, 10**5),
    "connections_per_address": (int, 1, 10**6),
    "message_bytes": (int, 256, 1 << 20),
    "body_bytes": (int, 1024, 1 << 24),
    "open_tables": (int, 1, 10**7),
    "idle_close_minutes": (float, 0.01, 10**7),
    "min_turn_seconds": (float, 0.01, 3600),
    "doubling_wait_seconds": (float, 0.01, 3600),
    "bot_seconds": (float, 0.1, 3600),
    "empty_seat_bot_seconds": (float, 0, 86400),
    "away_timeouts": (int, 0, 1000),
    "lobby_tables": (int, 1, 1000),
    "analyses_waiting": (int, 1, 10000),
    "analyses_per_minute": (int, 1, 10**6),
    "analysis_worlds": (int, 1, 1000),
    "analysis_bid_worlds": (int, 1, 1000),
    "logins_per_minute": (int, 1, 10**6),
    "logins_per_name": (int, 1, 10**6),
    "session_days": (float, 0.001, 3650),
    "secure_cookies": (bool, 0, 1),
    "allowed_origins": (str, 0, 2000),
    "chat_lines_per_minute": (int, 1, 10**4),
    "challenge_bots": (str, 0, 40),
    "leaderboard_min_games": (int, 0, 10**6),
    "allow_player_specs": (bool, 0, 1),
    "allow_bot_tables": (bool, 0, 1),
}


def check(name: str, value: Any) -> None:
    """Raise :class:`SettingsError` unless ``value`` is of the setting's type and range."""
    kind, low, high = _RANGES[name]
    if kind is str:
        if not isinstance(value, str) or len(value) > high:
            raise SettingsError(f"setting {name!r} must be text of at most {high:g} characters")
        return
    if kind is bool:
        if not isinstance(value, bool):
            raise SettingsError(f"setting {name!r} must be true or false, got {value!r}")
        return
    if isinstance(value, bool) or not isinstance(value, (int, float) if kind is float else int):
        raise SettingsError(f"setting {name!r} must be a {kind.__name__}, got {value!r}")
    if not low <= value <= high:
        raise SettingsError(f"setting {name!r} must be {low:g}..{high:g}, got {value!r}")


def _read(name: str, raw: str) -> Any:
    kind = _RANGES[name][0]
    if kind is str:
        return raw
    if kind is bool:
        if raw.lower() in ("true", "yes", "1", "on"):
            return True
        if raw.lower() in ("false", "no", "0", "off"):
            return False
        raise SettingsError(f"setting {name!r} must be true or false, got {raw!r}")
    try:
        return kind(raw)
    except ValueError:
        raise SettingsError(f"setting {name!r} must be a {kind.__name__}, got {raw!r}") from None
