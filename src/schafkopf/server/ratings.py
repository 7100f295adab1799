"""The server's ratings: each account's, updated after every rated game, and the bot levels',
anchored by arena matches (``bench/rate_levels.py`` writes ``level_ratings.json``).

A table is rated when its creator marked it so, or when at least two of its seats were taken
by people. After each game of a rated table every seat held by an account is rated
(:func:`schafkopf.ratings.rate`): a person who left is still rated for the game a bot
finished for them. Bot levels keep their anchored ratings, and a guest counts at the
starting rating (neither changes), so a person's rating is on the bots' scale. A game is
rated once: its rows (``rated_games``: table, game, account) are written in the transaction
that updates the ratings, and a game found there is not rated again (say, after a restart).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from sqlalchemy import Float, ForeignKey, Integer, String, func, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Mapped, Session, mapped_column

from schafkopf.players.levels import BY_ID, LEVELS, RATING_KEY
from schafkopf.ratings import Rating, rate
from schafkopf.server.store import _Base

ANCHORS: Final = Path(__file__).resolve().parent / "level_ratings.json"
"""The bot levels' ratings from the arena (``bench/rate_levels.py --write``)."""


class RatingRow(_Base):
    __tablename__ = "ratings"

    key: Mapped[str] = mapped_column(String(80), primary_key=True)
    """``account:<id>``."""
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    updated: Mapped[float] = mapped_column(Float)


class RatedGameRow(_Base):
    __tablename__ = "rated_games"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    game: Mapped[int] = mapped_column(Integer, primary_key=True)
    key: Mapped[str] = mapped_column(String(80), primary_key=True, index=True)
    seat: Mapped[int] = mapped_column(Integer)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    before_mu: Mapped[float] = mapped_column(Float)
    before_sigma: Mapped[float] = mapped_column(Float)
    at: Mapped[float] = mapped_column(Float)


@dataclass(frozen=True)
class RatedGame:
    """One rated game of a player: where, and the rating before and after."""

    table: str
    game: int
    seat: int
    before: Rating
    after: Rating
    at: float


def account_key(account_id: str) -> str:
    return f"account:{account_id}"


def level_key(spec: str) -> str:
    """The key of the bot level a seat's player spec belongs to (``level:<id>``), or of the
    spec itself when no level has it (an operator's free spec)."""
    return RATING_KEY.get(spec) or f"spec:{spec}"


def load_anchors(path: Path = ANCHORS) -> dict[str, Rating]:
    """The bot levels' anchored ratings (none when the file is missing): each level has the
    rating measured for its player spec, whichever level id measured it."""
    if not path.is_file():
        return {}
    data = json.loads(path.read_text())
    by_spec = {
        BY_ID[level_id].spec: Rating(float(r["mu"]), float(r["sigma"]))
        for level_id, r in data["levels"].items()
        if level_id in BY_ID
    }
    return {lv.key: by_spec[lv.spec] for lv in LEVELS if lv.spec in by_spec}


class Ratings:
    """The ratings' rows, over the tables' database."""

    def __init__(self, engine: Engine, anchors: Mapping[str, Rating] | None = None) -> None:
        self.engine = engine
        self.anchors = dict(load_anchors() if anchors is None else anchors)

    @contextmanager
    def _session(self) -> Iterator[Session]:
        with Session(self.engine, expire_on_commit=False) as s, s.begin():
            yield s

    def get(self, key: str | None) -> Rating:
        """A player's rating: an account's stored one, a bot level's anchor, else the start."""
        if key is None:
            return Rating()
        if key in self.anchors:
            return self.anchors[key]
        with self._session() as s:
            row = s.get(RatingRow, key)
            return Rating() if row is None else Rating(row.mu, row.sigma)

    def games(self, key: str) -> int:
        with self._session() as s:
            row = s.get(RatingRow, key)
            return 0 if row is None else int(row.games)

    def apply(
        self, table_id: str, game: int, keys: Sequence[str | None], record: Mapping[str, Any]
    ) -> list[Rating] | None:
        """Rate finished game ``game`` of a table: ``keys`` per seat (None: a guest). Only
        ``account:`` keys change; a game rated before is not rated again (None then, and
        for a game that rates nobody)."""
        rated = [k is not None and k.startswith("account:") for k in keys]
        if not any(rated):
            return None
        now = time.time()
        with self._session() as s:
            done = s.scalars(
                select(RatedGameRow.key).where(
                    RatedGameRow.table_id == table_id, RatedGameRow.game == game
                )
            ).first()
            if done is not None:
                return None
            before = []
            for k in keys:
                row = s.get(RatingRow, k) if k is not None and k.startswith("account:") else None
                if row is not None:
                    before.append(Rating(row.mu, row.sigma))
                else:
                    before.append(self.anchors.get(k or "", Rating()))
            fixed = [seat for seat, r in enumerate(rated) if not r]
            after = rate(before, record, fixed=fixed)
            if after is None:
                return None
            for seat, k in enumerate(keys):
                if not rated[seat] or k is None:
                    continue
                b, a = before[seat], after[seat]
                row = s.get(RatingRow, k)
                if row is None:
                    s.add(RatingRow(key=k, mu=a.mu, sigma=a.sigma, games=1, updated=now))
                else:
                    row.mu, row.sigma, row.games, row.updated = a.mu, a.sigma, row.games + 1, now
                s.add(
                    RatedGameRow(table_id=table_id, game=game, key=k, seat=seat, mu=a.mu,
                                 sigma=a.sigma, before_mu=b.mu, before_sigma=b.sigma, at=now)
                )  # fmt: skip
            return after

    def history(self, key: str, most: int = 500) -> list[RatedGame]:
        """A player's rated games, oldest first (the last ``most``)."""
        with self._session() as s:
            rows = s.scalars(
                select(RatedGameRow)
                .where(RatedGameRow.key == key)
                .order_by(RatedGameRow.at.desc())
                .limit(most)
            ).all()
            return [
                RatedGame(r.table_id, r.game, r.seat, Rating(r.before_mu, r.before_sigma),
                          Rating(r.mu, r.sigma), r.at)
                for r in reversed(rows)
            ]  # fmt: skip

    def leaderboard(self, min_games: int, most: int = 100) -> list[tuple[str, Rating, int]]:
        """The accounts with at least ``min_games`` rated games, best ordinal first."""
        with self._session() as s:
            ordinal = RatingRow.mu - 3.0 * RatingRow.sigma
            rows = s.execute(
                select(RatingRow.key, RatingRow.mu, RatingRow.sigma, RatingRow.games)
                .where(RatingRow.games >= min_games)
                .order_by(ordinal.desc(), RatingRow.key)
                .limit(most)
            ).all()
            return [(str(k), Rating(float(m), float(sg)), int(g)) for k, m, sg, g in rows]

    def count(self) -> int:
        with self._session() as s:
            return int(s.scalar(select(func.count()).select_from(RatingRow)) or 0)
