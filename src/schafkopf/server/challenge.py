"""The duplicate challenge: each day's 12 deals, played by everyone from the same seat against
the same three bots, scored against everyone's mean on each deal.

A day's deals come from the date and a secret of the server's (kept in the database), so
nobody can compute them beforehand; a participant (logged in) gets a deal's table only once
the previous deal is finished, and sees nothing of a later deal before. Each deal is a table
of one game with the participant in seat 0 and the dealer moving on with the deal (so the
participant plays from each position in turn), the bots seeded by the deal and by what was
played (:func:`schafkopf.server.hub.decision_seed`): two people who play alike get alike
results. A participant's score on a deal is their payout minus the mean of everyone's on
that deal; the day's leaderboard ranks the sum over the deals played that day. A challenge
of an earlier day may still be played: unranked. The records, replays and analyses of a
challenge's games (and so every hand) open to a person once they have finished all its
deals, and to everyone once its day is over (before: ``challenge_running``); the same for
everyone's results on each deal. No tip is given at a challenge's table.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import random
import secrets
import statistics
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import Boolean, Float, ForeignKey, Integer, String, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from schafkopf import Game, Ruleset
from schafkopf.cards import card_token
from schafkopf.server.store import _Base

DEALS: Final = 12
SEAT: Final = 0
"""The participant's seat at every deal (the dealer moves on, so the position changes)."""
PRESET: Final = "sauspiel"


class ChallengeEntryRow(_Base):
    """One participant's table for one deal of a day's challenge, and its payout."""

    __tablename__ = "challenge_entries"

    challenge: Mapped[str] = mapped_column(String(10), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    deal: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), unique=True)
    ranked: Mapped[bool] = mapped_column(Boolean)
    """Played on the challenge's own day."""
    payout: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The participant's payout; None while the deal is being played."""
    started: Mapped[float] = mapped_column(Float)
    finished: Mapped[float | None] = mapped_column(Float, nullable=True)


class ServerSecretRow(_Base):
    """Secrets the server keeps (the challenges' deals are drawn from one)."""

    __tablename__ = "server_secrets"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))


@dataclass(frozen=True)
class Entry:
    challenge: str
    account_id: str
    deal: int
    table_id: str
    ranked: bool
    payout: int | None


def today(now: float | None = None) -> str:
    """The challenge of the day (UTC): ``YYYY-MM-DD``."""
    return dt.datetime.fromtimestamp(time.time() if now is None else now, dt.UTC).date().isoformat()


def parse_day(day: str) -> str:
    """A challenge's date, checked: not after today; raises ValueError."""
    if len(day) != 10:
        raise ValueError("a challenge is a date, YYYY-MM-DD")
    date = dt.date.fromisoformat(day)
    if date.isoformat() > today():
        raise ValueError("that challenge has not begun yet")
    return date.isoformat()


class Challenges:
    """The challenges' rows over the tables' database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._secret: bytes | None = None

    @contextmanager
    def _session(self) -> Iterator[Session]:
        with Session(self.engine, expire_on_commit=False) as s, s.begin():
            yield s

    def secret(self) -> bytes:
        """The server's challenge secret (made on first use, kept in the database)."""
        if self._secret is None:
            try:
                with self._session() as s:
                    if s.get(ServerSecretRow, "challenge") is None:
                        s.add(ServerSecretRow(name="challenge", value=secrets.token_hex(32)))
            except IntegrityError:
                pass  # made at this moment by another request: read it
            with self._session() as s:
                row = s.get(ServerSecretRow, "challenge")
                assert row is not None
                self._secret = bytes.fromhex(row.value)
        return self._secret

    def seed(self, day: str, deal: int) -> int:
        """The seed of a deal: the same for everyone on this server, unknown outside it."""
        mac = hmac.new(self.secret(), f"{day}/{deal}".encode(), hashlib.sha256).digest()
        return int.from_bytes(mac[:8], "big")

    def deal(self, day: str, deal: int) -> tuple[tuple[str, ...], int, int]:
        """A deal's hands (card tokens per seat), its dealer and the seed of its bots."""
        seed = self.seed(day, deal)
        rules = Ruleset.preset(PRESET)
        game = Game(rules, dealer=deal % rules.players, seed=random.Random(seed))
        hands = tuple(" ".join(card_token(c) for c in hand) for hand in game.deal)
        return hands, game.dealer, seed

    def entries(self, day: str, account_id: str | None = None) -> list[Entry]:
        with self._session() as s:
            q = select(ChallengeEntryRow).where(ChallengeEntryRow.challenge == day)
            if account_id is not None:
                q = q.where(ChallengeEntryRow.account_id == account_id)
            rows = s.scalars(q.order_by(ChallengeEntryRow.deal, ChallengeEntryRow.started))
            return [_entry(r) for r in rows]

    def add(self, day: str, account_id: str, deal: int, table_id: str, ranked: bool) -> bool:
        """Store the participant's table for a deal (False: they have one already)."""
        try:
            with self._session() as s:
                s.add(ChallengeEntryRow(challenge=day, account_id=account_id, deal=deal,
                                        table_id=table_id, ranked=ranked, payout=None,
                                        started=time.time(), finished=None))  # fmt: skip
        except IntegrityError:
            return False
        return True

    def finish(self, table_id: str, payout: int) -> Entry | None:
        """A challenge table's game is over: its participant's payout (once)."""
        with self._session() as s:
            row = _row_of_table(s, table_id)
            if row is None:
                return None
            if row.payout is None:
                row.payout, row.finished = payout, time.time()
                row.ranked = row.ranked and today() == row.challenge  # finished on its day
            return _entry(row)


def _row_of_table(s: Session, table_id: str) -> ChallengeEntryRow | None:
    return s.scalars(
        select(ChallengeEntryRow).where(ChallengeEntryRow.table_id == table_id)
    ).first()


def _entry(row: ChallengeEntryRow) -> Entry:
    return Entry(row.challenge, row.account_id, row.deal, row.table_id, row.ranked, row.payout)


def finished_all(entries: list[Entry]) -> bool:
    """Whether a participant's entries cover every deal, each finished."""
    done = {e.deal for e in entries if e.payout is not None}
    return done == set(range(DEALS))


def scores(entries: list[Entry]) -> dict[str, dict[int, float]]:
    """Each ranked participant's score per finished deal: payout minus the deal's mean over
    everyone who finished it on the day."""
    by_deal: dict[int, list[Entry]] = {}
    for e in entries:
        if e.ranked and e.payout is not None:
            by_deal.setdefault(e.deal, []).append(e)
    out: dict[str, dict[int, float]] = {}
    for deal, played in by_deal.items():
        mean = statistics.mean(float(e.payout or 0) for e in played)
        for e in played:
            out.setdefault(e.account_id, {})[deal] = float(e.payout or 0) - mean
    return out


def leaderboard(entries: list[Entry], names: dict[str, str]) -> list[dict[str, Any]]:
    """The day's ranking: the sum of each participant's scores, best first."""
    rows: list[dict[str, Any]] = [
        {"name": names.get(account, "?"), "score": round(sum(per.values()), 2),
         "deals": len(per)}
        for account, per in scores(entries).items()
    ]  # fmt: skip
    rows.sort(key=lambda r: (-r["score"], r["name"]))
    for rank, row in enumerate(rows, 1):
        row["rank"] = rank
    return rows
