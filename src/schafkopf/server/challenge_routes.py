"""The HTTP face of the duplicate challenge (see :mod:`schafkopf.server.challenge`).

``GET /api/challenges/today`` names the day's challenge. ``GET /api/challenges/{day}`` gives
its state: the deals, the bots, whether it is ranked (its own day), the caller's deals with
their payouts and the next to play, the leaderboard, and once the caller has finished every
deal (or the day is over) everyone's results on each deal. ``POST
/api/challenges/{day}/play`` (logged in, with the CSRF token) gives the table of the
caller's next deal (the one under way, else a new one), and only then its cards:
``challenge_done`` once all are played.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from fastapi import FastAPI, Request

from schafkopf.players.levels import BY_ID
from schafkopf.server.account_routes import Logins
from schafkopf.server.accounts import AccountStore
from schafkopf.server.challenge import (
    DEALS,
    PRESET,
    SEAT,
    Challenges,
    Entry,
    finished_all,
    leaderboard,
    parse_day,
    scores,
    today,
)
from schafkopf.server.hub import Hub
from schafkopf.server.settings import ServerSettings
from schafkopf.server.table import HUMAN, Table, TableConfig, TableError


def add_challenge_routes(
    app: FastAPI,
    hub: Hub,
    accounts: AccountStore,
    challenges: Challenges,
    logins: Logins,
    settings: ServerSettings,
) -> None:
    """The challenge's routes, and the hook that stores each finished deal's payout."""
    if settings.challenge_bots not in BY_ID:
        raise ValueError(f"challenge_bots must be a bot level: one of {', '.join(BY_ID)}")

    def finished(table: Table, number: int) -> None:
        if table.config.challenge:
            payout = table.record(number)["result"]["payouts"][SEAT]
            challenges.finish(table.id, int(payout))

    hub.game_over_hooks.append(finished)

    def names(entries: list[Entry]) -> dict[str, str]:
        out = {}
        for account_id in {e.account_id for e in entries}:
            account = accounts.get(account_id)
            out[account_id] = account.name if account is not None else "?"
        return out

    @app.get("/api/challenges/today")
    async def challenge_today() -> dict[str, Any]:
        return {"day": today(), "deals": DEALS}

    @app.get("/api/challenges/{day}")
    async def challenge_state(day: str, request: Request) -> dict[str, Any]:
        day = _day(day)
        everyone = challenges.entries(day)
        login = logins.of(request)
        mine = [e for e in everyone if login is not None and e.account_id == login.account.id]
        done = finished_all(mine)
        shown = names(everyone)
        played = {e.deal for e in mine}
        open_deal = next((e.deal for e in mine if e.payout is None), None)
        upcoming = next((k for k in range(DEALS) if k not in played), None)
        level = BY_ID.get(settings.challenge_bots)
        out: dict[str, Any] = {
            "day": day,
            "deals": DEALS,
            "preset": PRESET,
            "bots": level.to_json() if level is not None else {"id": settings.challenge_bots},
            "ranked": day == today(),
            "mine": [
                {"deal": e.deal, "table": e.table_id, "payout": e.payout, "ranked": e.ranked}
                for e in mine
            ],
            "next": open_deal if open_deal is not None else upcoming,
            "done": done,
            "leaderboard": leaderboard(everyone, shown),
        }
        if done or day < today():
            per = scores(everyone)
            out["results"] = [
                [
                    {"name": shown[e.account_id], "payout": e.payout, "table": e.table_id,
                     "score": round(per.get(e.account_id, {}).get(k, 0.0), 2),
                     "ranked": e.ranked}
                    for e in everyone
                    if e.deal == k and e.payout is not None
                ]
                for k in range(DEALS)
            ]  # fmt: skip
        return out

    @app.post("/api/challenges/{day}/play")
    async def challenge_play(day: str, request: Request) -> dict[str, Any]:
        day = _day(day)
        login = logins.checked(request)
        account = login.account
        mine = challenges.entries(day, account.id)
        running = next((e for e in mine if e.payout is None), None)
        if running is not None:
            table = hub.readable(running.table_id)
            if table.finished:  # over, but its payout was not stored (a crash at its end)
                finished(table, 1)
                return await challenge_play(day, request)
            token = next(
                (tok for t, _s, tok in accounts.seats(account.id) if t == running.table_id), None
            )
            return {"table": running.table_id, "seat": SEAT, "token": token,
                    "deal": running.deal}  # fmt: skip
        played = {e.deal for e in mine}
        deal = next((k for k in range(DEALS) if k not in played), None)
        if deal is None:
            raise TableError("challenge_done", "every deal of this challenge is played")
        hands, dealer, seed = challenges.deal(day, deal)
        config = TableConfig.build(
            preset=PRESET,
            games=1,
            seats=[HUMAN if s == SEAT else settings.challenge_bots for s in range(4)],
            seed=seed,
            name=f"{day} {deal + 1}/{DEALS}",
        )
        config = dataclasses.replace(config, deal=hands, dealer=dealer, challenge=day)
        table_id, _invite, seat, token = hub.create(config, account.name)
        assert seat == SEAT and token is not None
        if not challenges.add(day, account.id, deal, table_id, ranked=day == today()):
            hub.close(table_id)  # another request made this deal's table at the same moment
            raise TableError("conflict", "that deal's table was made just now: ask again")
        accounts.keep_seat(account.id, table_id, seat, token)
        return {"table": table_id, "seat": seat, "token": token, "deal": deal}


def challenge_guard(table: Table, challenges: Challenges, logins: Logins, request: Request) -> None:
    """Refuse a challenge game's record, replay or analysis to whoever has not finished the
    challenge yet (everyone, until its day is over)."""
    day = table.config.challenge
    if not day or day < today():
        return
    login = logins.of(request)
    if login is not None and finished_all(challenges.entries(day, login.account.id)):
        return
    raise TableError(
        "challenge_running", "a challenge's games open once you have played all its deals"
    )


def _day(day: str) -> str:
    if day == "today":
        return today()
    try:
        return parse_day(day)
    except ValueError as e:
        raise TableError("bad_day", str(e)) from None
