"""Accounts against a real ``schafkopf serve`` over loopback: sign up and log in (Argon2id),
the login cookie (HttpOnly, SameSite), CSRF and Origin refusals, rate-limited logins, a
password change that ends the other sessions, logging out everywhere, guest seats kept by
signing up, seats that follow a person to another device (also by a WebSocket that logs in
by cookie, refused from another site), the data export and the deletion (games stay, the
name is replaced). No password, login secret or seat token appears in the server's log."""

from __future__ import annotations

import http.cookiejar
import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from schafkopf.server.accounts import DELETED_NAME
from schafkopf.server.protocol import ERROR_CODES
from schafkopf.server.store import Store
from server_helpers import play_to_end
from test_server_process import ServerProcess

SETTINGS = [
    "tables_per_minute=1000", "joins_per_minute=1000", "requests_per_second=1000",
    "logins_per_name=1000",
]  # fmt: skip
PASSWORD = "Eichel-Ober-7"


SECRETS: list[str] = []
"""Every login secret, CSRF token and seat token the tests were given (none may be logged)."""


class Browser:
    """One browser: its own cookie jar, and the CSRF token its page was given."""

    def __init__(self, server: ServerProcess, origin: str | None = None) -> None:
        self.server = server
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.csrf: str | None = None
        self.origin = origin if origin is not None else server.url

    def call(
        self, method: str, path: str, body: Any = None, *, csrf: bool = True
    ) -> tuple[int, dict[str, Any]]:
        headers = {"content-type": "application/json", "origin": self.origin}
        if csrf and self.csrf:
            headers["x-csrf-token"] = self.csrf
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.server.url + path, data, headers, method=method)
        try:
            with self.opener.open(req, timeout=30) as r:
                return r.status, dict(json.loads(r.read()))
        except urllib.error.HTTPError as e:
            return e.code, dict(json.loads(e.read()))

    def ok(self, method: str, path: str, body: Any = None) -> dict[str, Any]:
        status, data = self.call(method, path, body)
        assert status == 200, (path, status, data)
        if "csrf" in data:
            self.csrf = data["csrf"]
            SECRETS.append(data["csrf"])
        if isinstance(data.get("token"), str):
            SECRETS.append(data["token"])
        SECRETS.extend(c.value for c in self.jar if c.name == "sk_session" and c.value)
        return data

    def refused(self, method: str, path: str, body: Any, status: int, code: str, **kw: Any) -> None:
        got, data = self.call(method, path, body, **kw)
        assert (got, data.get("code")) == (status, code), (path, got, data)
        assert code in ERROR_CODES

    def cookie(self) -> http.cookiejar.Cookie:
        (c,) = [c for c in self.jar if c.name == "sk_session"]
        return c


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'accounts.db'}"


@pytest.fixture
def server(db: str) -> Iterator[ServerProcess]:
    s = ServerProcess(db, settings=SETTINGS).start()
    yield s
    out = s.output()
    s.stop()
    for word in ("Traceback", "ERROR", PASSWORD, "new-password-9", *SECRETS):
        assert word not in out, out


def test_sign_up_log_in_and_out(server: ServerProcess, db: str) -> None:
    anna = Browser(server)
    made = anna.ok("POST", "/api/accounts", {"name": "Anna", "password": PASSWORD})
    assert made["name"] == "Anna" and made["public"] is False
    cookie = anna.cookie()
    assert cookie.has_nonstandard_attr("HttpOnly")
    assert (cookie.get_nonstandard_attr("SameSite") or "").lower() == "lax"
    assert anna.ok("GET", "/api/me")["name"] == "Anna"
    store = Store(db)
    with store.engine.connect() as conn:
        (stored,) = conn.exec_driver_sql("SELECT password_hash FROM accounts").one()
        secrets = [r[0] for r in conn.exec_driver_sql("SELECT id FROM login_sessions")]
    store.close()
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    assert cookie.value not in secrets  # only the secret's hash is stored
    other = Browser(server)
    other.refused("POST", "/api/accounts", {"name": "ANNA", "password": PASSWORD}, 409,
                  "name_taken")  # fmt: skip
    other.refused("POST", "/api/accounts", {"name": "Bert", "password": "short"}, 400,
                  "weak_password")  # fmt: skip
    other.refused("POST", "/api/accounts", {"name": " ", "password": PASSWORD}, 400, "bad_name")
    other.refused("POST", "/api/login", {"name": "Anna", "password": "wrong-password"}, 401,
                  "bad_login")  # fmt: skip
    other.refused("POST", "/api/login", {"name": "Nobody", "password": PASSWORD}, 401,
                  "bad_login")  # fmt: skip
    other.refused("GET", "/api/me", None, 401, "not_logged_in")
    assert other.ok("POST", "/api/login", {"name": "anna", "password": PASSWORD})["name"] == "Anna"
    anna.ok("POST", "/api/logout")
    anna.refused("GET", "/api/me", None, 401, "not_logged_in")
    assert other.ok("GET", "/api/me")["name"] == "Anna"  # the other session goes on


def test_requests_without_the_csrf_token_or_from_another_site_are_refused(
    server: ServerProcess,
) -> None:
    anna = Browser(server)
    anna.ok("POST", "/api/accounts", {"name": "Anna", "password": PASSWORD})
    anna.refused("POST", "/api/logout", None, 403, "bad_csrf", csrf=False)
    right = anna.csrf
    anna.csrf = "x" * len(right or "")
    anna.refused("POST", "/api/me/profile", {"public": True}, 403, "bad_csrf")
    anna.csrf = right
    evil = Browser(server, origin="https://evil.example")
    evil.jar = anna.jar
    evil.opener = anna.opener
    evil.csrf = right
    evil.refused("POST", "/api/me/profile", {"public": True}, 403, "bad_origin")
    assert anna.ok("GET", "/api/me")["public"] is False  # nothing was changed
    # a cookie without the token makes a guest's request: the table is made, not kept
    got, made = anna.call("POST", "/api/tables", {"games": 1, "player": "Gast"}, csrf=False)
    assert got == 200 and made["seat"] == 0 and anna.ok("GET", "/api/me")["seats"] == []
    assert anna.ok("POST", "/api/me/profile", {"public": True})["public"] is True


def test_logins_are_rate_limited_per_name(db: str) -> None:
    server = ServerProcess(db, settings=[*SETTINGS, "logins_per_name=3"]).start()
    try:
        Browser(server).ok("POST", "/api/accounts", {"name": "Anna", "password": PASSWORD})
        for address_change in range(2):  # the sign-up was the name's first try
            b = Browser(server)
            b.refused("POST", "/api/login", {"name": "anna", "password": f"guess-{address_change}"},
                      401, "bad_login")  # fmt: skip
        Browser(server).refused("POST", "/api/login", {"name": "Anna", "password": PASSWORD},
                                429, "rate_limited")  # fmt: skip
    finally:
        server.stop()


def test_a_password_change_ends_the_other_sessions(server: ServerProcess) -> None:
    phone, laptop, tablet = Browser(server), Browser(server), Browser(server)
    phone.ok("POST", "/api/accounts", {"name": "Anna", "password": PASSWORD})
    laptop.ok("POST", "/api/login", {"name": "Anna", "password": PASSWORD})
    tablet.ok("POST", "/api/login", {"name": "Anna", "password": PASSWORD})
    body = {"password": "not-the-password", "new_password": "new-password-9"}
    phone.refused("POST", "/api/me/password", body, 401, "bad_login")
    body = {"password": PASSWORD, "new_password": "short"}
    phone.refused("POST", "/api/me/password", body, 400, "weak_password")
    phone.ok("POST", "/api/me/password", {"password": PASSWORD, "new_password": "new-password-9"})
    assert phone.ok("GET", "/api/me")["name"] == "Anna"
    laptop.refused("GET", "/api/me", None, 401, "not_logged_in")
    tablet.refused("GET", "/api/me", None, 401, "not_logged_in")
    Browser(server).refused("POST", "/api/login", {"name": "Anna", "password": PASSWORD}, 401,
                            "bad_login")  # fmt: skip
    laptop.ok("POST", "/api/login", {"name": "Anna", "password": "new-password-9"})
    assert phone.ok("POST", "/api/logout-everywhere")["ended"] == 2
    laptop.refused("GET", "/api/me", None, 401, "not_logged_in")
    phone.refused("GET", "/api/me", None, 401, "not_logged_in")


def test_seats_follow_a_logged_in_person_and_guest_games_are_kept(server: ServerProcess) -> None:
    guest = Browser(server)
    seats = ["human", "human", "heuristic", "heuristic"]
    kept = guest.ok("POST", "/api/tables", {"games": 1, "player": "Gast", "seats": seats})
    guest.ok(
        "POST",
        "/api/accounts",
        {"name": "Anna", "password": PASSWORD,
         "seats": [{"table": kept["table"], "token": kept["token"]},
                   {"table": kept["table"], "token": "not-a-token"}]},
    )  # fmt: skip
    made = guest.ok("POST", "/api/tables", {"games": 1, "player": "ignored", "seats": seats})
    assert guest.ok("GET", f"/api/tables/{made['table']}")["state"]["names"][0] == "Anna"
    other_device = Browser(server)
    other_device.ok("POST", "/api/login", {"name": "Anna", "password": PASSWORD})
    mine = other_device.ok("GET", "/api/me")["seats"]
    assert [(s["table"], s["seat"], s["token"]) for s in mine] == [
        (made["table"], 0, made["token"]),
        (kept["table"], 0, kept["token"]),
    ]
    # a WebSocket logs in by the cookie: the person's own seat, from the server's page only
    cookie = f"sk_session={other_device.cookie().value}"
    url = f"ws://127.0.0.1:{server.port}/ws/{made['table']}"
    with connect(url, additional_headers={"cookie": cookie, "origin": server.url}) as ws:
        first = json.loads(ws.recv(timeout=20))
        assert first["state"]["seat"] == 0
    with connect(
        url, additional_headers={"cookie": cookie, "origin": "https://evil.example"}
    ) as ws:
        refusal = json.loads(ws.recv(timeout=20))
        assert refusal["type"] == "error" and refusal["code"] == "bad_origin"
    with connect(url, additional_headers={"cookie": cookie}) as ws:  # no Origin: no login
        assert json.loads(ws.recv(timeout=20))["code"] == "bad_origin"
    with connect(url) as ws:  # without the cookie: a spectator
        assert json.loads(ws.recv(timeout=20))["state"]["seat"] is None
    # a seat left and taken by another person is no longer the account's
    host = Browser(server)
    other = host.ok("POST", "/api/tables", {"games": 1, "player": "Bert", "seats": seats})
    join = {"invite": other["invite"], "name": "x"}
    mine_there = other_device.ok("POST", f"/api/tables/{other['table']}/join", join)
    other_device.ok("POST", f"/api/tables/{other['table']}/leave", {"token": mine_there["token"]})
    gone = [s["table"] for s in other_device.ok("GET", "/api/me")["seats"]]
    assert other["table"] in gone  # left: a bot plays for Anna, the seat is still hers
    cilli = Browser(server).ok(
        "POST", f"/api/tables/{other['table']}/join", join | {"name": "Cilli"}
    )
    assert cilli["seat"] == 1
    now = [s["table"] for s in other_device.ok("GET", "/api/me")["seats"]]
    assert other["table"] not in now
    url = f"ws://127.0.0.1:{server.port}/ws/{other['table']}"
    with connect(url, additional_headers={"cookie": cookie, "origin": server.url}) as ws:
        assert json.loads(ws.recv(timeout=20))["state"]["seat"] is None  # not Cilli's seat


def test_export_and_deletion(db: str) -> None:
    server = ServerProcess(db, settings=SETTINGS).start()
    try:
        _export_and_delete(server, db)
    finally:
        server.stop()


def _export_and_delete(server: ServerProcess, db: str) -> None:
    anna = Browser(server)
    anna.ok("POST", "/api/accounts", {"name": "Anna", "password": PASSWORD})
    made = anna.ok("POST", "/api/tables", {"games": 1, "player": "Anna"})
    with connect(f"ws://127.0.0.1:{server.port}/ws/{made['table']}?token={made['token']}") as ws:
        play_to_end(_Adapter(ws))
    record = anna.ok("GET", f"/api/tables/{made['table']}/games/1")
    data = anna.ok("GET", "/api/me/export")
    assert data["account"]["name"] == "Anna" and len(data["sessions"]) == 1
    (table,) = data["tables"]
    assert table["table"] == made["table"] and table["games"] == [record]
    text = json.dumps(data)
    assert "argon2" not in text and anna.cookie().value not in text
    anna.refused("DELETE", "/api/me", {"password": "wrong-password"}, 401, "bad_login")
    gone = anna.ok("DELETE", "/api/me", {"password": PASSWORD})
    assert gone == {"deleted": True, "seats": 1}
    anna.refused("GET", "/api/me", None, 401, "not_logged_in")
    Browser(server).refused("POST", "/api/login", {"name": "Anna", "password": PASSWORD}, 401,
                            "bad_login")  # fmt: skip
    after = anna.ok("GET", f"/api/tables/{made['table']}/games/1")
    assert after["players"][0] == DELETED_NAME and "Anna" not in json.dumps(after)
    # nor in what the table shows of its finished games (result, ledger, replay)
    for path in ("", "/games/1/replay"):
        assert "Anna" not in json.dumps(anna.ok("GET", f"/api/tables/{made['table']}{path}"))
    assert {k: v for k, v in after.items() if k != "players"} == {
        k: v for k, v in record.items() if k != "players"
    }
    assert PASSWORD not in server.output() and "Traceback" not in server.output()
    server.stop()
    restarted = ServerProcess(db, settings=SETTINGS).start()
    try:
        again = Browser(restarted).ok("GET", f"/api/tables/{made['table']}/games/1")
        assert again == after  # the name stays replaced after a restart
        Browser(restarted).ok("POST", "/api/accounts", {"name": "Anna", "password": PASSWORD})
    finally:
        restarted.stop()


class _Adapter:
    """``play_to_end`` reads ``receive_json`` and sends ``send_json``: over websockets."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws

    def receive_json(self) -> Any:
        return json.loads(self.ws.recv(timeout=30))

    def send_json(self, data: Any) -> None:
        self.ws.send(json.dumps(data))


def test_the_next_round_follows_the_account(server: ServerProcess) -> None:
    anna = Browser(server)
    anna.ok("POST", "/api/accounts", {"name": "Anna", "password": PASSWORD})
    made = anna.ok("POST", "/api/tables", {"games": 1, "player": "Anna"})
    with connect(f"ws://127.0.0.1:{server.port}/ws/{made['table']}?token={made['token']}") as ws:
        play_to_end(_Adapter(ws))
    nxt = anna.ok("POST", f"/api/tables/{made['table']}/again", {"token": made["token"]})
    copy = anna.ok("POST", f"/api/tables/{made['table']}/duplicate", {"token": made["token"]})
    assert copy["table"] == nxt["table"]  # one next table
    seats = anna.ok("GET", "/api/me")["seats"]
    assert (nxt["table"], 0, nxt["token"]) in [(s["table"], s["seat"], s["token"]) for s in seats]
    slash = Browser(server)
    slash.ok("POST", "/api/accounts", {"name": "A/B", "password": PASSWORD})
    assert slash.ok("GET", "/api/players/A%2FB")["name"] == "A/B"
