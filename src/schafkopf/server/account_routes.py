"""The HTTP face of accounts: sign up, log in and out, the person's own data.

``POST /api/accounts`` (sign up) and ``POST /api/login`` take ``{"name", "password",
"seats": [{"table", "token"}]}`` (the guest seats this browser holds, kept with the account),
set the login cookie and answer ``{"name", "public", "csrf"}``. Every request that changes
something for a logged-in person carries the session's CSRF token in ``X-CSRF-Token`` (and,
from a browser, its own ``Origin``): ``POST /api/logout``, ``POST /api/logout-everywhere``,
``POST /api/me/password`` ``{"password", "new_password"}`` (other sessions end),
``POST /api/me/profile`` ``{"public"}``, ``POST /api/me/seats`` ``{"seats"}`` and
``DELETE /api/me`` ``{"password"}``. ``GET /api/me`` says who is logged in, with their seats'
tokens (so seats follow a person to any device) and ``GET /api/me/export`` gives all of the
person's data as JSON. Logins are limited per address and per name; a wrong name and a wrong
password are one refusal (``bad_login``), as slow as each other.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import Any, Final
from urllib.parse import urlsplit

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import JSONResponse, Response

from schafkopf.server.accounts import (
    DELETED_NAME,
    PASSWORD_MAX,
    PASSWORD_MIN,
    AccountError,
    AccountStore,
    LoginSession,
    name_key,
)
from schafkopf.server.challenge import today
from schafkopf.server.hub import Hub
from schafkopf.server.limits import RateLimits
from schafkopf.server.protocol import (
    Credentials,
    KeepSeats,
    PasswordChange,
    PasswordConfirm,
    ProfileChoice,
    SeatClaim,
)
from schafkopf.server.settings import ServerSettings
from schafkopf.server.table import TableError

COOKIE: Final = "sk_session"
CSRF_HEADER: Final = "x-csrf-token"


class Logins:
    """Who a request or a WebSocket is logged in as, and whether it may change things."""

    def __init__(self, accounts: AccountStore, settings: ServerSettings) -> None:
        self.accounts = accounts
        self.settings = settings
        self.origins = {o.strip().rstrip("/") for o in settings.allowed_origins.split(",")} - {""}

    def of(self, conn: Request | WebSocket) -> LoginSession | None:
        """The login session of the connection's cookie, or None (a guest)."""
        secret = conn.cookies.get(COOKIE)
        if not secret or len(secret) > 100 or not secret.isascii():
            return None
        return self.accounts.session(secret, most_days=self.settings.session_days)

    def origin_ok(self, conn: Request | WebSocket) -> bool:
        """No Origin (not a browser), the server's own, or one the operator allowed."""
        origin = conn.headers.get("origin")
        if origin is None:
            return True
        host = conn.headers.get("host", "")
        return urlsplit(origin).netloc == host or origin.rstrip("/") in self.origins

    def checked(self, request: Request) -> LoginSession:
        """The login of a request that changes something: logged in, with the session's
        CSRF token in the header and from an allowed origin."""
        login = self.of(request)
        if login is None:
            raise TableError("not_logged_in", "log in first")
        self._check(request, login)
        return login

    def optional(self, request: Request) -> LoginSession | None:
        """The login of a request a guest may make too (create, join): a cookie without the
        CSRF token counts as a guest's request, so another site cannot seat the person."""
        login = self.of(request)
        if login is None:
            return None
        try:
            self._check(request, login)
        except TableError:
            return None
        return login

    def _check(self, request: Request, login: LoginSession) -> None:
        if not self.origin_ok(request):
            raise TableError("bad_origin", "requests from another site are refused")
        sent = request.headers.get(CSRF_HEADER, "")
        if not sent.isascii() or not secrets.compare_digest(sent, login.csrf):
            raise TableError("bad_csrf", f"the {CSRF_HEADER} header is missing or wrong")


def add_account_routes(
    app: FastAPI, hub: Hub, accounts: AccountStore, logins: Logins, settings: ServerSettings
) -> None:
    """The account routes (see the module's docstring)."""
    per_address = RateLimits.per_minute(settings.logins_per_minute)
    per_name = RateLimits.per_minute(settings.logins_per_name)

    def limit(request: Request, name: str) -> None:
        """Refuse a try past the address's limit (every try counts) or the name's (its
        failed tries count: see :func:`failed`)."""
        address = request.client.host if request.client is not None else "unknown"
        if not per_address.allow(address):
            raise TableError(
                "rate_limited", f"at most {settings.logins_per_minute} logins a minute"
            )
        if not per_name.allow(name_key(name)[:60]):
            raise TableError(
                "rate_limited", f"at most {settings.logins_per_name} logins a minute for a name"
            )
        if not logins.origin_ok(request):
            raise TableError("bad_origin", "requests from another site are refused")

    def failed(_name: str, e: AccountError) -> TableError:
        return TableError(e.code, str(e))

    def logged_in(request: Request, login_secret: str, csrf: str, account: Any) -> JSONResponse:
        response = JSONResponse({"name": account.name, "public": account.public, "csrf": csrf})
        response.set_cookie(
            COOKIE,
            login_secret,
            max_age=int(settings.session_days * 86400),
            path="/",
            httponly=True,
            samesite="lax",
            secure=settings.secure_cookies or request.url.scheme == "https",
        )
        return response

    def keep(account_id: str, claims: list[SeatClaim]) -> int:
        """Keep the guest seats whose tokens the browser holds; how many were kept."""
        kept = 0
        for claim in claims:
            if not claim.token.isascii() or "\x00" in claim.table:
                continue
            seat = hub.store.seat_of_token(claim.table, claim.token)
            if seat is not None and accounts.keep_seat(account_id, claim.table, seat, claim.token):
                kept += 1
        return kept

    @app.post("/api/accounts")
    async def sign_up(body: Credentials, request: Request) -> Response:
        name = _account_name(body.name)
        _check_password(body.password)
        limit(request, name)
        try:
            account = await asyncio.to_thread(accounts.create, name, body.password)
        except AccountError as e:
            raise TableError(e.code, str(e)) from None
        secret, csrf = accounts.open_session(account)
        keep(account.id, body.seats)
        return logged_in(request, secret, csrf, account)

    @app.post("/api/login")
    async def login(body: Credentials, request: Request) -> Response:
        limit(request, body.name)
        try:
            account = await asyncio.to_thread(accounts.login, body.name, body.password)
        except AccountError as e:
            raise failed(body.name, e) from None
        secret, csrf = accounts.open_session(account)
        keep(account.id, body.seats)
        return logged_in(request, secret, csrf, account)

    @app.post("/api/logout")
    async def logout(request: Request) -> Response:
        logins.checked(request)
        accounts.end_session(request.cookies[COOKIE])
        return _logged_out()

    @app.post("/api/logout-everywhere")
    async def logout_everywhere(request: Request) -> Response:
        login = logins.checked(request)
        ended = accounts.end_sessions(login.account.id)
        return _logged_out({"ended": ended})

    @app.get("/api/me")
    async def me(request: Request) -> dict[str, Any]:
        login = logins.of(request)
        if login is None:
            raise TableError("not_logged_in", "nobody is logged in in this browser")
        a = login.account
        seats = [
            {"table": t, "seat": seat, "token": token} for t, seat, token in accounts.seats(a.id)
        ]
        return {
            "name": a.name,
            "public": a.public,
            "created": a.created,
            "csrf": login.csrf,
            "seats": seats,
        }

    @app.post("/api/me/password")
    async def change_password(body: PasswordChange, request: Request) -> dict[str, Any]:
        login = logins.checked(request)
        _check_password(body.new_password)
        limit(request, login.account.name)
        if not await asyncio.to_thread(accounts.check, login.account.id, body.password):
            raise failed(
                login.account.name, AccountError("bad_login", "that is not the account's password")
            )
        await asyncio.to_thread(
            accounts.set_password, login.account.id, body.new_password,
            keep=request.cookies[COOKIE],
        )  # fmt: skip
        return {"name": login.account.name, "changed": True}

    @app.post("/api/me/profile")
    async def profile_choice(body: ProfileChoice, request: Request) -> dict[str, Any]:
        login = logins.checked(request)
        accounts.set_public(login.account.id, body.public)
        return {"name": login.account.name, "public": body.public}

    @app.post("/api/me/seats")
    async def keep_seats(body: KeepSeats, request: Request) -> dict[str, Any]:
        login = logins.checked(request)
        return {"kept": keep(login.account.id, body.seats)}

    @app.get("/api/me/export")
    async def export(request: Request) -> Response:
        login = logins.of(request)
        if login is None:
            raise TableError("not_logged_in", "nobody is logged in in this browser")
        data = await asyncio.to_thread(_export, hub, accounts, login)
        return JSONResponse(
            data,
            headers={"content-disposition": 'attachment; filename="schafkopf-data.json"'},
        )

    @app.delete("/api/me")
    async def delete_account(body: PasswordConfirm, request: Request) -> Response:
        login = logins.checked(request)
        limit(request, login.account.name)
        if not await asyncio.to_thread(accounts.check, login.account.id, body.password):
            raise failed(
                login.account.name, AccountError("bad_login", "that is not the account's password")
            )
        seats, old = accounts.delete(login.account.id)
        for table_id, seat in seats:
            hub.rename_person(table_id, seat, old, DELETED_NAME)
        return _logged_out({"deleted": True, "seats": len(seats)})


def _logged_out(body: dict[str, Any] | None = None) -> Response:
    response = JSONResponse(body or {"logged_out": True})
    response.delete_cookie(COOKIE, path="/")
    return response


def _account_name(name: str) -> str:
    """A name for an account: 2 to 30 characters of text, spaces squeezed (also when
    folded for comparison: ``ß`` folds to ``ss``)."""
    shown = " ".join(name.split())
    if not 2 <= len(shown) <= 30 or not all(c.isprintable() for c in shown):
        raise TableError("bad_name", "a name is 2 to 30 printable characters")
    if len(name_key(shown)) > 30:
        raise TableError("bad_name", "a name is 2 to 30 printable characters")
    return shown


def _check_password(password: str) -> None:
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise TableError(
            "weak_password", f"a password is {PASSWORD_MIN} to {PASSWORD_MAX} characters"
        )


def _export(hub: Hub, accounts: AccountStore, login: LoginSession) -> dict[str, Any]:
    """All the person's data: the account, its login sessions, its seats and their games."""
    a = login.account
    tables = []
    for table_id, seat, _token in accounts.seats(a.id):
        try:
            table = hub.readable(table_id)
        except TableError:
            continue
        if table.config.challenge and table.config.challenge >= today():
            continue  # the day's challenge: its hands open after the day (or with its replays)
        games = [table.record(n) for n in range(1, len(table.finished) + 1)]
        tables.append({"table": table_id, "seat": seat, "names": list(table.names),
                       "games": games})  # fmt: skip
    return {
        "format": "schafkopf-account-export",
        "version": 1,
        "exported": time.time(),
        "account": {"name": a.name, "public": a.public, "created": a.created},
        "sessions": [{"created": c, "seen": s} for c, s in accounts.sessions(a.id)],
        "tables": tables,
    }
