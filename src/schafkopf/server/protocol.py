"""The messages between browser and server (pydantic models: anything else is refused).

Client to server over the WebSocket, one JSON object per message, at most
:data:`MAX_MESSAGE_BYTES`:

- ``{"type": "act", "action": "EO", "version": 12}``: an action by name (``weiter``, ``spiel``,
  ``rufspiel G``, ``kontra``, a card, ``gut``) or number, for the seat the connection's token
  holds, valid only if the client has seen the newest ``version`` (a replayed or stale message
  is refused, so nothing is applied twice);
- ``{"type": "resume", "since": 12}``: everything after version 12 (or a snapshot);
- ``{"type": "ping"}``;
- ``{"type": "chat", "text": "Servus"}`` or ``{"type": "chat", "phrase": "well_played"}``: a
  line for the table's chat, from a seat's holder only (:class:`ChatMessage`).

Server to client: ``snapshot`` (``version``, ``state``), ``event`` (``version``, ``event``,
``state``; an ``action`` event the server made for a person whose move time ran out carries
``"by": "timeout"``), ``events`` (after a resume), ``pong`` (``version``, ``time``: the
server's UNIX time in seconds, to set a countdown against) and ``error`` (``code``,
``message``). Every
``state`` is built for the receiving seat (:meth:`schafkopf.server.table.Table.state_for`).

Seats follow people: ``seats`` (``version``, unchanged: no action was made; ``event``;
``state``) says who plays a seat now. Its ``event`` is ``{"kind": "seat", "code", "seat",
"name", "status", "plays", "person"}`` with ``code`` one of ``joined`` (a person took a free
seat), ``took_over`` (a person took a seat a bot played for a person; the bot stepped out),
``left`` (the person left; a bot plays on for them), ``away`` (the person ran out of time
``away_timeouts`` times in a row; a bot plays until they act or connect again), ``back`` (so
they did) and ``bot`` (a bot took a seat nobody took); ``status`` is the seat's new status
(``state.seat_status``), ``plays`` ``human`` or the bot's level id, ``person`` the person
concerned (None for ``bot``). A connection whose person left watches from then on
(``state.seat`` None). After "again" (``POST /api/tables/{id}/again``) every connection of
the old table gets ``{"type": "again", "version", "table": new id, "seat", "token"}``: its
own seat's token at the new table (None for a spectator, or a seat nobody holds there).
``state.online`` lists the seats with a connection now; when a seat gets its first one or
loses its last, the others get ``{"type": "presence", "version", "online": [seats]}`` (the
page marks a person's seat without one: the tab was closed, the phone asleep).

The wait for Kontra and Re: where a person's chance to double would close with the next card,
the table plays no card until each such person has answered. ``state.view`` then carries
``waiting_for_doubling`` (the seats waited on, else ``[]``), ``doubling_deadline`` (when the
wait ends: UNIX seconds on the server's clock, else null) and ``doubling_wait_seconds`` (the
wait's whole length, else null). A seat waited on has ``kontra`` (or ``re``, ...) and ``gut``
(id 1000) among its ``legal`` actions and answers ``{"type": "act", "action": "kontra" | "gut",
"version": v}``; "gut" from any other seat is refused as ``illegal``, and so is a card while
the table waits. Each answer is an ``action`` event (``"action": "gut"``); when the time runs
out, the server says "gut" for each seat still waited on. The one to lead may simply play.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Final, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter

MAX_MESSAGE_BYTES: Final = 4096

ERROR_CODES: Final = (
    "malformed", "too_large", "stale_version", "illegal", "bad_action", "bad_seat", "no_seat",
    "bot_seat", "table_over", "conflict", "no_table", "no_game", "bad_invite", "bad_token",
    "table_full", "bad_rules", "bad_seats", "bad_games", "bad_turn_seconds", "rate_limited",
    "table_closed", "unavailable", "server_full", "not_found", "bad_method", "not_creator",
    "seat_taken", "not_over", "tips_off", "no_turn", "bad_step", "name_taken", "bad_login",
    "not_logged_in", "bad_csrf", "bad_origin", "weak_password", "bad_name", "tips_rated",
    "private_profile", "no_player", "challenge_running", "challenge_done", "bad_day",
)  # fmt: skip
"""Every ``code`` an ``error`` message can carry."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class ActMessage(_Strict):
    """Take an action for the connection's seat."""

    type: Literal["act"]
    action: int | Annotated[str, Field(max_length=40)]
    version: int = Field(ge=0)


class ResumeMessage(_Strict):
    """Send what happened after ``since``."""

    type: Literal["resume"]
    since: int = Field(ge=0)


class PingMessage(_Strict):
    """Keep the connection alive; answered by ``pong``."""

    type: Literal["ping"]


CHAT_PHRASES: Final = ("well_played", "thanks", "sorry", "hello", "bad_luck", "hurry")
"""The quick phrases of the table chat, sent by code: each page words them in its language."""
CHAT_LENGTH: Final = 200
"""The longest chat line, in characters."""


class ChatMessage(_Strict):
    """A line for the table's chat: ``text`` (at most :data:`CHAT_LENGTH` characters) or a
    quick ``phrase`` (:data:`CHAT_PHRASES`). The server sends every connection
    ``{"type": "chat", "seat", "name", "text" | "phrase", "at"}``, a new connection first
    ``{"type": "chat", "history": [...]}`` with the last lines. A refused line is an
    ``error`` with ``"for": "chat"``."""

    type: Literal["chat"]
    text: Annotated[str, Field(max_length=CHAT_LENGTH * 2)] | None = None
    phrase: Literal[CHAT_PHRASES] | None = None  # type: ignore[valid-type]


ClientMessage = Annotated[
    ActMessage | ResumeMessage | PingMessage | ChatMessage, Field(discriminator="type")
]
_CLIENT: Final = TypeAdapter(ClientMessage)


def parse_client_message(data: Any) -> ActMessage | ResumeMessage | PingMessage | ChatMessage:
    """A client message from decoded JSON; raises pydantic's ValidationError."""
    return _CLIENT.validate_python(data)


def _no_nul(text: str) -> str:
    if "\x00" in text:
        raise ValueError("text must not hold a NUL character")
    return text


Name = Annotated[str, AfterValidator(_no_nul)]
"""A name a person gave: stored as text, which holds no NUL character in PostgreSQL."""


class CreateTable(BaseModel):
    """``POST /api/tables``: a table from a preset with overrides."""

    model_config = ConfigDict(extra="forbid")

    preset: str = "standard"
    overrides: dict[str, Any] = Field(default_factory=dict)
    games: int = Field(default=8, ge=1, le=1000, strict=True)
    """Strict: ``true`` or ``"8"`` is no number of games (lax parsing read ``true`` as 1)."""
    seats: list[Annotated[str, Field(max_length=80)]] | None = Field(default=None, max_length=4)
    turn_seconds: float = Field(default=0.0, ge=0, le=3600, strict=True)
    name: Name = Field(default="", max_length=60)
    player: Name | None = Field(default=None, max_length=30)
    """The creator's name: the creator takes the first seat for a person."""
    public: bool = Field(default=False, strict=True)
    """Listed in the lobby (``GET /api/tables``), with the invitation: anyone may join."""
    rated: bool = Field(default=False, strict=True)
    """Rate the table's games even with one person (a table with two or more people is
    rated anyway)."""
    tips: bool = Field(default=False, strict=True)
    """Everyone may ask for a tip (``POST /api/tables/{id}/tip``); without it only a person
    whose every other seat is a bot."""


class WhatIf(BaseModel):
    """``POST /api/tables/{id}/games/{n}/what-if``: play a finished game on from a step."""

    model_config = ConfigDict(extra="forbid")

    step: int = Field(ge=1, le=1000, strict=True)
    """The step of the game's history to play on from (1: before its first action)."""
    seat: int | None = Field(default=None, ge=0, le=3, strict=True)
    """The seat to play (default: the seat to move at that step)."""
    player: Name | None = Field(default=None, max_length=30)


class JoinTable(BaseModel):
    """``POST /api/tables/{id}/join``: take a free seat with the invitation."""

    model_config = ConfigDict(extra="forbid")

    invite: str = Field(max_length=64)
    name: Name = Field(default="", max_length=30)


class SeatToken(BaseModel):
    """``POST /api/tables/{id}/leave``, ``.../again`` and ``.../seats/{seat}/bot``: the
    secret of the seat that asks (in the body, so that it stays out of logs of URLs)."""

    model_config = ConfigDict(extra="forbid")

    token: str = Field(max_length=64, strict=True)


MAX_ERROR_TEXT: Final = 300
"""The longest error text: it may quote what the client sent, which is cut."""


def error_message(
    code: str, message: str, params: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The ``error`` message for a refusal (its text cut to :data:`MAX_ERROR_TEXT`); with
    ``params``, what a face needs to word it fully (the least time per move, say)."""
    if len(message) > MAX_ERROR_TEXT:
        message = message[: MAX_ERROR_TEXT - 1] + "…"
    out: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if params:
        out["params"] = dict(params)
    return out


class SeatClaim(BaseModel):
    """A seat a browser holds as a guest (its table and token), to keep with an account."""

    model_config = ConfigDict(extra="forbid", strict=True)

    table: Annotated[str, Field(max_length=32)]
    token: Annotated[str, Field(max_length=64)]


class Credentials(BaseModel):
    """``POST /api/accounts`` (sign up) and ``POST /api/login``: a name and a password;
    ``seats``: the guest seats this browser holds, kept with the account."""

    model_config = ConfigDict(extra="forbid", strict=True)

    name: Name = Field(max_length=30)
    password: Annotated[str, Field(max_length=200)]
    seats: list[SeatClaim] = Field(default_factory=list, max_length=200)


class PasswordChange(BaseModel):
    """``POST /api/me/password``: the current password and the new one."""

    model_config = ConfigDict(extra="forbid", strict=True)

    password: Annotated[str, Field(max_length=200)]
    new_password: Annotated[str, Field(max_length=200)]


class PasswordConfirm(BaseModel):
    """``DELETE /api/me``: the password, to confirm."""

    model_config = ConfigDict(extra="forbid", strict=True)

    password: Annotated[str, Field(max_length=200)]


class KeepSeats(BaseModel):
    """``POST /api/me/seats``: guest seats to keep with the logged-in account."""

    model_config = ConfigDict(extra="forbid", strict=True)

    seats: list[SeatClaim] = Field(max_length=200)


class ProfileChoice(BaseModel):
    """``POST /api/me/profile``: whether the profile is public."""

    model_config = ConfigDict(extra="forbid", strict=True)

    public: bool
