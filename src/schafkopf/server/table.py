"""One table, authoritative and pure: a session of games, every accepted action, per-seat news.

A :class:`Table` owns the truth of a table: its configuration, the session (dealer rotation,
Stock, ledger), the game in progress and a numbered log of events. It does no I/O; the server
stores each accepted action and rebuilds a table after a restart by replaying those actions
(:meth:`Table.replay`), which yields the same state and the same event numbers.

Every event has a version number (its place in the log). What a seat receives is built for
that seat alone (:meth:`Table.message_for`): the public event (who bid, played or doubled what)
and that seat's view of the game, so no message carries a card the rules have not shown it.
The hands of a finished game are public; they come with its result, and its ``breakdown``
(:func:`schafkopf.scoring.breakdown`) explains the value.

Kontra and Re get a real chance: where a person's chance to double would close with the next
card (before the first card under ``kontra_deadline: before_first_card``; Re right after a
Kontra), the table waits before any card for each such person to say the doubling or "gut"
(:data:`GUT`, no doubling: stored like an action, never the engine's); the public view names
the seats waited on and the wait's deadline (:attr:`Table.waiting_for_doubling`).

Who plays each seat now is the server's to say (:meth:`Table.set_seating`): a person, a bot
of the configuration, nobody yet, or a bot standing in for a person (who left or is away, or
for a seat nobody took). The state names it per seat (``seat_status``, ``stand_in``); only
seats for a person that no bot plays are waited on for Kontra/Re. It changes no version.
"""

from __future__ import annotations

import dataclasses
import json
import math
import random
import secrets
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from schafkopf.actions import DOUBLE, Action, ActionError, action_name, parse_action
from schafkopf.cards import CardSet, card_token
from schafkopf.game import NAMING, PLAY, Game, IllegalActionError, Trick, View
from schafkopf.players.levels import LISTED, SEAT_KIND, level
from schafkopf.players.registry import PlayerSpecError, make_player
from schafkopf.record import game_to_record
from schafkopf.rules import Kind, RulesError, Ruleset
from schafkopf.scoring import breakdown
from schafkopf.server.challenge import today
from schafkopf.session import Session
from schafkopf.tui.render import sort_cards

HUMAN: Final = "human"
"""The seat kind of a person; every other seat kind is a player spec (``heuristic``, ...)."""
MAX_GAMES: Final = 1000
MAX_TURN_SECONDS: Final = 3600
MAX_TARIFF: Final = 100_000
"""The highest price of any tariff (points or cents): payouts stay exact in every JSON client."""
MAX_LAUFENDE: Final = 14
"""The most trumps there are, so the highest Laufende minimum that means anything."""
GUT: Final = 1000
"""The answer "gut" (no doubling) of a person the table waits on for Kontra or Re: stored as
an action row with this reserved number (the engine's actions are far below it), so the
answers survive a restart; replay applies it to the table only, never to the game."""
GUT_NAME: Final = "gut"
DOUBLING_WAIT_SECONDS: Final = 20.0
"""How long a table without a move time waits for a person's Kontra or Re (the server's
``doubling_wait_seconds`` setting overrides it)."""
BOT_NAMES: Final = (
    "Sepp", "Resi", "Hias", "Vroni", "Wastl", "Kathi", "Girgl", "Burgl", "Schorsch", "Zenzi",
    "Maxl", "Liesl",
)  # fmt: skip
"""Bavarian first names for the bots (distinct at one table, drawn by the table's seed)."""


PERSON: Final = "person"
"""Seat status: a person holds the seat and plays it."""
FREE: Final = "free"
"""Seat status: a seat for a person that nobody took yet (and no bot plays)."""
BOT: Final = "bot"
"""Seat status: a bot's seat by the table's configuration."""
LEFT: Final = "left"
"""Seat status: the person left; a bot plays the seat until a person takes it."""
AWAY: Final = "away"
"""Seat status: the person missed several moves in a row; a bot plays the seat until the
person acts or connects again (the person keeps the seat)."""
EMPTY: Final = "empty"
"""Seat status: nobody took the seat for a person; a bot plays it until a person does."""
STAND_IN: Final = frozenset({LEFT, AWAY, EMPTY})
"""The statuses of a seat for a person that a bot plays now."""
SEAT_STATUSES: Final = (PERSON, FREE, BOT, LEFT, AWAY, EMPTY)

_BETWEEN_GAMES: Final = frozenset(
    {"rules", "seats", "kinds", "ledger", "last_result", "public", "creator"}
)
"""The parts of a table's state that change only between games (or never)."""


class TableError(ValueError):
    """A request the table refuses; ``code`` names the reason for clients, ``params`` what a
    face needs to word it fully (the least time per move, the option out of bounds)."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class TableConfig:
    """What a table was created with: rules, length, who sits where, the turn time limit."""

    rules: dict[str, Any]
    """The record form of the rules: ``{"preset": name, ...overrides}``."""
    games: int = 8
    seats: tuple[str, ...] = (HUMAN, "heuristic", "heuristic", "heuristic")
    """Per seat: ``human`` or a bot's player spec."""
    turn_seconds: float = 0.0
    """A person who does not act within this many seconds is replaced by a bot for that
    decision (0: no limit)."""
    seed: int = 0
    name: str = ""
    tips: bool = False
    """The creator allows a "Tipp" for every person (without it only where every other seat
    is a bot)."""
    deals: tuple[tuple[tuple[str, ...], int], ...] = ()
    """The hands (card tokens per seat) and dealer of each game, in order: a friends'
    duplicate table plays another table's deals again (empty: dealt from the seed)."""
    duplicate_of: str = ""
    """The table whose deals this one plays again (seat for seat compared)."""
    challenge: str = ""
    """The duplicate challenge (its day) this table plays a deal of: no tips there."""
    rated: bool = False
    """The creator marked the table rated (without it: rated when two or more people
    play; see :mod:`schafkopf.server.ratings`)."""
    deal: tuple[str, ...] | None = None
    """The hands of the first game (card tokens, per seat), dealt by ``dealer``: a game of
    another table played on ("what if"); None: dealt from the seed."""
    dealer: int = 0
    """The first game's dealer: the dealer of ``deal``, or where the round before ended
    (another round goes on dealing from the seat after the last dealer)."""
    played_from: tuple[str, int, int] | None = None
    """The table, game number and history step (1: before the first action) a game played
    on came from (its end says how that game went and leads back to that step); None for any
    other table."""

    @property
    def played_on(self) -> bool:
        """A game of another table played on from a replay ("what if"): its first steps
        were another's (a challenge's table is dealt its hands too, but is its own game)."""
        return bool(self.deal) and not self.challenge

    @classmethod
    def build(
        cls,
        *,
        preset: str = "standard",
        overrides: dict[str, Any] | None = None,
        games: int = 8,
        seats: Sequence[str] | None = None,
        turn_seconds: float = 0.0,
        seed: int | None = None,
        name: str = "",
        allow_specs: bool = False,
        allow_bot_tables: bool = False,
        tips: bool = False,
        rated: bool = False,
    ) -> TableConfig:
        """A checked configuration; raises :class:`TableError` naming the bad field.

        A seat is ``human`` or a bot level's id (:mod:`schafkopf.players.levels`), stored as
        the level's player spec; ``allow_specs`` also takes any player spec (an operator's
        choice), each built once here so that a bad option is refused now. Without
        ``allow_bot_tables`` a table needs a seat for a person."""
        try:
            rules = Ruleset.preset(preset, overrides or {})
        except RulesError as e:
            raise TableError("bad_rules", str(e)) from None
        _check_bounds(rules)
        n = rules.players
        kinds = list(seats) if seats is not None else [HUMAN] + ["heuristic"] * (n - 1)
        if len(kinds) != n:
            raise TableError("bad_seats", f"the rules seat {n} players, got {len(kinds)} seats")
        specs = [k if k == HUMAN else seat_spec(k, allow_specs) for k in kinds]
        if HUMAN not in specs and not allow_bot_tables:
            raise TableError("bad_seats", "a table needs a seat for a person")
        if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= MAX_GAMES:
            raise TableError("bad_games", f"games must be 1..{MAX_GAMES}, got {games!r}")
        if not 0 <= turn_seconds <= MAX_TURN_SECONDS:
            raise TableError(
                "bad_turn_seconds",
                f"turn_seconds must be 0..{MAX_TURN_SECONDS}, got {turn_seconds}",
            )
        return cls(
            rules=rules.to_json(),
            games=games,
            seats=tuple(specs),
            turn_seconds=float(turn_seconds),
            seed=seed if seed is not None else secrets.randbelow(2**32),
            name=name.strip()[:60],
            tips=tips,
            rated=rated,
        )

    def to_json(self) -> dict[str, Any]:
        """The stored form."""
        return {
            "rules": self.rules,
            "games": self.games,
            "seats": list(self.seats),
            "turn_seconds": self.turn_seconds,
            "seed": self.seed,
            "name": self.name,
            "tips": self.tips,
            **({"rated": True} if self.rated else {}),
            **({"challenge": self.challenge} if self.challenge else {}),
            **(
                {"deals": [[list(h), d] for h, d in self.deals], "duplicate_of": self.duplicate_of}
                if self.deals
                else {}
            ),
            **({"deal": list(self.deal)} if self.deal else {}),
            **({"dealer": self.dealer} if self.deal or self.dealer else {}),
            **({"played_from": list(self.played_from)} if self.played_from else {}),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableConfig:
        """Read the stored form back."""
        return cls(
            rules=dict(data["rules"]),
            games=int(data["games"]),
            seats=tuple(data["seats"]),
            turn_seconds=float(data.get("turn_seconds", 0.0)),
            seed=int(data["seed"]),
            name=str(data.get("name", "")),
            tips=bool(data.get("tips", False)),
            rated=bool(data.get("rated", False)),
            challenge=str(data.get("challenge", "")),
            deals=tuple((tuple(h), int(d)) for h, d in data.get("deals", ())),
            duplicate_of=str(data.get("duplicate_of", "")),
            deal=tuple(data["deal"]) if data.get("deal") else None,
            dealer=int(data.get("dealer", 0)),
            played_from=(
                (
                    str(data["played_from"][0]),
                    int(data["played_from"][1]),
                    int(data["played_from"][2]),
                )
                if data.get("played_from")
                else None
            ),
        )


def seat_spec(kind: str, allow_specs: bool = False) -> str:
    """The player spec for a seat kind: a bot level's id, or (``allow_specs``) a spec, which
    is built once to check its options; raises TableError ``bad_seats``."""
    found = level(kind)
    if found is not None:
        return found.id if found.listed else found.spec  # a ladder level is its own spec
    if not allow_specs:
        ids = ", ".join([HUMAN, *(lv.id for lv in LISTED)])
        raise TableError("bad_seats", f"unknown seat {kind!r}: one of {ids}")
    try:
        make_player(kind)
    except (PlayerSpecError, TypeError, ValueError) as e:
        raise TableError("bad_seats", f"player {kind!r}: {e}") from None
    return kind


def _check_bounds(rules: Ruleset) -> None:
    """Refuse rules a table cannot serve: prices past :data:`MAX_TARIFF`, Laufende minimums
    past the trumps there are, or no game that could ever be played."""
    groups: list[tuple[str, int]] = [("tarif", MAX_TARIFF), ("laufende_min", MAX_LAUFENDE)]
    groups.append(("laufende_min_short", MAX_LAUFENDE))
    for group, most in groups:
        for option, value in dataclasses.asdict(getattr(rules, group)).items():
            if value > most:
                raise TableError(
                    "bad_rules",
                    f"option '{group}.{option}' must be 0..{most}, got {value}",
                    reason="too_high", option=f"{group}.{option}", most=most,
                )  # fmt: skip
    playable = any(rules.allows(k) for k in Kind if k not in (Kind.SIE, Kind.RAMSCH))
    if not playable and not rules.allows(Kind.RAMSCH):
        raise TableError(
            "bad_rules",
            "no contract can be played and all_pass is redeal: no game could ever be played",
            reason="no_game",
        )


@dataclass(frozen=True)
class Event:
    """One entry of a table's log: an accepted action, a new game, or a finished one."""

    version: int
    kind: str
    """``action``, ``game_start`` or ``game_over``."""
    game: int
    """The game's number in the session, from 1."""
    seat: int | None = None
    action: Action | None = None
    public: dict[str, Any] = field(default_factory=dict)
    """What every seat may see of this event (besides its own view)."""


class Table:
    """A table's whole state, rebuilt exactly from its configuration and accepted actions.

    ``doubling_wait_seconds`` is how long a wait for Kontra or Re lasts when the table has no
    move time (``turn_seconds``); ``clock`` gives the wait's deadline (UNIX seconds)."""

    def __init__(
        self,
        table_id: str,
        config: TableConfig,
        names: Sequence[str] | None = None,
        *,
        doubling_wait_seconds: float = DOUBLING_WAIT_SECONDS,
        clock: Callable[[], float] = time.time,
    ):
        self.id = table_id
        self.config = config
        self.rules = Ruleset.from_json(config.rules)
        n = self.rules.players
        self.names = list(names) if names is not None else default_names(config.seats, config.seed)
        if len(self.names) != n:
            raise TableError("bad_seats", f"{n} names needed, got {len(self.names)}")
        self.session = Session(
            self.rules, self.names, games=config.games, seed=config.seed,
            first_dealer=config.dealer,
        )  # fmt: skip
        self.actions: list[tuple[int, Action]] = []
        """Every accepted action of the table, in order: what the store keeps."""
        self.events: list[Event] = []
        self.game: Game | None = None
        self.finished: list[Game] = []
        self.finished_names: list[tuple[str, ...]] = []
        """The seats' names as each finished game ended: its record names who played it, not
        who sits there now (a person who left, a bot for them)."""
        self._results: dict[int, dict[str, Any]] = {}
        self._public: tuple[int, dict[str, Any]] | None = None
        self._table_texts: tuple[tuple[Any, ...], str, str] | None = None
        self._view_text: tuple[int, str] | None = None
        self._game_text: _GameText | None = None
        self._event_texts: dict[int, str] = {}
        self._humans = tuple(s for s, k in enumerate(config.seats) if k == HUMAN)
        self.seat_status: list[str] = [PERSON if k == HUMAN else BOT for k in config.seats]
        self.online: tuple[int, ...] = ()
        """The seats with a connection now."""
        """Who plays each seat now (:data:`SEAT_STATUSES`); the server sets it
        (:meth:`set_seating`), a bare table has a person in each seat for a person."""
        self._people = self._humans
        """The seats for a person no bot plays now: the only ones a wait for Kontra/Re
        waits on."""
        self.public = False
        """Listed in the lobby (anyone may join)."""
        self.creator: int | None = None
        """The seat of the table's creator (who may seat bots in free seats), if any."""
        self.next_table: str | None = None
        """The table made from this one for another round with the same players."""
        self._clock = clock
        self.wait_seconds = (
            config.turn_seconds if config.turn_seconds > 0 else doubling_wait_seconds
        )
        """The length of a wait for Kontra or Re: the move time, else the server's setting."""
        self.waiting_for_doubling: tuple[int, ...] = ()
        """The person seats the table waits on, before the next card, for Kontra/Re or "gut"."""
        self.doubling_deadline: float | None = None
        """When that wait ends (UNIX seconds, this server's clock; None: no wait)."""
        self._window: tuple[int, int, int] | None = None
        """The doubling chance the wait is for: (game, cards played, doublings said)."""
        self._gut: set[int] = set()
        """The seats that said "gut" to that chance."""
        self._start_game()

    # -- state ----------------------------------------------------------------------------------

    @property
    def version(self) -> int:
        """The version of the newest event (0 before any)."""
        return len(self.events)

    def is_over(self) -> bool:
        """True when the session's games are all played."""
        return self.game is None

    @property
    def game_number(self) -> int:
        """The number of the game in progress (or of the last game, once over)."""
        return self.session.played + (0 if self.game is None else 1)

    def to_move(self) -> int | None:
        """The seat whose turn it is, or None once the table is over."""
        return None if self.game is None else self.game.to_move

    def legal(self, seat: int) -> list[Action]:
        """What ``seat`` may do now (a doubling may be legal out of turn; "gut" for a seat the
        table waits on; no card while the table waits)."""
        return [] if self.game is None else _legal_now(self.game, seat, self.waiting_for_doubling)

    # -- acting ---------------------------------------------------------------------------------

    def parse(self, seat: int, action: Any) -> Action:
        """Read an action from a client (a name such as ``EO``, ``weiter``, ``rufspiel G``,
        ``gut``, or its number) and check that ``seat`` may take it now; changes nothing."""
        return self._parse(seat, action, waits=True)

    def _parse(self, seat: int, action: Any, waits: bool) -> Action:
        """:meth:`parse`; without ``waits`` a card is not held back by a wait for Kontra/Re
        (replaying a table stored before the waits were kept)."""
        game = self.game
        if game is None:
            raise TableError("table_over", "the table's games are all played")
        self._check_seat(seat)
        if isinstance(action, bool) or not isinstance(action, (int, str)):
            raise TableError("bad_action", f"an action is a name or a number, got {action!r}")
        if (isinstance(action, str) and action.strip().lower() == GUT_NAME) or action == GUT:
            if seat not in self.waiting_for_doubling:
                raise TableError("illegal", "the table waits for no Kontra or Re of this seat")
            return GUT
        if isinstance(action, str):
            if len(action) > 40:
                raise TableError("bad_action", "an action name is at most 40 characters")
            try:
                a = parse_action(action, naming=game.phase == NAMING)
            except ActionError as e:
                raise TableError("bad_action", str(e)) from None
        else:
            a = action
        if not game.is_legal(a, seat):
            try:
                game.apply(a, seat)  # raises with the precise reason and changes nothing
            except IllegalActionError as e:
                raise TableError("illegal", str(e)) from None
            game.undo()  # not reached: is_legal and apply agree
            raise TableError("illegal", "that action is not legal now")
        if waits and a < 32 and self.waiting_for_doubling:
            seats = ", ".join(str(s) for s in self.waiting_for_doubling)
            raise TableError(
                "illegal", f"no card yet: the table waits for Kontra or Re of seat {seats}"
            )
        return a

    def apply(self, seat: int, action: Action, by: str = "person") -> list[Event]:
        """Apply a checked action (see :meth:`parse`); returns the events it made. An action
        the server made for a person whose time ran out (``by`` "timeout") says so in its
        event (``"by": "timeout"``), so that the page can tell them."""
        game = self.game
        assert game is not None
        before = self.version
        if action == GUT:
            self.actions.append((seat, action))
            self._gut.add(seat)
            public = {"seat": seat, "action": GUT_NAME, "phase": game.phase}
            if by == "timeout":
                public["by"] = by
            self._log("action", seat, action, public)
            self._update_wait()
            return self.events[before:]
        doublings = len(game.doublings)
        phase = game.phase
        game.apply(action, seat)
        self.actions.append((seat, action))
        public = {
            "seat": seat,
            "action": action_name(action, doublings),
            "phase": phase,
        }
        if phase == PLAY and action < 32 and not game.trick and game.tricks:
            last = game.tricks[-1]
            public["trick_won_by"] = last.winner
        if by == "timeout":
            public["by"] = by
        self._log("action", seat, action, public)
        if game.is_over():
            self._finish_game(game)
        self._update_wait()
        return self.events[before:]

    def apply_as_recorded(self, seat: int, action: Action) -> list[Event]:
        """Apply an action of a recorded game played on (no wait for Kontra/Re holds a card
        back: the record's order is the truth)."""
        if self.game is None:
            raise TableError("table_over", "the table's games are all played")
        return self.apply(seat, self._parse(seat, action, waits=False), "record")

    def replay(
        self,
        actions: Sequence[tuple[int, Action]],
        bys: Sequence[str] = (),
        renames: Mapping[int, Sequence[tuple[int, str]]] | None = None,
    ) -> None:
        """Apply stored actions in order (after a restart), each made ``by`` whom it was
        stored with; a bad one raises TableError. A "gut" is applied as stored (it only ends
        a wait), and a card is not held back by a wait: the stored order is the truth. The
        wait in progress, if any, starts afresh. ``renames``: the seats' new names before
        the action of each index (the stored seat changes), so each game keeps its names."""
        renames = renames or {}
        for i, (seat, action) in enumerate(actions):
            for renamed, name in renames.get(i, ()):
                self.rename(renamed, name)
            by = bys[i] if i < len(bys) else "person"
            if action == GUT:
                self._check_seat(seat)
                if self.game is None:
                    raise TableError("table_over", "the table's games are all played")
                self.apply(seat, GUT, by)
            else:
                self.apply(seat, self._parse(seat, action, waits=False), by)
        for renamed, name in renames.get(len(actions), ()):
            self.rename(renamed, name)

    def _update_wait(self) -> None:
        """Find the person seats to wait on before the next card (see
        :func:`closing_doublers`), less those that said "gut" to this chance; a new chance
        gets a new deadline, a "gut" keeps it."""
        game = self.game
        if game is None or game.phase != PLAY or not game.doublings_open or not self._people:
            self._window, self.waiting_for_doubling, self.doubling_deadline = None, (), None
            return
        window = (self.game_number, game.played, len(game.doublings))
        if window != self._window:
            self._window, self._gut, self.doubling_deadline = window, set(), None
        seats = closing_doublers(game, (s for s in self._people if s not in self._gut))
        self.waiting_for_doubling = seats
        if not seats:
            self.doubling_deadline = None
        elif self.doubling_deadline is None:
            # in whole milliseconds, never past the wait's length (rounding might go past)
            self.doubling_deadline = math.floor((self._clock() + self.wait_seconds) * 1000) / 1000

    def _wait_fields(self) -> dict[str, Any]:
        """The wait for Kontra/Re as the public view shows it."""
        waiting = self.waiting_for_doubling
        return {
            "waiting_for_doubling": list(waiting),
            "doubling_deadline": self.doubling_deadline,
            "doubling_wait_seconds": self.wait_seconds if waiting else None,
        }

    # -- what a seat receives -------------------------------------------------------------------

    def message_for(self, seat: int | None, event: Event, state: bool = True) -> dict[str, Any]:
        """The event as ``seat`` receives it: the public part and (with ``state``) its own
        view now. Of several events made at once only the last carries the state, which is
        the state after all of them.

        ``seat`` None is a spectator without a seat: it sees only what is public.
        """
        out = {
            "type": "event",
            "version": event.version,
            "event": {"kind": event.kind, "game": event.game, **event.public},
        }
        if state:
            full = event.kind != "action"
            out["state"] = self.state_for(seat, full=full)
        return out

    def message_text(self, seat: int | None, event: Event, state: bool = True) -> str:
        """:meth:`message_for` as JSON text, spliced from parts that are encoded once per
        version and shared by every seat (the server's hot path)."""
        head = f'{{"type":"event","version":{event.version},"event":{{{self._event_items(event)}}}'
        if not state:
            return head + "}"
        return head + ',"state":' + self._state_text(seat, event.kind != "action") + "}"

    def _event_items(self, event: Event) -> str:
        """The event's public members as JSON text, encoded once for every seat."""
        text = self._event_texts.get(event.version)
        if text is None:
            if len(self._event_texts) > 64:
                self._event_texts.clear()
            text = _items({"kind": event.kind, "game": event.game, **event.public})
            self._event_texts[event.version] = text
        return text

    def _state_text(self, seat: int | None, full: bool) -> str:
        """:meth:`state_for` as JSON text: the table's part changes only between games and the
        game's public view once per version, so both are encoded once and shared."""
        text = "{" + self._table_text(full) + f',"seat":{json.dumps(seat)}'
        game = self.game
        if game is not None:
            text += ',"view":{' + self._public_view_text(game) + "," + self._own_text(game, seat)
            text += "}"
        return text + "}"

    def _table_text(self, full: bool) -> str:
        key = (len(self.finished), *self.names)
        cached = self._table_texts
        if cached is None or cached[0] != key:
            public = self._table_state()
            short = {k: v for k, v in public.items() if k not in _BETWEEN_GAMES}
            cached = self._table_texts = (key, _items(public), _items(short))
        return cached[1] if full else cached[2]

    def _public_view_text(self, game: Game) -> str:
        cached = self._view_text
        if cached is None or cached[0] != self.version:
            gt = self._game_text
            if gt is None or gt.game is not game:
                gt = self._game_text = _GameText(game)
            cached = self._view_text = (self.version, gt.text() + "," + _items(self._wait_fields()))
        return cached[1]

    def _own_text(self, game: Game, seat: int | None) -> str:
        if seat is None:
            return _SPECTATOR_TEXT
        gt = self._game_text
        assert gt is not None and gt.game is game
        choices = _own_choices(game, seat, self.waiting_for_doubling)
        return f'"seat":{seat},"hand":{gt.hand_text(seat)},' + _items(choices)

    def snapshot_for(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` needs to draw the table from nothing (after connecting)."""
        return {"type": "snapshot", "version": self.version, "state": self.state_for(seat)}

    def state_for(self, seat: int | None, full: bool = True) -> dict[str, Any]:
        """The table and game as ``seat`` may know them now: the public state (built once per
        version and shared by every seat) with the seat's own hand, legal actions and partner.

        Without ``full`` the parts that change only between games (rules, seat kinds, ledger,
        last result) are left out: a client keeps them from the snapshot or the last game's
        events (an action's event needs only the game)."""
        public = self._public_state()
        keep = (
            public.items()
            if full
            else ((k, v) for k, v in public.items() if k not in _BETWEEN_GAMES)
        )
        out = dict(keep)
        out["seat"] = seat
        game = self.game
        if game is not None:
            out["view"] = _private_view(game, public["view"], seat, self.waiting_for_doubling)
        return out

    def rename(self, seat: int, name: str) -> None:
        """Give ``seat`` a new name (a person took it)."""
        self._check_seat(seat)
        self.names[seat] = name
        self._public = None

    def set_seating(self, status: Sequence[str]) -> None:
        """Say who plays each seat now (:data:`SEAT_STATUSES`). Only seats for a person that
        no bot plays (a person's, or a free one) are waited on for Kontra/Re, so the wait is
        found again: a seat a bot took over is no longer waited on, a person back in time is
        (within the same deadline)."""
        if len(status) != len(self.seat_status) or not set(status) <= set(SEAT_STATUSES):
            raise TableError("bad_seats", f"not a seating of this table: {list(status)}")
        self.seat_status = list(status)
        self._people = tuple(s for s, st in enumerate(status) if st in (PERSON, FREE))
        if self.game is not None:
            self._update_wait()
        self._changed()

    def set_info(self, *, public: bool, creator: int | None, next_table: str | None = None) -> None:
        """The table's place in the lobby, its creator's seat and the table that follows it."""
        self.public, self.creator, self.next_table = public, creator, next_table
        self._changed()

    def rename_played(self, seat: int, rename: Callable[[str], str]) -> None:
        """Rename ``seat`` in the finished games too (a person's account was deleted: their
        name leaves every game they played)."""
        self._check_seat(seat)
        self.finished_names = [
            tuple(rename(name) if s == seat else name for s, name in enumerate(names))
            for names in self.finished_names
        ]
        self._results.clear()
        self._changed()

    def set_online(self, seats: Iterable[int]) -> bool:
        """Say which seats have a connection now (``online`` in the state: the page marks a
        person's seat without one); True when that changed."""
        online = tuple(sorted(set(seats)))
        if online == self.online:
            return False
        self.online = online
        self._changed()
        return True

    def _changed(self) -> None:
        """Drop the cached state after a change that made no new version."""
        self._public = None
        self._table_texts = None
        self._view_text = None

    def _public_state(self) -> dict[str, Any]:
        cached = self._public
        if cached is not None and cached[0] == self.version:
            return cached[1]
        out = self._table_state()
        if self.game is not None:
            out["view"] = {**_public_view(self.game), **self._wait_fields()}
        self._public = (self.version, out)
        return out

    def _table_state(self) -> dict[str, Any]:
        """The public state without the game's view: it changes only between games."""
        out: dict[str, Any] = {
            "table": self.id,
            "name": self.config.name,
            "names": list(self.names),
            "seats": list(self.config.seats),
            "kinds": [seat_kind(k) for k in self.config.seats],
            "games": self.config.games,
            "turn_seconds": self.config.turn_seconds,
            "game": self.game_number,
            "over": self.is_over(),
            "ledger": self.ledger(),
            "stock": self.session.stock,
            "rules": self.config.rules,
            "public": self.public,
            "creator": self.creator,
            "seat_status": list(self.seat_status),
            "online": list(self.online),
            "stand_in": [s for s, st in enumerate(self.seat_status) if st in STAND_IN],
            "tips": self.config.tips,
            "rated": is_rated(self),
            "challenge": self.config.challenge or None,
            "duplicate_of": self.config.duplicate_of or None,
            "played_on": self.config.played_on,
            "played_from": (
                dict(zip(("table", "game", "step"), self.config.played_from, strict=True))
                if self.config.played_from
                else None
            ),
            "next_table": self.next_table,
        }
        if self.finished:
            out["last_result"] = self.result_json(len(self.finished))
        return out

    def ledger(self) -> list[dict[str, Any]]:
        """One row per finished game: its contract and declarers (None: all passed), the
        value, payouts and running balances; ``names`` where the seats' names then differ
        from today's (a person left or came, a bot played for them)."""
        rows = []
        for (i, pay, run), rec in zip(self.session.ledger(), self.session.records, strict=True):
            result = rec.get("result", {})
            row = {
                "game": i, "payouts": list(pay), "balances": list(run),
                "contract": rec.get("contract"), "declarers": result.get("declarers", []),
                "value": result.get("value", 0),
            }  # fmt: skip
            if 0 < i <= len(self.finished_names) and list(self.finished_names[i - 1]) != self.names:
                row["names"] = list(self.finished_names[i - 1])
            rows.append(row)
        return rows

    def result_json(self, number: int) -> dict[str, Any]:
        """A finished game's result with all hands (public once the game is over; not at a
        duplicate challenge's table during its day: its hands open with the replay, to
        whoever has played all its deals)."""
        cached = self._results.get(number)
        if cached is None:
            rec = self.record(number)
            game = self.finished[number - 1]
            hidden = bool(self.config.challenge) and self.config.challenge >= today()
            cached = self._results[number] = {
                "game": number,
                "names": self.names_of(number),
                "hands": [] if hidden else rec["hands"],
                "contract": rec.get("contract"),
                "result": rec["result"],
                "breakdown": breakdown(
                    game.rules, game.result(), doublings=game.doublings, knocks=game.knocks
                ),
            }
        return cached

    def replay_json(self, number: int) -> dict[str, Any]:
        """A finished game for the replay viewer: the record plus each trick's leader and
        winner (the record leaves those to the engine), every seat's dealt hand sorted in the
        game's order, and the history of bids, knocks and doublings with their names."""
        rec = self.record(number)
        game = self.finished[number - 1]
        tricks = [
            {"leader": t.leader, "cards": [card_token(c) for c in t.cards], "winner": t.winner}
            for t in game.tricks
        ]
        sorted_hands = [
            [
                card_token(c)
                for c in sort_cards(CardSet(game.dealt[s]), game.contract, game.rules.short)
            ]
            for s in range(game.rules.players)
        ]
        return {
            "record": rec,
            "tricks": tricks,
            "names": self.names_of(number),
            "sorted_hands": sorted_hands,
            "history": _history_entries(game.history, 0),
        }

    def record(self, number: int) -> dict[str, Any]:
        """The ``schafkopf-record/1`` record of finished game ``number`` (from 1)."""
        if not 1 <= number <= len(self.finished):
            raise TableError("no_game", f"no finished game {number} at this table")
        return game_to_record(
            self.finished[number - 1], self.names_of(number), {"table": self.id, "game": number}
        )

    def names_of(self, number: int) -> list[str]:
        """The seats' names as finished game ``number`` (from 1) ended."""
        return list(self.finished_names[number - 1])

    # -- internals ------------------------------------------------------------------------------

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not (isinstance(seat, int) and 0 <= seat < self.rules.players):
            raise TableError("bad_seat", f"no seat {seat!r} at this table")

    def _log(
        self,
        kind: str,
        seat: int | None,
        action: Action | None,
        public: dict[str, Any],
        game: int | None = None,
    ) -> None:
        number = self.game_number if game is None else game
        self.events.append(Event(self.version + 1, kind, number, seat, action, public))

    def _start_game(self) -> None:
        if self.session.is_over():
            self.game = None
            return
        c = self.config
        if c.deal and self.session.played == 0:  # a game of another table played on
            self.game = Game(self.rules, dealer=c.dealer, hands=list(c.deal), stock=0)
        elif self.session.played < len(c.deals):  # another table's deals played again
            hands, dealer = c.deals[self.session.played]
            self.game = Game(self.rules, dealer=dealer, hands=list(hands), stock=self.session.stock)
        else:
            self.game = self.session.new_game()
        self._log("game_start", None, None, {"dealer": self.game.dealer})

    def _finish_game(self, game: Game) -> None:
        self.session.finish_game(game)
        self.finished.append(game)
        self.finished_names.append(tuple(self.names))
        number = len(self.finished)
        self._log("game_over", None, None, {"result": self.result_json(number)}, game=number)
        self._start_game()


def default_names(
    seats: Sequence[str], seed: int = 0, people: Mapping[int, str] | None = None
) -> list[str]:
    """The names of a new table's seats: the ``people``'s names where given, "Spieler N" for
    a person's seat nobody took yet, a Bavarian first name for each bot (distinct, drawn by
    the table's seed, never a name a person's seat shows: no "Sepp (Du)" beside a bot Sepp)."""
    people = people or {}
    drawn = random.Random(seed).sample(BOT_NAMES, len(seats))
    taken = {alike_name(name) for name in people.values()}
    spare = iter(n for n in BOT_NAMES if alike_name(n) not in taken and n not in drawn)
    names = []
    for i, kind in enumerate(seats):
        if i in people:
            names.append(people[i])
        elif kind == HUMAN:
            names.append(f"Spieler {i + 1}")
        else:
            bot = drawn[i]
            names.append(bot if alike_name(bot) not in taken else next(spare, bot))
    return names


def alike_name(name: str) -> str:
    """A seat's name without a bot's "(Bot für …)", in one case: to tell if two are alike."""
    return name.split(" (", 1)[0].strip().casefold()


def distinct_name(name: str, names: Sequence[str], seat: int) -> str:
    """A person's ``name`` for ``seat``, with a number where another seat already shows it
    ("Sepp 2" beside a bot Sepp), so that the result and the ledger tell the seats apart."""
    others = {alike_name(n) for s, n in enumerate(names) if s != seat}
    if alike_name(name) not in others:
        return name
    number = 2
    while True:
        suffix = f" {number}"
        numbered = name[: MAX_NAME - len(suffix)].rstrip() + suffix
        if alike_name(numbered) not in others:
            return numbered
        number += 1


MAX_NAME: Final = 30
"""The longest name a seat shows (a person's, or a bot's standing in for one)."""


def is_rated(table: Table) -> bool:
    """Rated: marked so by its creator, or two or more seats taken by people (who may have
    left since); never a table with tips for everyone, nor one whose cards were seen before
    (a game played on, a duplicate, a challenge's deal)."""
    c = table.config
    if c.tips or c.deal or c.deals or c.challenge:
        return False  # tips for everyone, or cards some have seen (a game played on, again)
    people = sum(1 for st in table.seat_status if st in (PERSON, AWAY, LEFT))
    return c.rated or people >= 2


def tips_allowed(config: TableConfig, seat_status: Sequence[str], seat: int) -> bool:
    """Whether ``seat`` may ask for a tip: where every other seat is a bot, or where the
    table's creator allowed tips for everyone; never at a duplicate challenge's table, nor
    where the creator marked the table rated (unless they allowed tips for everyone too,
    which leaves the table unrated: see :func:`is_rated`)."""
    if config.challenge or (config.rated and not config.tips):
        return False  # a challenge's deal, a table its creator marked rated
    return config.tips or all(
        st not in (PERSON, FREE) for s, st in enumerate(seat_status) if s != seat
    )


def stand_in_name(names: Sequence[str], seat: int, seed: int, person: str | None) -> str:
    """The name of a bot that takes ``seat`` for ``person`` (None: for nobody, an empty seat):
    a Bavarian first name no other seat shows, drawn in the table's seeded order, as
    "Sepp (Bot für Anna)" or "Sepp (Bot)", at most :data:`MAX_NAME` characters (the person's
    name cut to fit)."""
    used = {n.split(" (", 1)[0] for s, n in enumerate(names) if s != seat}
    order = random.Random(seed).sample(BOT_NAMES, len(BOT_NAMES))
    bot = next((n for n in order if n not in used), order[0])
    if person is None:
        return f"{bot} (Bot)"
    room = MAX_NAME - len(bot) - len(" (Bot für )")
    if len(person) > room:
        person = person[: room - 1].rstrip() + "…"
    return f"{bot} (Bot für {person})"


def stand_in_bot(name: str) -> str | None:
    """The bot's own name in a name :func:`stand_in_name` made ("Sepp" of "Sepp (Bot für
    Anna)"), or None for any other name."""
    bot, bracket, _ = name.partition(" (Bot")
    return bot if bracket and name.endswith(")") else None


def seat_kind(spec: str) -> str:
    """What sits in a seat, for clients: ``human``, the bot level's id (``level:3``; a table
    of an earlier release keeps its ``heuristic``, ``pimc``, ...), or for an operator's own
    player spec the player's name (``pimc``)."""
    if spec == HUMAN:
        return HUMAN
    return SEAT_KIND.get(spec) or spec.split(":")[0]


def closing_doublers(game: Game, seats: Iterable[int]) -> tuple[int, ...]:
    """Those of ``seats`` whose chance to say the next doubling (Kontra, Re, ...) closes with
    the next card and who have had no turn of their own since it opened: each may say it now,
    could not after the next card, is not the one to play it, and has played no card since
    the game's last doubling (or the first card). Under ``before_first_card`` that is every
    defender before the first card; after a Kontra, the declarer side before the next card;
    under ``before_second_trick`` the defenders played in the first trick, where they could
    say Kontra, so only a Kontra at the last moment makes a wait (for Re)."""
    mover = game.to_move
    if game.phase != PLAY or mover is None or not game.doublings_open:
        return ()
    opened = game.doublings[-1][1] if game.doublings else 0
    candidates = [
        s
        for s in seats
        if s != mover and DOUBLE in game.legal_actions(s) and not _played_since(game, s, opened)
    ]
    if not candidates:
        return ()
    card = next(a for a in game.legal_actions(mover) if a < 32)
    game.apply(card, mover)  # the next card, taken back at once: what would still be legal?
    try:
        return tuple(s for s in candidates if DOUBLE not in game.legal_actions(s))
    finally:
        game.undo()


def _played_since(game: Game, seat: int, since: int) -> bool:
    """Whether ``seat`` played one of the game's cards from number ``since`` (from 0) on."""
    n = game.num_players
    k = 0
    for leader, cards in [
        *((t.leader, t.cards) for t in game.tricks),
        (game.trick_leader, game.trick),
    ]:
        for i in range(len(cards)):
            if k >= since and (leader + i) % n == seat:
                return True
            k += 1
    return False


def view_to_json(game: Game, view: View | None) -> dict[str, Any]:
    """A seat's view as JSON (cards as tokens, actions with their names); ``None``: a spectator,
    who sees only what is public."""
    return _private_view(game, _public_view(game), None if view is None else view.seat)


def _public_view(game: Game) -> dict[str, Any]:
    """What every seat, and a spectator, sees of the game."""
    return {
        **_view_fields(game),
        "history": _history_entries(game.history, 0),
        "tricks": [_trick_json(t) for t in game.tricks],
    }


def _view_fields(game: Game) -> dict[str, Any]:
    """The public view less the history and the tricks (which only grow, see _GameText)."""
    n = game.rules.players
    contract = game.contract
    phase = game.phase
    return {
        "phase": phase,
        "dealer": game.dealer,
        "to_move": game.to_move,
        "knocks": list(game.knocks),
        "contract": contract.to_json() if contract is not None else None,
        "doublings": [s for s, _at in game.doublings],
        "trick_leader": game.trick_leader if phase == PLAY else None,
        "trick": [card_token(c) for c in game.trick],
        "hand_sizes": [h.bit_count() for h in game.hands],
        "points": list(game.points) if phase == PLAY else [0] * n,
    }


def _history_entries(history: Sequence[tuple[int, Action]], doublings: int) -> list[dict[str, Any]]:
    """History entries with action names; ``doublings``: how many came before them."""
    out = []
    for s, a in history:
        out.append({"seat": s, "action": action_name(a, doublings)})
        doublings += a == DOUBLE
    return out


def _trick_json(t: Trick) -> dict[str, Any]:
    return {"leader": t.leader, "cards": [card_token(c) for c in t.cards], "winner": t.winner}


class _GameText:
    """The public view of one game as JSON text, kept from version to version: the history
    and the finished tricks only grow, so each entry is encoded once; likewise each sorted
    hand a seat may hold under the contract."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._history: list[str] = []
        self._doublings = 0
        self._tricks: list[str] = []
        self._hands: dict[tuple[int, Any], str] = {}

    def text(self) -> str:
        """The members of :func:`_public_view` without the braces."""
        game = self.game
        new = game.history[len(self._history) :]
        self._history.extend(_json(e) for e in _history_entries(new, self._doublings))
        self._doublings += sum(a == DOUBLE for _s, a in new)
        for t in game.tricks[len(self._tricks) :]:
            self._tricks.append(_json(_trick_json(t)))
        return (
            _items(_view_fields(game))
            + ',"history":['
            + ",".join(self._history)
            + '],"tricks":['
            + ",".join(self._tricks)
            + "]"
        )

    def hand_text(self, seat: int) -> str:
        """``seat``'s hand as it may see it, sorted by the contract's order, as JSON text."""
        game = self.game
        key = (game.visible_hand(seat), game.contract)
        text = self._hands.get(key)
        if text is None:
            if len(self._hands) > 256:
                self._hands.clear()
            text = self._hands[key] = _json(_sorted_hand(game, seat))
        return text


_SPECTATOR: Final[dict[str, Any]] = {
    "seat": None, "hand": [], "legal": [], "partner": None, "may_double": False,
}  # fmt: skip


def _own_part(game: Game, seat: int | None, waiting: tuple[int, ...] = ()) -> dict[str, Any]:
    """What ``seat`` alone may see: its hand, its legal actions and its partner."""
    if seat is None:
        return _SPECTATOR
    return {"seat": seat, "hand": _sorted_hand(game, seat), **_own_choices(game, seat, waiting)}


def _sorted_hand(game: Game, seat: int) -> list[str]:
    hand = sort_cards(CardSet(game.visible_hand(seat)), game.contract, game.rules.short)
    return [card_token(c) for c in hand]


def _legal_now(game: Game, seat: int, waiting: tuple[int, ...]) -> list[Action]:
    """``seat``'s legal actions while the table waits on ``waiting`` for Kontra/Re: "gut"
    for a seat waited on, and no card for anyone until the wait is over."""
    legal = game.legal_actions(seat)
    if not waiting:
        return legal
    if seat == game.to_move:
        legal = [a for a in legal if a >= 32]
    if seat in waiting:
        legal.append(GUT)
    return legal


def _own_choices(game: Game, seat: int, waiting: tuple[int, ...] = ()) -> dict[str, Any]:
    """``seat``'s legal actions (with their names), its known partner, whether it may double."""
    doublings = len(game.doublings)
    legal = _legal_now(game, seat, waiting)
    return {
        "legal": [
            {"id": a, "name": GUT_NAME if a == GUT else action_name(a, doublings)} for a in legal
        ],
        "partner": game.known_partner(seat),
        "may_double": DOUBLE in legal,
    }


def _private_view(
    game: Game, public: dict[str, Any], seat: int | None, waiting: tuple[int, ...] = ()
) -> dict[str, Any]:
    """``public`` with what ``seat`` alone may see (see :func:`_own_part`)."""
    return {**public, **_own_part(game, seat, waiting)}


def _json(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def _items(obj: dict[str, Any]) -> str:
    """The members of a JSON object without its braces (to splice objects together)."""
    return _json(obj)[1:-1]


_SPECTATOR_TEXT: Final = _items(_SPECTATOR)
