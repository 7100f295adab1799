"""Fuzzing a real server process over loopback: hypothesis-made WebSocket messages, HTTP
bodies and paths. Whatever a client sends, the server answers with a 4xx or an ``error``
message with a known code (or serves a valid request), never a 5xx or a traceback, an
``ERROR`` or an ``Exception`` in its log; it keeps the connection open, and changes no table
unless the message was a legal action.

One server per database (a fresh SQLite file, and a fresh PostgreSQL database on the tests'
server, whose text holds no NUL character), with no bot processes and the rate limits raised
so that the fuzz reaches the handlers, serves every test of the module. Its WebSocket table
has four seats for people, all held by the test, and no bots: nothing moves unless the test
sends a legal action, so a refused message must leave the table's public state exactly as it
was, and an accepted one must have been legal for its seat. A companion test checks
in-process that any table the rules accept can be played to its end, and that
``Table.parse`` refuses anything else with TableError and changes nothing.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import random
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, currently_in_test_context, given, settings
from hypothesis import event as note
from hypothesis import strategies as st
from pydantic import ValidationError
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine, make_url
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import ClientConnection, connect

from schafkopf.cards import card_token
from schafkopf.players.levels import LEVELS
from schafkopf.rules import _CHOICES, CONTRACT_OPTIONS, PRESETS, RulesError, Ruleset
from schafkopf.server.protocol import (
    ERROR_CODES,
    MAX_MESSAGE_BYTES,
    ActMessage,
    PingMessage,
    ResumeMessage,
    parse_client_message,
)
from schafkopf.server.table import HUMAN, Table, TableConfig, TableError, distinct_name
from server_helpers import my_move, start_test_services
from test_server_process import ServerProcess

POSTGRES = os.environ.get("SCHAFKOPF_TEST_POSTGRES")
FUZZ_SETTINGS = [
    "tables_per_minute=100000",
    "joins_per_minute=100000",
    "requests_per_second=100000",
    "messages_per_second=100000",
    "doubling_wait_seconds=3600",
    "empty_seat_bot_seconds=86400",  # the join fuzz's free seats stay free (nothing moves)
]
BAD_LOG_WORDS = ("Traceback", "ERROR", "Exception")
BODY_BYTES = 65536
"""The settings' default ``body_bytes``."""
FRAME_LIMIT = 65536
"""The largest WebSocket frame ``schafkopf serve`` reads (``ws_max_size``); larger: 1009."""
CLOSE_CODES = {4403, 4404, 4410, 4429, 4503}


SCALE = float(os.environ.get("SCHAFKOPF_FUZZ_SCALE", "1"))
"""Examples per test, as a multiple of the defaults (about half a minute in all); set it
higher for a longer hunt."""


def fuzz(examples: int) -> settings:
    """Hypothesis settings for a fuzz test against the server (no deadline: a round trip
    over loopback takes what it takes)."""
    return settings(
        max_examples=max(1, round(examples * SCALE)),
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
        derandomize=False,
    )


# -- the server -------------------------------------------------------------------------------


@dataclass
class Fuzzed:
    """The server under fuzz, its database and a reader of its log."""

    server: ServerProcess
    engine: Engine
    offset: int = 0

    def skip_log(self) -> None:
        """Check only what the server logs from now on (what it logged before failed the test
        that made it, and fails the module's end)."""
        self.offset = self.server.log.stat().st_size

    def check_log(self) -> None:
        """The server is alive and has logged no traceback or error since the last check."""
        assert self.server.proc is not None and self.server.proc.poll() is None, "server died"
        with self.server.log.open("rb") as f:
            f.seek(self.offset)
            new = f.read()
        self.offset += len(new)
        logged = new.decode(errors="replace")
        for word in BAD_LOG_WORDS:
            assert word not in logged, f"the server logged {word!r}:\n{logged}"

    def count(self, sql: str) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(text(sql)).scalar_one())

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
        chunk: int = 0,
    ) -> tuple[int, str, bytes]:
        """One request on a fresh connection: (status, content type, body). With ``chunk``
        the body goes in chunks of that many bytes, without a length ahead."""
        conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=20)
        try:
            if chunk and body is not None:
                parts = (body[i : i + chunk] for i in range(0, len(body), chunk))
                conn.request(method, path, parts, headers or {}, encode_chunked=True)
            else:
                conn.request(method, path, body, headers or {})
            r = conn.getresponse()
            return r.status, r.getheader("content-type") or "", r.read()
        finally:
            conn.close()

    def state(self, table: str) -> dict[str, Any]:
        status, _ctype, body = self.request("GET", f"/api/tables/{table}")
        assert status == 200, body
        return dict(json.loads(body))


@pytest.fixture(autouse=True)
def _own_log(request: pytest.FixtureRequest) -> None:
    """Each test checks the log from its own start."""
    if "fuzzed" in request.fixturenames:
        request.getfixturevalue("fuzzed").skip_log()


@contextlib.contextmanager
def own_postgres_database() -> Iterator[str]:
    """A database of this process's own on the tests' PostgreSQL server (``make test``
    starts one; a bare pytest starts it here), dropped at the end."""
    url = make_url(POSTGRES or start_test_services())
    name = f"schafkopf_fuzz_{os.getpid()}"
    admin = create_engine(url.set(database="postgres"), isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
            conn.execute(text(f"CREATE DATABASE {name}"))
        yield url.set(database=name).render_as_string(hide_password=False)
        with admin.connect() as conn:
            conn.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
    finally:
        admin.dispose()


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def fuzzed(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Fuzzed]:
    """The server, on a fresh SQLite file and on a fresh PostgreSQL database (whose text
    holds no NUL character)."""
    with contextlib.ExitStack() as stack:
        if request.param == "sqlite":
            url = f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'tables.db'}"
        else:
            url = stack.enter_context(own_postgres_database())
        server = ServerProcess(url, bot_delay=0, bot_workers=0, settings=FUZZ_SETTINGS)
        engine = create_engine(url)
        stack.callback(engine.dispose)
        server.start()
        try:
            yield Fuzzed(server, engine)
        finally:
            out = server.output()
            alive = server.proc is not None and server.proc.poll() is None
            server.stop()
    assert alive, f"the server died:\n{out}"
    for word in BAD_LOG_WORDS:
        assert word not in out, f"the server logged {word!r}:\n{out}"


def check_refusal(status: int, ctype: str, body: bytes) -> dict[str, Any]:
    """A 4xx is JSON: ``type: "error"`` with a known code and a message."""
    assert 400 <= status < 500, (status, body[:500])
    assert ctype.startswith("application/json"), (status, ctype, body[:500])
    data = json.loads(body)
    assert data["type"] == "error", data
    assert data["code"] in ERROR_CODES, data
    assert isinstance(data["message"], str) and data["message"], data
    return dict(data)


def check_reply(status: int, ctype: str, body: bytes) -> dict[str, Any] | None:
    """Never a 5xx; a 4xx is a refusal; a 200 is JSON (None for a refusal)."""
    assert status < 500, (status, body[:2000])
    if status >= 400:
        refusal = check_refusal(status, ctype, body)
        if currently_in_test_context():
            note(f"{status} {refusal['code']}")
        return None
    if currently_in_test_context():
        note(f"{status}")
    assert status == 200, (status, body[:500])
    return dict(json.loads(body)) if ctype.startswith("application/json") else {}


# -- JSON text, valid or not --------------------------------------------------------------------


def weighted(*choices: tuple[st.SearchStrategy[Any], int]) -> st.SearchStrategy[Any]:
    """One of the strategies, each as often as its weight says (``st.one_of`` flattens its
    branches and draws one of them; it cannot weigh them)."""
    pool = [s for s, weight in choices for _ in range(weight)]
    return st.sampled_from(pool).flatmap(lambda s: s)


def mostly(
    good: st.SearchStrategy[Any], odd: st.SearchStrategy[Any], ratio: int = 4
) -> st.SearchStrategy[Any]:
    """``good`` ``ratio`` times as often as ``odd``."""
    return weighted((good, ratio), (odd, 1))


SURROGATES = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF)
TEXT = st.text(st.characters() | SURROGATES, max_size=20)
"""Any text, lone surrogates included (they travel as JSON escapes)."""
SENDABLE_TEXT = st.text(max_size=60)
"""Text a WebSocket or HTTP body can carry raw (valid UTF-8)."""


def dump_text(text: str, escape: bool) -> str:
    """``text`` as a JSON string: escaped to ASCII, or raw UTF-8 where it can be."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        escape = True
    return json.dumps(text, ensure_ascii=escape)


JSON_STRING = st.builds(dump_text, TEXT, st.booleans())
BIG_INT = st.integers(300, 6000).map(lambda n: "9" * n)
"""Integers past the floats' range, some past Python's digit limit for int parsing."""
ODD_NUMBERS = st.sampled_from(
    ["NaN", "Infinity", "-Infinity", "1e400", "-1e400", "1e-400", "-0", "0e0", "1E+2", "-0.0"]
)
SCALAR = st.one_of(
    st.sampled_from(["null", "true", "false"]),
    st.integers().map(str),
    BIG_INT,
    st.floats(allow_nan=False, allow_infinity=False).map(json.dumps),
    ODD_NUMBERS,
    JSON_STRING,
)
KEY = st.one_of(st.sampled_from(['"type"', '"action"', '"version"', '"since"']), JSON_STRING)


def _array(items: list[str]) -> str:
    return "[" + ",".join(items) + "]"


def _object(items: list[tuple[str, str]]) -> str:
    return "{" + ",".join(f"{k}:{v}" for k, v in items) + "}"


JSON_TEXT = st.recursive(
    SCALAR,
    lambda kids: (
        st.lists(kids, max_size=6).map(_array)
        | st.lists(st.tuples(KEY, kids), max_size=6).map(_object)
    ),
    max_leaves=25,
)
"""JSON text (with NaN, Infinity and huge numbers, as Python's parser reads them)."""

# -- client messages: near-valid and anything -------------------------------------------------


class Template(str):
    """A message with stand-ins for the version and the legal actions, filled in when sent
    (only templates are: raw text may hold anything, NUL characters too)."""


CURRENT = "\x00V\x00"
"""Stands for the table's current version (JSON text escapes a real NUL character)."""
LEGAL_ID = "\x00L{}i\x00"
LEGAL_NAME = "\x00L{}n\x00"
"""Stand for the sending seat's ``k``-th legal action, by number or by name."""
MOVER = "mover"
"""Stands for the seat to move."""

CARDS = [card_token(c) for c in range(32)]
WORDS = [
    "weiter", "spiel", "klopfen", "nicht klopfen", "kontra", "re", "sup", "hirsch", "double",
    "rufspiel E", "rufspiel G", "rufspiel H", "rufspiel S", "solo E", "solo H tout", "wenz",
    "wenz tout", "geier", "farbwenz G", "farbgeier S", "bettel", "sie", "solo", "rufspiel",
    "solo X", "rufspiel G H", "ramsch", "WEITER", " spiel ", "e o", "eo", "Eo", "E O", "tout",
]  # fmt: skip
LEGAL = st.builds(lambda k, by_id: (LEGAL_ID if by_id else LEGAL_NAME).format(k),
                  st.integers(0, 40), st.booleans())  # fmt: skip
ACTION = weighted(
    (LEGAL, 2),
    (st.integers(-3, 200).map(str), 2),
    (st.sampled_from(CARDS + WORDS).map(json.dumps), 2),
    (st.integers().map(str) | BIG_INT, 1),
    (JSON_STRING | st.text(max_size=60).map(json.dumps), 1),
    (SCALAR | JSON_TEXT, 1),
)
NUMBER = weighted(
    (st.just(CURRENT), 3),
    (st.integers(-2, 2).map(lambda d: f"{CURRENT}{d:+d}"), 2),
    (st.integers().map(str) | BIG_INT | SCALAR, 2),
)
TYPE = weighted(
    (st.just('"act"'), 2),
    (st.just('"resume"'), 1),
    (
        st.sampled_from(
            ["act", "resume", "ping", "other", "", "ACT", "Ping", " ping", "act\x00"]
        ).map(json.dumps),
        1,
    ),
    (JSON_STRING | SCALAR, 1),
)


@st.composite
def near_valid(draw: st.DrawFn) -> str:
    """A message object close to a valid one: the right keys with odd values, some keys
    missing or extra, repeated or reordered."""
    items = [('"type"', draw(TYPE))]
    if draw(st.integers(0, 3)):
        items.append(('"action"', draw(ACTION)))
    if draw(st.integers(0, 3)):
        items.append(('"version"', draw(NUMBER)))
    if draw(st.integers(0, 3)) == 0:
        items.append(('"since"', draw(NUMBER)))
    if draw(st.integers(0, 3)) == 0:
        items += draw(st.lists(st.tuples(KEY, SCALAR), min_size=1, max_size=2))
    return Template(_object(draw(st.permutations(items))))


LEGAL_ACT = st.builds(
    lambda action: Template(
        _object([('"type"', '"act"'), ('"action"', action), ('"version"', CURRENT)])
    ),
    LEGAL,
)
ACT = st.builds(
    lambda action, version: Template(
        _object([('"type"', '"act"'), ('"action"', action), ('"version"', version)])
    ),
    ACTION,
    NUMBER,
)
RESUME = st.builds(
    lambda since: Template(_object([('"type"', '"resume"'), ('"since"', since)])), NUMBER
)
DEEP = st.builds(
    lambda n, close, open_: open_ * n + (("]" if open_ == "[" else "1}") * n if close else ""),
    st.integers(1, 4000),
    st.booleans(),
    st.sampled_from(["[", '{"a":']),
)
OVERSIZED = st.builds(
    lambda n, ping: ('{"type":"ping","x":"' + "x" * n + '"}') if ping else "7" * n,
    st.integers(MAX_MESSAGE_BYTES - 30, FRAME_LIMIT - 100),
    st.booleans(),
)
PAYLOAD = weighted(
    (LEGAL_ACT, 2),
    (ACT, 3),
    (near_valid(), 3),
    (RESUME, 1),
    (st.just('{"type":"ping"}'), 1),
    (JSON_TEXT, 2),
    (SENDABLE_TEXT, 1),
    (st.binary(max_size=100), 1),
    (DEEP, 1),
    (OVERSIZED, 1),
)
SEAT = st.sampled_from([0, 1, 2, 3, None])
MESSAGE = weighted((st.tuples(st.just(MOVER), LEGAL_ACT), 1), (st.tuples(SEAT, PAYLOAD), 3))


# -- the WebSocket party: four people and a spectator at one table ------------------------------


@dataclass
class Party:
    """Connections for seats of a table (and a spectator, key None) with each one's last
    state."""

    fuzzed: Fuzzed
    table: str
    conns: dict[int | None, ClientConnection]
    tokens: dict[int | None, str | None]
    last: dict[int | None, dict[str, Any]] = field(default_factory=dict)
    version: int = 0
    public: dict[str, Any] = field(default_factory=dict)

    def url(self, token: str | None = None) -> str:
        query = "" if token is None else f"?token={urllib.parse.quote(token, safe='')}"
        return f"ws://127.0.0.1:{self.fuzzed.server.port}/ws/{self.table}{query}"

    def legal(self, seat: int | None) -> list[dict[str, Any]]:
        view = self.last[seat]["state"].get("view") or {}
        return list(view.get("legal", []))

    def mover(self) -> int:
        return int(self.last[None]["state"]["view"]["to_move"])

    def fill(self, template: str, seat: int | None) -> str:
        """The message with the stand-ins for the version and legal actions filled in."""
        text = template
        for d in range(-2, 3):
            text = text.replace(f"{CURRENT}{d:+d}", str(self.version + d))
        text = text.replace(CURRENT, str(self.version))
        legal = self.legal(seat)
        while "\x00L" in text:
            start = text.index("\x00L")
            end = text.index("\x00", start + 1)
            k, form = int(text[start + 2 : end - 1]), text[end - 1]
            if legal:
                a = legal[k % len(legal)]
                value = str(a["id"]) if form == "i" else json.dumps(a["name"])
            else:
                value = '"EO"'
            text = text[:start] + value + text[end + 1 :]
        return text

    def receive(self, seat: int | None) -> dict[str, Any]:
        """The next message on ``seat``'s connection (which must stay open)."""
        try:
            raw = self.conns[seat].recv(timeout=20)
        except ConnectionClosed as e:
            raise AssertionError(f"the server closed the connection of seat {seat}: {e}") from e
        msg = dict(json.loads(raw))
        if "state" in msg:
            self.last[seat] = msg
        return msg

    def drain(self, seat: int | None, version: int) -> None:
        """Read ``seat``'s messages up to the one with the state at ``version``."""
        while True:
            msg = self.receive(seat)
            if "state" in msg and msg["version"] == version:
                return

    def send(self, seat: int | None, payload: str | bytes) -> None:
        """Send one message and check the answer and what it did to the table."""
        legal = self.legal(seat)
        over = bool(self.last[None]["state"]["over"])
        expected = expect(payload, seat, self.version, legal, over)
        self.conns[seat].send(payload)
        reply = self.receive(seat)
        kind = reply["type"]
        if currently_in_test_context():
            note(f"reply: {kind} {reply.get('code', '')}")
        if kind == "error":
            assert expected not in ("accept", "pong", "events", "snapshot"), (payload, reply)
            self.refused(reply, payload, expected)
        elif kind == "pong":
            assert expected == "pong", (payload, reply)
            assert reply["version"] == self.version
        elif kind in ("snapshot", "events"):
            assert expected == kind, (payload, reply)
            assert reply["version"] == self.version
            if kind == "events":
                since = json.loads(payload)["since"]
                versions = [e["version"] for e in reply["events"]]
                assert versions == list(range(since + 1, self.version + 1)), (since, versions)
        else:
            assert expected in ("accept", None), (payload, reply, expected)
            self.accepted(seat, reply, legal)

    def refused(self, reply: dict[str, Any], payload: Any, expected: str | None) -> None:
        """An ``error`` with a known code (the one expected, where known) that changed
        nothing."""
        assert reply["type"] == "error" and reply["code"] in ERROR_CODES, reply
        assert isinstance(reply["message"], str) and reply["message"], reply
        if expected is not None:
            assert reply["code"] == expected, (payload, reply, expected)
        assert self.fuzzed.state(self.table) == self.public, f"{payload!r} changed the table"

    def accepted(self, seat: int | None, reply: dict[str, Any], legal: list[Any]) -> None:
        """The events of an action that was legal for ``seat``, to every connection."""
        assert reply["type"] == "event", reply
        event = reply["event"]
        names = {a["name"] for a in legal}
        assert reply["version"] == self.version + 1, reply
        assert event["kind"] == "action" and event["seat"] == seat, reply
        assert event["action"] in names, (event, names)
        if currently_in_test_context():
            note(f"accepted: {event['phase']}")
        while "state" not in reply:
            reply = self.receive(seat)
        self.version = reply["version"]
        for other in self.conns:
            if other != seat:
                self.drain(other, self.version)
        self.public = self.fuzzed.state(self.table)
        assert self.public["version"] == self.version


def expect(
    payload: str | bytes, seat: int | None, version: int, legal: list[Any], over: bool = False
) -> str | None:
    """What the server must answer: ``pong``, ``events`` or ``snapshot`` (to a resume),
    ``accept`` (a legal action), the error code, or None where only the server knows (an
    action's name in another spelling may name a legal action, or be refused as bad or
    illegal)."""
    size = len(payload) if isinstance(payload, bytes) else len(payload.encode("utf-8"))
    if size > MAX_MESSAGE_BYTES:
        return "too_large"
    if isinstance(payload, bytes):
        return "malformed"
    try:
        msg = parse_client_message(json.loads(payload))
    except (ValueError, RecursionError, ValidationError):
        return "malformed"
    if isinstance(msg, PingMessage):
        return "pong"
    if isinstance(msg, ResumeMessage):  # the events after ``since``, or all there is
        return "events" if msg.since <= version else "snapshot"
    assert isinstance(msg, ActMessage)
    if seat is None:
        return "no_seat"
    if msg.version != version:
        return "stale_version"
    if over:
        return "table_over"
    if isinstance(msg.action, int):
        return "accept" if msg.action in {a["id"] for a in legal} else "illegal"
    return "accept" if msg.action in {a["name"] for a in legal} else None


def open_party(
    fuzzed: Fuzzed, table: str, tokens: dict[int | None, str | None], stack: contextlib.ExitStack
) -> Party:
    """Connect each token's seat (None: a spectator) and read the snapshots."""
    p = Party(fuzzed, table, {}, tokens)
    for seat, token in tokens.items():
        p.conns[seat] = stack.enter_context(connect(p.url(token), max_size=None))
        msg = p.receive(seat)
        assert msg["type"] == "snapshot", msg
        p.version = msg["version"]
    for ws in p.conns.values():  # the news of seats taken (or connected) just before
        ws.send('{"type":"ping"}')
        while (msg := json.loads(ws.recv(timeout=20)))["type"] != "pong":
            assert msg["type"] in ("seats", "presence"), msg
    p.public = fuzzed.state(table)
    assert p.public["version"] == p.version
    return p


def post_json(fuzzed: Fuzzed, path: str, body: Any) -> dict[str, Any]:
    status, _ctype, data = fuzzed.request(
        "POST", path, json.dumps(body).encode(), {"content-type": "application/json"}
    )
    assert status == 200, data
    return dict(json.loads(data))


PARTY_RULES = {
    "klopfen": True,
    "max_doublings": 4,
    "all_pass": "ramsch",
    "contracts": list(CONTRACT_OPTIONS),
    "stock": True,
}
"""Rules with every phase and contract: Klopfen, Ramsch, Bettel, Farbwenz, four doublings."""


@pytest.fixture(scope="module")
def party(fuzzed: Fuzzed) -> Iterator[Party]:
    """Four people (all the test's) at a table without bots, and a spectator."""
    body = {"player": "P0", "games": 1000, "seats": [HUMAN] * 4, "overrides": PARTY_RULES}
    created = post_json(fuzzed, "/api/tables", body)
    tokens: dict[int | None, str | None] = {0: created["token"], None: None}
    for k in (1, 2, 3):
        join = {"invite": created["invite"], "name": f"P{k}"}
        joined = post_json(fuzzed, f"/api/tables/{created['table']}/join", join)
        assert joined["seat"] == k, joined
        tokens[k] = joined["token"]
    with contextlib.ExitStack() as stack:
        yield open_party(fuzzed, created["table"], tokens, stack)


@pytest.fixture(scope="module")
def finished_table(fuzzed: Fuzzed) -> dict[str, Any]:
    """A table whose one game is played (its record and replay are there to read)."""
    created = post_json(fuzzed, "/api/tables", {"player": "A", "games": 1, "preset": "sauspiel"})
    url = f"ws://127.0.0.1:{fuzzed.server.port}/ws/{created['table']}?token={created['token']}"
    with connect(url, max_size=None) as ws:
        while True:
            msg = json.loads(ws.recv(timeout=20))
            if "state" not in msg:
                continue
            state = msg["state"]
            if state["over"]:
                return created
            action = my_move(state)
            if action is not None:
                ws.send(json.dumps({"type": "act", "action": action, "version": msg["version"]}))


@fuzz(800)
@given(st.lists(MESSAGE, min_size=1, max_size=8))
def test_websocket_messages(party: Party, messages: list[tuple[Any, str | bytes]]) -> None:
    """Every message on a seat's or a spectator's connection is answered (an ``error`` with a
    known code, a ``pong``, the events after a resume, or the events of a legal action); the
    connection stays open, and only a legal action changes the table."""
    for seat, payload in messages:
        who = party.mover() if seat == MOVER else seat
        if isinstance(payload, Template):
            payload = party.fill(payload, who)
        party.send(who, payload)
    party.fuzzed.check_log()


@fuzz(150)
@given(st.lists(st.tuples(st.sampled_from([0, None]), PAYLOAD), min_size=1, max_size=4))
def test_websocket_messages_at_a_finished_table(
    fuzzed: Fuzzed, finished_table: dict[str, Any], messages: list[tuple[Any, str | bytes]]
) -> None:
    """At a table whose games are all played, nothing is legal: every message is refused
    (``table_over`` for an act at the current version) or answered, nothing changes."""
    tokens = {0: finished_table["token"], None: None}
    with contextlib.ExitStack() as stack:
        p = open_party(fuzzed, finished_table["table"], tokens, stack)
        for seat, payload in messages:
            p.send(seat, p.fill(payload, seat) if isinstance(payload, Template) else payload)
    fuzzed.check_log()


def test_a_repeated_action_counts_once(party: Party) -> None:
    """The same legal action sent twice at once: the first is applied, the second is refused
    as stale (nothing is applied twice)."""
    for _ in range(6):
        waited = party.last[None]["state"]["view"]["waiting_for_doubling"]
        seat = waited[0] if waited else party.mover()  # the mover plays no card during a wait
        legal = party.legal(seat)
        act = json.dumps({"type": "act", "action": legal[0]["id"], "version": party.version})
        party.conns[seat].send(act)
        party.conns[seat].send(act)
        party.accepted(seat, party.receive(seat), legal)
        party.refused(party.receive(seat), act, "stale_version")
    party.fuzzed.check_log()


def test_frames_past_the_limit_close_only_their_connection(party: Party) -> None:
    """A frame larger than the server reads closes that connection (1009); the table and the
    other connections are untouched."""
    before = party.fuzzed.state(party.table)
    for payload in ("x" * (FRAME_LIMIT + 1), b"\x00" * (4 * FRAME_LIMIT)):
        with connect(party.url(), max_size=None) as ws:
            assert json.loads(ws.recv(timeout=20))["type"] == "snapshot"
            ws.send(payload)
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=20)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    assert party.fuzzed.state(party.table) == before
    party.send(0, '{"type":"ping"}')
    party.fuzzed.check_log()


# -- HTTP --------------------------------------------------------------------------------------

GROUPS = ("tarif", "laufende_min", "laufende_min_short")
OPTION_NAMES = [
    f.name for f in Ruleset.__dataclass_fields__.values() if f.name not in ("preset_name", *GROUPS)
]
TARIF = ["rufspiel", "solo", "extra", "laufende", "ramsch", "bettel"]
LAUFENDE = ["rufspiel", "solo", "wenz", "geier", "farbwenz", "farbgeier"]
GROUP_KEYS = [f"tarif.{k}" for k in TARIF] + [
    f"{g}.{k}" for g in ("laufende_min", "laufende_min_short") for k in LAUFENDE
]
ANY_VALUE = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(-(10**400), 10**400)
    | st.floats()
    | TEXT,
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(TEXT, kids, max_size=4),
    max_leaves=12,
)
"""Any Python value of JSON (NaN and infinities too: Python's JSON writes and reads them)."""


def option_value(name: str) -> st.SearchStrategy[Any]:
    """Values near those the option takes, and anything."""
    if name in _CHOICES:
        good: st.SearchStrategy[Any] = st.sampled_from(_CHOICES[name])
    elif name in ("klopfen", "stock", "end_early"):
        good = st.booleans()
    elif name == "davonlaufen_min":
        good = mostly(st.integers(1, 8), st.sampled_from([0, 9]))
    elif name == "max_doublings":
        good = mostly(st.integers(0, 4), st.sampled_from([-1, 5]))
    elif name == "durchmarsch":
        good = mostly(
            st.sampled_from(["all_tricks", "off"]) | st.integers(61, 120),
            st.sampled_from([60, 121, "all", 61.0]),
        )
    elif name == "contracts":
        good = mostly(
            st.lists(st.sampled_from(CONTRACT_OPTIONS), unique=True, min_size=1),
            st.lists(st.sampled_from([*CONTRACT_OPTIONS, "ramsch", "x"]), max_size=9),
        )
    elif name.startswith("tarif."):
        good = mostly(st.integers(0, 100_000), st.sampled_from([-1, 100_001, 10**30]))
    else:
        good = mostly(st.integers(0, 14), st.sampled_from([-1, 15, 10**30]))
    return mostly(good, ANY_VALUE)


OVERRIDE_ITEM = mostly(
    st.sampled_from(OPTION_NAMES + GROUP_KEYS).flatmap(
        lambda k: st.tuples(st.just(k), option_value(k))
    ),
    st.tuples(TEXT, ANY_VALUE),
    ratio=6,
)


@st.composite
def overrides(draw: st.DrawFn) -> dict[str, Any]:
    """Rule overrides, flat (``tarif.solo``) or nested (``{"tarif": {"solo": 1}}``)."""
    out: dict[str, Any] = {}
    for key, value in draw(st.lists(OVERRIDE_ITEM, max_size=5)):
        head, dot, tail = key.partition(".")
        if dot and draw(st.booleans()):
            group = out.setdefault(head, {})
            if isinstance(group, dict):
                group[tail] = value
        else:
            out[key] = value
    return out


ODD_CHARACTER = st.sampled_from(["\x00", " ", "\t", "\x1b", "\u202e", "\ufeff", "A", "🂡"])
NAME = weighted(
    (st.text(max_size=30), 2),
    (st.text(ODD_CHARACTER, max_size=30), 1),
    (st.sampled_from(["", " ", "\x00", "Anna\x00", "x" * 30, "🂡" * 30]), 1),
)
"""A person's name: any text, and some odd ones (a NUL, only spaces, a bidi override)."""
SERVED_KINDS = [HUMAN, "heuristic", "random"]
"""Seat kinds the fuzz lets the server seat (the searching bots would think for seconds)."""
SEAT_KIND = st.one_of(
    st.sampled_from([HUMAN, "heuristic", "random", "pimc:samples=4", "", "Human", "bot"]),
    st.text(max_size=90),
)
CREATE_FIELDS = {
    "preset": mostly(st.sampled_from(list(PRESETS)), st.sampled_from(["", "x"]) | TEXT | ANY_VALUE),
    "overrides": mostly(overrides(), ANY_VALUE),
    "games": weighted(
        (st.integers(1, 1000), 6),
        (st.sampled_from(["8", 8.0, True, False, "1", 1.0]), 1),
        (st.integers(0, 3) | st.integers() | ANY_VALUE, 1),
    ),
    "seats": mostly(
        mostly(
            st.lists(st.sampled_from(SERVED_KINDS), min_size=4, max_size=4),
            st.lists(st.sampled_from(SERVED_KINDS), min_size=3, max_size=3),
        ),
        st.lists(SEAT_KIND, max_size=5) | ANY_VALUE,
    ),
    # valid turn times are long: a short one would let the stand-in play the table on its own
    "turn_seconds": weighted(
        (st.sampled_from([0, 0.0, 600, 3600.0]), 4),
        (st.sampled_from([-1, 3600.5, "0", "600", True, False, None]), 1),
        (st.floats() | ANY_VALUE, 1),
    ),
    "name": mostly(NAME, TEXT | st.text(min_size=55, max_size=70)),
    "player": mostly(NAME, st.none() | TEXT | st.text(min_size=25, max_size=40)),
}


@st.composite
def create_body(draw: st.DrawFn) -> dict[str, Any]:
    """A table's settings, mostly each one valid, sometimes anything; now and then an extra
    member."""
    keys = draw(st.lists(st.sampled_from(list(CREATE_FIELDS)), unique=True, max_size=7))
    body = {k: draw(CREATE_FIELDS[k]) for k in keys}
    if draw(mostly(st.just(False), st.just(True), ratio=9)):
        body[draw(TEXT)] = draw(ANY_VALUE)
    return body


def encode_body(body: Any, escape: bool) -> bytes:
    """JSON bytes (Python's writer: NaN and Infinity as words; lone surrogates escaped)."""
    text = json.dumps(body, ensure_ascii=escape)
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(body).encode()


CONTENT_TYPE = mostly(
    st.just("application/json"),
    st.sampled_from(
        [
            "application/json; charset=utf-8",
            "application/json; charset=latin-1",
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            "application/merge-patch+json",
            "",
        ]
    ),
)
NAMED = st.fixed_dictionaries({"player": NAME}, optional={"name": NAME})
"""A valid table but for the names (the stored text)."""
BODY = weighted(
    (st.builds(encode_body, create_body(), st.booleans()), 6),
    (st.builds(encode_body, NAMED, st.booleans()), 1),
    (JSON_TEXT.map(lambda t: t.encode()), 1),
    (st.binary(max_size=200), 1),
    (DEEP.map(lambda t: t.encode()), 1),
    (st.integers(60_000, 70_000).map(lambda n: b'{"name": "' + b"x" * n + b'"}'), 1),
)


def post(
    fuzzed: Fuzzed, path: str, body: bytes, ctype: str, chunk: int = 0
) -> tuple[int, str, bytes]:
    return fuzzed.request("POST", path, body, {"content-type": ctype} if ctype else {}, chunk)


CHUNK = mostly(st.just(0), st.integers(1, 40_000), ratio=2)
"""Bodies with a length ahead, or chunked."""


@fuzz(300)
@given(BODY, CONTENT_TYPE, CHUNK)
def test_create_bodies(fuzzed: Fuzzed, body: bytes, ctype: str, chunk: int) -> None:
    """``POST /api/tables`` with anything: a table (stored, readable, with the games asked
    for), or a 4xx refusal that stores nothing; a body past the limit is refused as too
    large, whether its length came ahead or not."""
    tables = fuzzed.count("SELECT count(*) FROM tables")
    status, ctype_back, reply = post(fuzzed, "/api/tables", body, ctype, chunk)
    data = check_reply(status, ctype_back, reply)
    if len(body) > BODY_BYTES:
        assert status == 413 and json.loads(reply)["code"] == "too_large", reply
    if data is None:
        assert fuzzed.count("SELECT count(*) FROM tables") == tables, body[:300]
    else:
        assert fuzzed.count("SELECT count(*) FROM tables") == tables + 1
        sent = json.loads(body)
        state = fuzzed.state(data["table"])["state"]
        games = sent.get("games", 8)
        assert type(games) is int and state["games"] == games, (sent, state["games"])
        assert type(sent.get("turn_seconds", 0)) in (int, float), sent
    fuzzed.check_log()


@dataclass
class JoinTarget:
    """A table of people without bots (nothing moves) whose free seats the join fuzz takes;
    a full one is kept for a few refusals, then replaced."""

    fuzzed: Fuzzed
    table: str = ""
    invite: str = ""
    next_seat: int = 4
    full_for: int = 0

    def renew(self) -> None:
        if self.next_seat < 4 or self.full_for < 8:
            self.full_for += self.next_seat == 4
            return
        created = post_json(self.fuzzed, "/api/tables", {"player": "A", "seats": [HUMAN] * 4})
        self.table, self.invite, self.next_seat, self.full_for = (
            created["table"], created["invite"], 1, 0,
        )  # fmt: skip


@pytest.fixture(scope="module")
def join_table(fuzzed: Fuzzed) -> JoinTarget:
    target = JoinTarget(fuzzed, full_for=8)
    target.renew()
    return target


def with_extra(body: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """``body``, now and then with a member the model does not have."""
    return mostly(st.just(body), st.builds(lambda k, v: {**body, k: v}, TEXT, ANY_VALUE))


INVITE = weighted(
    (st.just("INVITE"), 2),
    (st.text(max_size=64) | st.text(st.characters(codec="ascii"), max_size=70) | TEXT, 3),
)
TABLE_ID = mostly(st.just("TABLE"), st.text(max_size=40) | st.sampled_from(["..", ".", "%2e"]))


@fuzz(250)
@given(
    TABLE_ID,
    mostly(
        st.fixed_dictionaries(
            {"invite": mostly(INVITE, ANY_VALUE), "name": NAME | TEXT | ANY_VALUE}
        )
        .flatmap(lambda d: mostly(st.just(d), st.just({"invite": d["invite"]}), ratio=3))
        .flatmap(with_extra),
        ANY_VALUE,
    ),
    CONTENT_TYPE,
    st.booleans(),
    CHUNK,
)
def test_join_bodies(
    fuzzed: Fuzzed,
    join_table: JoinTarget,
    table: str,
    body: Any,
    ctype: str,
    escape: bool,
    chunk: int,
) -> None:
    """``POST /api/tables/{id}/join`` with anything: the next free seat (with the
    invitation), or a 4xx refusal that changes neither the table nor the stored seats."""
    join_table.renew()
    table_id = join_table.table if table == "TABLE" else table
    if isinstance(body, dict) and body.get("invite") == "INVITE":
        body["invite"] = join_table.invite
    before = fuzzed.state(join_table.table)
    seats = fuzzed.count("SELECT count(*) FROM seats WHERE token IS NOT NULL")
    path = f"/api/tables/{urllib.parse.quote(table_id, safe='')}/join"
    data = check_reply(*post(fuzzed, path, encode_body(body, escape), ctype, chunk))
    taken = fuzzed.count("SELECT count(*) FROM seats WHERE token IS NOT NULL")
    if data is None:
        assert taken == seats
        assert fuzzed.state(join_table.table) == before
    else:
        assert data["table"] == join_table.table and data["seat"] == join_table.next_seat, data
        assert body["invite"] == join_table.invite
        assert taken == seats + 1
        names = fuzzed.state(join_table.table)["state"]["names"]
        given = " ".join(body.get("name", "").split())[:30]
        # a name another seat shows gets a number ("A 2"): the seats stay apart
        shown = distinct_name(
            given or f"Spieler {data['seat'] + 1}", before["state"]["names"], data["seat"]
        )
        assert names[data["seat"]] == shown, names
        join_table.next_seat += 1
    fuzzed.check_log()


ODD_SEGMENT = st.one_of(
    st.text(max_size=40).map(lambda t: urllib.parse.quote(t, safe="")),
    st.text(max_size=600).map(lambda t: urllib.parse.quote(t, safe="")),
    st.integers(1, 5000).map(lambda n: "a" * n),
    st.sampled_from(
        ["..", ".", "%2e%2e", "%00", "%2F", "%ff", "%", "%zz", "%ED%A0%80", "~", "-1", "+1"]
    ),
)
SEGMENT = weighted(
    (st.just("TABLE"), 4),
    (st.text(max_size=40).map(lambda t: urllib.parse.quote(t, safe="")), 1),
    (ODD_SEGMENT, 2),
)
NUMBER_SEGMENT = weighted(
    (st.just("1"), 2),
    (st.integers(-3, 3).map(str), 1),
    (
        st.integers().map(str)
        | BIG_INT
        | st.sampled_from(["1_0", "%201", "1.0", "1e3", "%D9%A1", "0x1", "-0", "inf", "nan", ""])
        | st.text(max_size=20).map(lambda t: urllib.parse.quote(t, safe="")),
        2,
    ),
)
PATHS = st.one_of(
    st.builds(lambda t: f"/api/tables/{t}", SEGMENT),
    st.builds(lambda t, n: f"/api/tables/{t}/games/{n}", SEGMENT, NUMBER_SEGMENT),
    st.builds(lambda t, n: f"/api/tables/{t}/games/{n}/replay", SEGMENT, NUMBER_SEGMENT),
    st.builds(lambda t: f"/api/tables/{t}/join", SEGMENT),
    st.builds(lambda t: f"/static/{t}", SEGMENT),
    st.sampled_from(["/", "/api/options", "/api/tables", "/api", "/ws", "/static/app.js"]),
)


@fuzz(300)
@given(
    PATHS,
    mostly(st.just("GET"), st.sampled_from(["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"])),
    st.sampled_from(["", "?x=1", "?number=1&table_id=x", "?%ff=%00"]),
)
def test_paths(
    fuzzed: Fuzzed, finished_table: dict[str, Any], path: str, method: str, query: str
) -> None:
    """Any path, method and query: a 200 or a JSON 4xx refusal, never a 5xx; nothing changes
    (but a ``POST /api/tables`` makes a table)."""
    base = path.replace("TABLE", finished_table["table"], 1)
    tables = fuzzed.count("SELECT count(*) FROM tables")
    before = fuzzed.state(finished_table["table"])
    status, ctype, body = fuzzed.request(method, base + query, b"{}" if method != "GET" else None)
    assert status < 500, (path, status, body[:500])
    if method == "HEAD":
        pass  # no body
    elif status == 200 and ctype.startswith("application/json"):
        note(f"200 {base.split('/')[-1] if 'games' in base else base.split('/')[1]}")
        json.loads(body)
    elif status >= 400:
        note(f"{status} {check_refusal(status, ctype, body)['code']}")
    created = method == "POST" and base == "/api/tables" and status == 200
    assert fuzzed.count("SELECT count(*) FROM tables") == tables + created
    assert fuzzed.state(finished_table["table"]) == before
    fuzzed.check_log()


@fuzz(120)
@given(
    SEGMENT,
    weighted(
        (st.none(), 1), (st.just("TOKEN"), 1), (st.just(""), 1), (TEXT | st.text(max_size=80), 2)
    ),
)
def test_websocket_endpoints(fuzzed: Fuzzed, party: Party, table: str, token: str | None) -> None:
    """Any table and token on ``/ws/``: a snapshot (a spectator, or the token's seat), or an
    ``error`` with a known code and a 44xx close."""
    table = table.replace("TABLE", party.table, 1)
    query = ""
    if token is not None:
        if token == "TOKEN":
            token = party.tokens[0]
            assert token is not None
        raw = token.encode("utf-8", "surrogatepass")
        query = "?token=" + urllib.parse.quote_from_bytes(raw, safe="")
    url = f"ws://127.0.0.1:{fuzzed.server.port}/ws/{table}{query}"
    try:
        ws = connect(url, max_size=None, open_timeout=20)
    except InvalidHandshake as e:  # a path the router has no WebSocket for (a 404)
        assert "/" in urllib.parse.unquote(table) or not table, (url, e)
        fuzzed.check_log()
        return
    with ws:
        try:
            msg = json.loads(ws.recv(timeout=20))
        except ConnectionClosed as e:
            fuzzed.check_log()
            raise AssertionError(f"{url}: closed without a reply: {e}") from e
        note(f"{msg['type']} {msg.get('code', '')}")
        if msg["type"] == "snapshot":
            assert table == party.table and token in (None, "", party.tokens[0]), msg
        else:
            assert msg["type"] == "error" and msg["code"] in ERROR_CODES, msg
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=20)
            assert closed.value.rcvd is not None and closed.value.rcvd.code in CLOSE_CODES
    assert fuzzed.state(party.table) == party.public
    fuzzed.check_log()


# -- in-process: any table the rules accept can be played ----------------------------------------

KINDS = [HUMAN, *(lv.id for lv in LEVELS)]
JUNK_ACTIONS: list[Any] = [
    *CARDS, *WORDS, None, True, False, 1.0, -1, 10**30, -(10**30), 2**63, "", " ", "x" * 41,
    "\x00", "\ud800", [], {}, [1], float("nan"), float("inf"),
]  # fmt: skip
JUNK_SEATS: list[Any] = [0, 1, 2, 3, 4, -1, 10**30, None, True, 1.0, "0"]


def refuse_junk(table: Table, rng: random.Random) -> None:
    """``Table.parse`` of anything for any seat: a legal action of that seat, or TableError
    (with a known code); either way nothing changes."""
    action = rng.choice([*JUNK_ACTIONS, rng.randrange(-5, 200)])
    seat = rng.choice(JUNK_SEATS)
    before = (table.version, json.dumps(table.state_for(None)), list(table.actions))
    try:
        parsed = table.parse(seat, action)
    except TableError as e:
        assert e.code in ERROR_CODES, e
    else:
        assert parsed in table.legal(seat), (seat, action, parsed)
    assert (table.version, json.dumps(table.state_for(None)), list(table.actions)) == before


@settings(max_examples=max(1, round(300 * SCALE)), deadline=None)
@given(
    mostly(st.sampled_from(list(PRESETS)), st.just("nope")),
    mostly(overrides(), ANY_VALUE),
    mostly(st.none(), st.lists(st.sampled_from(KINDS), min_size=3, max_size=4), ratio=2),
    st.integers(0, 2**32 - 1),
)
def test_any_accepted_table_plays_to_its_end(
    preset: str, options: Any, seats: list[str] | None, seed: int
) -> None:
    """``TableConfig.build`` refuses with TableError only (``Ruleset.with_options`` with
    RulesError only), and a table it accepts plays a game of random legal actions to the end,
    its record and replay readable."""
    try:
        rules = Ruleset.preset(preset, options if isinstance(options, dict) else {"x": options})
    except RulesError:
        rules = None
    try:
        config = TableConfig.build(
            preset=preset,
            overrides=options if isinstance(options, dict) else {"x": options},
            games=1,
            seats=seats,
            seed=seed,
        )
    except TableError as e:
        assert e.code in ERROR_CODES
        note(f"refused: {e.code}")
        return
    note("accepted")
    assert rules is not None
    table = Table("t", config)
    rng = random.Random(seed)
    for _step in range(400):
        if table.to_move() is None:
            break
        for _ in range(3):
            refuse_junk(table, rng)
        movers = [s for s in range(table.rules.players) if table.legal(s)]
        seat = rng.choice(movers)  # the seat to move, or one that may double out of turn
        action = rng.choice(table.legal(seat))
        table.apply(seat, table.parse(seat, action))
        json.dumps(table.state_for(seat))
    assert table.is_over()
    refuse_junk(table, rng)
    json.dumps(table.record(1))
    json.dumps(table.replay_json(1))
