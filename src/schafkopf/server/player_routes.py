"""Players' standing: rating games as they finish, the leaderboard and the profiles.

``GET /api/leaderboard`` lists the accounts with at least ``leaderboard_min_games`` rated
games, best first (by ``mu - 3 sigma``), and the bot levels' anchored ratings beside them,
in the ladder's order, weakest first (the page shows them from the strongest).
``GET /api/players/{name}`` is a player's profile: the statistics of their finished games
(those of ``schafkopf stats``), accuracy and luck (a game, per money unit) over the games
that were analysed, the rating and its history, and the recent games. A private profile is
shown to its owner only (``private_profile``; an unknown name: ``no_player``); a game still
running shows nothing of itself, nor does the day's duplicate challenge until the day is
over, nor a game played on from a replay (its first steps were another's). A private
account stands on the leaderboard without its name (but for its owner).
"""

from __future__ import annotations

import asyncio
import statistics
from typing import Any

from fastapi import FastAPI, Request

from schafkopf.players.levels import LISTED
from schafkopf.scoring import tariff_unit
from schafkopf.server.account_routes import Logins
from schafkopf.server.accounts import Account, AccountStore
from schafkopf.server.challenge import today
from schafkopf.server.hub import Hub
from schafkopf.server.ratings import Ratings, account_key, level_key
from schafkopf.server.settings import ServerSettings
from schafkopf.server.table import HUMAN, Table, TableError, is_rated


def seat_keys(table: Table, accounts: AccountStore) -> list[str | None]:
    """Who each seat is for the ratings: an account, a bot level, or None (a guest)."""
    keys: list[str | None] = []
    for seat, kind in enumerate(table.config.seats):
        holder = accounts.seat_holder(table.id, seat)
        if holder is not None:
            keys.append(account_key(holder))
        elif kind != HUMAN:
            keys.append(level_key(kind))
        else:
            keys.append(None)
    return keys


def add_player_routes(
    app: FastAPI,
    hub: Hub,
    accounts: AccountStore,
    ratings: Ratings,
    logins: Logins,
    settings: ServerSettings,
) -> None:
    """Rate each finished game of a rated table; the leaderboard and profile routes."""

    def rate_finished(table: Table, number: int) -> None:
        if is_rated(table):
            ratings.apply(table.id, number, seat_keys(table, accounts), table.record(number))

    hub.game_over_hooks.append(rate_finished)

    @app.get("/api/leaderboard")
    async def leaderboard(request: Request) -> dict[str, Any]:
        login = logins.of(request)
        rows = []
        for rank, (key, rating, games) in enumerate(
            ratings.leaderboard(settings.leaderboard_min_games), 1
        ):
            account = accounts.get(key.removeprefix("account:"))
            if account is None:
                continue
            own = login is not None and login.account.id == account.id
            rows.append({"rank": rank, "name": account.name if account.public or own else None,
                         "public": account.public, "own": own, "games": games,
                         "rating": rating.to_json()})  # fmt: skip
        levels = [
            {**lv.to_json(), "rating": ratings.anchors[key].to_json()}
            for lv in LISTED
            if (key := lv.key) in ratings.anchors
        ]
        return {"min_games": settings.leaderboard_min_games, "players": rows, "levels": levels}

    @app.get("/api/players/{name:path}")
    async def profile(name: str, request: Request) -> dict[str, Any]:
        account = accounts.by_name(name) if "\x00" not in name else None
        if account is None:
            raise TableError("no_player", f"no player {name!r}")
        login = logins.of(request)
        own = login is not None and login.account.id == account.id
        if not account.public and not own:
            raise TableError("private_profile", f"{account.name}'s profile is private")
        return await asyncio.to_thread(_profile, hub, accounts, ratings, account, own)


def _profile(
    hub: Hub, accounts: AccountStore, ratings: Ratings, account: Account, own: bool
) -> dict[str, Any]:
    """A player's figures from the records of their finished games."""
    from schafkopf.stats import compute_stats

    records: list[dict[str, Any]] = []
    recent: list[dict[str, Any]] = []
    accuracy: list[float] = []
    luck: dict[str, list[float]] = {}
    """Per money unit (games of tariffs in different units are not added up)."""
    for table_id, seat, _token in accounts.seats(account.id):
        try:
            table = hub.readable(table_id)
        except TableError:
            continue
        if table.config.challenge and table.config.challenge >= today():
            continue  # the day's challenge: its deals say nothing until the day is over
        if table.config.played_on:
            continue  # a game played on from a replay: part of it someone else's, not a game
        games: list[dict[str, Any]] = []
        unit = tariff_unit(table.rules)
        for number in range(1, len(table.finished) + 1):
            record = table.record(number)
            record["players"] = list(record.get("players") or [])
            record["players"][seat] = account.name  # also where a bot finished for them
            records.append(record)
            result = record.get("result") or {}
            payouts = result.get("payouts") or []
            games.append({
                "table": table_id, "game": number, "seat": seat, "unit": unit,
                "contract": record.get("contract"), "declarers": result.get("declarers", []),
                "payout": payouts[seat] if payouts else 0, "players": record["players"],
            })  # fmt: skip
            analysis = hub.store.analysis(table_id, number)
            if analysis is not None:
                for s in analysis.get("seats", []):
                    if s.get("seat") == seat:
                        accuracy.append(float(s["accuracy"]))
                        luck.setdefault(unit, []).append(float(s["luck"]))
        recent.extend(reversed(games))  # tables newest first, their games newest first
    stats = compute_stats(records).player(account.name)
    key = account_key(account.id)
    history = [
        {
            "table": g.table,
            "game": g.game,
            "at": g.at,
            "before": g.before.to_json(),
            "rating": g.after.to_json(),
        }
        for g in ratings.history(key)
    ]
    return {
        "name": account.name,
        "public": account.public,
        "own": own,
        "since": account.created,
        "stats": stats.to_json() if stats is not None else None,
        "analysed": {
            "games": len(accuracy),
            "accuracy": round(statistics.mean(accuracy), 1) if accuracy else None,
            "luck": {u: round(statistics.mean(x), 2) for u, x in luck.items()},
        },
        "rating": {**ratings.get(key).to_json(), "games": ratings.games(key)},
        "history": history,
        "recent": recent[:20],
    }
