"""A session: an agreed number of games with dealer rotation, the Stock and a running ledger.

Each finished game is appended to the session file (JSON Lines: a header, then one record per
game) and flushed to disk at once; a face may also append each action of the game in progress
(:meth:`Session.record_action`, lines ``{"game": n, "act": [seat, action]}``), so that
:meth:`Session.resume` continues that game where it stopped instead of dealing it anew.
:meth:`Session.resume` reads the file back and replays every record through the engine.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from schafkopf.errors import SchafkopfError
from schafkopf.game import Game, IllegalActionError
from schafkopf.record import RecordError, game_to_record, record_to_game
from schafkopf.rules import RulesError, Ruleset

SESSION_FORMAT: Final = "schafkopf-session/1"


class SessionError(SchafkopfError):
    """A session file that cannot be read or does not fit the session, or a session that
    cannot be set up. ``reason`` says which: ``seats`` (``players``, ``names``), ``bad_games``
    (``games``), ``games_played`` (``games``, ``played``: fewer than are played); a file's
    ``cannot_read`` (``why``), ``not_utf8`` (``byte``), ``empty``,
    ``not_json``, ``not_header``, ``bad_header`` (``error``: the ``seats`` or ``bad_games``
    error), ``bad_rules`` (``error``: the :class:`RulesError`),
    ``bad_record`` (``detail``), ``not_finished``, ``out_of_order`` (``game``, ``played``),
    ``bad_act``, ``replay`` (``game``, ``detail``): each with the ``path`` and, where it is
    known, the ``line`` (from 1)."""

    code = "bad_session"


class Session:
    """Games in a row at one table: who deals next, the Stock, and each player's balance.

    ``games`` is the agreed number of games (0: open-ended); with ``until_equal`` the session
    goes on past it until every seat has dealt equally often. An all-pass redeal counts as a
    game and the same dealer deals again.
    """

    def __init__(
        self,
        rules: Ruleset,
        players: Sequence[str],
        *,
        games: int = 16,
        until_equal: bool = False,
        first_dealer: int = 0,
        seed: int | None = None,
        path: str | Path | None = None,
        settings: Mapping[str, Any] | None = None,
    ) -> None:
        if len(players) != rules.players:
            raise SessionError(
                f"the rules seat {rules.players} players, got {len(players)} names", "seats",
                players=rules.players, names=len(players),
            )  # fmt: skip
        if games < 0:
            raise SessionError(
                f"games must be 0 (open-ended) or more, got {games}", "bad_games", games=games
            )
        self.rules = rules
        self.players = list(players)
        self.games = games
        self.until_equal = until_equal
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
        self.first_dealer = first_dealer
        self.settings = dict(settings or {})
        """What the face that plays the session remembers with it (the terminal: the
        opponents, the language, the deck, the unit), kept in the file's header."""
        self.path = Path(path) if path is not None else None
        self.records: list[dict[str, Any]] = []
        self.balances = [0] * rules.players
        self.stock = 0
        self.dealer = first_dealer
        self.deals = [0] * rules.players
        self.pending: list[tuple[int, int]] = []
        """Actions of the game in progress read back by :meth:`resume`; :meth:`new_game`
        replays them."""
        if self.path is not None and not self.path.exists():
            self._write_line(self._header())

    def set_games(self, games: int) -> None:
        """Play on to ``games`` in all (0: open-ended), or stop earlier: a finished session
        extended by the person. The file's header is rewritten whole (a new file renamed over
        the old one, so a crash leaves one or the other). Fewer games than are played raise
        :class:`SessionError` (``games_played``)."""
        if games < 0:
            raise SessionError(
                f"games must be 0 (open-ended) or more, got {games}", "bad_games", games=games
            )
        if 0 < games < self.played:
            raise SessionError(
                f"games must be 0 (open-ended) or at least the {self.played} played, got {games}",
                "games_played", games=games, played=self.played,
            )  # fmt: skip
        self.games = games
        if self.path is None:
            return
        lines = self.path.read_text(encoding="utf-8").splitlines(keepends=True)
        header = json.loads(lines[0]) | {"games": games}  # any other key kept as it is
        lines[0] = json.dumps(header, ensure_ascii=False) + "\n"
        fresh = self.path.with_name(self.path.name + ".new")
        with open(fresh, "w", encoding="utf-8") as f:
            f.writelines(lines)
            f.flush()
            os.fsync(f.fileno())
        os.replace(fresh, self.path)

    def _header(self) -> dict[str, Any]:
        return {
            "format": SESSION_FORMAT,
            "rules": self.rules.to_json(),
            "players": self.players,
            "games": self.games,
            "until_equal": self.until_equal,
            "first_dealer": self.first_dealer,
            "seed": self.seed,
            **({"settings": self.settings} if self.settings else {}),
        }

    @classmethod
    def resume(cls, path: str | Path) -> Session:
        """Read a session file back: every finished game is replayed and checked. A last
        line cut short by a crash is cut off the file, so that the lines appended next
        follow whole ones."""
        p = Path(path)
        try:
            raw = p.read_bytes()
            lines = [ln for ln in raw.decode("utf-8").splitlines() if ln.strip()]
        except OSError as e:
            raise SessionError(
                f"{p}: cannot read: {e.strerror}", "cannot_read", path=str(p), why=e.strerror
            ) from None
        except UnicodeDecodeError as e:
            raise SessionError(
                f"{p}: not a session file (not UTF-8 text, byte {e.start})", "not_utf8",
                path=str(p), byte=e.start,
            ) from None  # fmt: skip
        if not lines:
            raise SessionError(f"{p}: empty session file", "empty", path=str(p))
        try:
            head = json.loads(lines[0])
        except json.JSONDecodeError as e:
            raise SessionError(
                f"{p}:1: not JSON: {e.msg}", "not_json", path=str(p), line=1
            ) from None
        if not isinstance(head, dict) or head.get("format") != SESSION_FORMAT:
            raise SessionError(
                f"{p}:1: not a {SESSION_FORMAT} header", "not_header", path=str(p), line=1
            )
        try:
            rules = Ruleset.from_json(head.get("rules"))
        except RulesError as e:
            raise SessionError(f"{p}:1: {e}", "bad_rules", path=str(p), line=1, error=e) from None
        try:
            s = cls(
                rules,
                head["players"],
                games=head.get("games", 16),
                until_equal=head.get("until_equal", False),
                first_dealer=head.get("first_dealer", 0),
                seed=head.get("seed"),
                path=None,
                settings=head["settings"] if isinstance(head.get("settings"), dict) else None,
            )
        except SessionError as e:  # the header's players or games do not fit
            raise SessionError(f"{p}:1: {e}", "bad_header", path=str(p), line=1, error=e) from None
        except (KeyError, TypeError) as e:  # a field missing, or of the wrong type
            detail = f"no {e}" if isinstance(e, KeyError) else str(e)
            raise SessionError(
                f"{p}:1: not a {SESSION_FORMAT} header: {detail}", "not_header",
                path=str(p), line=1,
            ) from None  # fmt: skip
        for lineno, line in enumerate(lines[1:], 2):
            try:
                rec = json.loads(line)
                if isinstance(rec, dict) and "act" in rec:
                    s._read_action(rec)
                    continue
                game = record_to_game(rec)
            except json.JSONDecodeError:
                if lineno == len(lines) and not raw.rstrip(b" \t").endswith(b"\n"):
                    cut = raw.rfind(b"\n") + 1  # a line cut short by a crash: the action lost
                    os.truncate(p, cut)
                    break
                raise SessionError(
                    f"{p}:{lineno}: not JSON", "not_json", path=str(p), line=lineno
                ) from None
            except RecordError as e:
                raise SessionError(
                    f"{p}:{lineno}: {e}", "bad_record", path=str(p), line=lineno, detail=str(e)
                ) from None
            except SessionError as e:  # an action line: say where it is
                raise SessionError(
                    f"{p}:{lineno}: {e}", e.reason, path=str(p), line=lineno, **e.params
                ) from None
            if not game.is_over():
                raise SessionError(
                    f"{p}:{lineno}: the game is not finished", "not_finished",
                    path=str(p), line=lineno,
                )  # fmt: skip
            s._account(game, rec)
            s.pending = []
        try:
            s.new_game()  # checks the game in progress
        except SessionError as e:
            raise SessionError(f"{p}: {e}", e.reason, path=str(p), **e.params) from None
        s.path = p
        return s

    def _read_action(self, rec: dict[str, Any]) -> None:
        act = rec.get("act")
        if rec.get("game") != self.played + 1:
            raise SessionError(
                f"an action of game {rec.get('game')!r} after game "
                f"{self.played} was booked", "out_of_order",
                game=rec.get("game"), played=self.played,
            )  # fmt: skip
        if (
            not isinstance(act, list)
            or len(act) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in act)
        ):
            raise SessionError("act must be [seat, action]", "bad_act")
        self.pending.append((act[0], act[1]))

    # -- flow -----------------------------------------------------------------------------------

    @property
    def played(self) -> int:
        """Games finished so far."""
        return len(self.records)

    def is_over(self) -> bool:
        """True when the agreed games are played (and, with ``until_equal``, deals are even)."""
        if self.games == 0 or self.played < self.games:
            return False
        return not self.until_equal or len(set(self.deals)) == 1

    def new_game(self) -> Game:
        """The next game: the next dealer, a deal from the session's seed, the current Stock;
        after :meth:`resume`, with the actions already taken in it (:attr:`pending`)."""
        rng = random.Random(f"{self.seed}:{self.played}")
        game = Game(self.rules, dealer=self.dealer, seed=rng, stock=self.stock)
        for seat, action in self.pending:
            try:
                game.apply(action, seat)
            except IllegalActionError as e:
                raise SessionError(
                    f"game {self.played + 1} in progress: {e}", "replay",
                    game=self.played + 1, detail=str(e),
                ) from None  # fmt: skip
        return game

    def record_action(self, seat: int, action: int) -> None:
        """Append one action of the game in progress to the file (and to :attr:`pending`), so
        that :meth:`resume` continues the game there."""
        self.pending.append((seat, action))
        if self.path is not None:
            self._write_line({"game": self.played + 1, "act": [seat, action]})

    def finish_game(self, game: Game, meta: dict[str, Any] | None = None) -> dict[str, Any]:
        """Book a finished game: ledger, Stock, next dealer; append it to the file."""
        if not game.is_over():
            raise SessionError("only a finished game can be booked", "not_finished")
        rec = game_to_record(game, self.players, {"game": self.played + 1, **(meta or {})})
        if self.path is not None:
            self._write_line(rec)
        self._account(game, rec)
        self.pending = []
        return rec

    def _account(self, game: Game, rec: dict[str, Any]) -> None:
        result = game.result()
        for s, p in enumerate(result.payouts):
            self.balances[s] += p
        self.stock += result.stock
        self.deals[game.dealer] += 1
        self.records.append(rec)
        if result.contract is not None:  # after a redeal the same dealer deals again
            self.dealer = (game.dealer + 1) % self.rules.players

    def ledger(self) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
        """One row per game: (game number, payouts, running balances)."""
        rows = []
        running = [0] * self.rules.players
        for i, rec in enumerate(self.records, 1):
            pay = tuple(rec["result"]["payouts"])
            running = [a + b for a, b in zip(running, pay, strict=True)]
            rows.append((i, pay, tuple(running)))
        return rows

    def _write_line(self, obj: dict[str, Any]) -> None:
        assert self.path is not None
        with open(self.path, "a", encoding="utf-8") as f:
            f.write(json.dumps(obj, ensure_ascii=False) + "\n")
            f.flush()
            os.fsync(f.fileno())
