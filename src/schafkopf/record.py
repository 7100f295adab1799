"""Game records (``schafkopf-record/1``): write, read, validate by replay, score; the text form.

A record is a JSON object (shared/spec/record.md). :func:`record_to_game` replays it through
the engine and raises :class:`RecordError` naming the place (field, trick, seat) of the first
rule it breaks; :func:`game_to_record` writes any game, finished or not. The one-line text form
(:func:`record_to_text`) is for people: it carries the whole game but not the metadata.

>>> from schafkopf.game import Game
>>> rec = game_to_record(Game(seed=1))
>>> record_from_text(record_to_text(rec))["hands"] == rec["hands"]
True
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import IO, Any, Final
from urllib.parse import quote, unquote

from schafkopf.actions import (
    DOUBLE,
    KLOPFEN,
    NICHT_KLOPFEN,
    SPIEL,
    WEITER,
    ActionError,
    action_name,
    contract_of,
    is_name,
    is_offer,
    name_action,
    parse_action,
)
from schafkopf.cards import CardError, card_token, parse_card
from schafkopf.errors import SchafkopfError
from schafkopf.game import (
    BIDDING,
    KLOPFEN_PHASE,
    NAMING,
    PLAY,
    SETTLING,
    Game,
    GameError,
    IllegalActionError,
)
from schafkopf.rules import Contract, Kind, RulesError, Ruleset
from schafkopf.scoring import Result

FORMAT: Final = "schafkopf-record/1"
_KNOWN: Final = frozenset(
    {"format", "rules", "players", "dealer", "hands", "klopfen", "bidding", "contract",
     "doublings", "tricks", "result", "stock_before"}
)  # fmt: skip


class RecordError(SchafkopfError):
    """A record that is malformed or breaks a rule; the message names the place."""

    code = "bad_record"

    line: int | None = None
    """Where in the input the error is, when the reader knows (from 1)."""


def game_to_record(
    game: Game, players: list[str] | None = None, meta: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The record of ``game`` as it stands (with ``result`` once it is over)."""
    rec: dict[str, Any] = {"format": FORMAT, "rules": game.rules.to_json()}
    if meta:
        rec.update({k: v for k, v in meta.items() if k not in _KNOWN})
    if players is not None:
        rec["players"] = list(players)
    rec["dealer"] = game.dealer
    rec["hands"] = [" ".join(card_token(c) for c in h) for h in game.deal]
    if game.stock_before:
        rec["stock_before"] = game.stock_before
    rec["klopfen"] = list(game.knocks)
    bidding = []
    for _seat, a in game.history:
        if a in (WEITER, SPIEL) or is_offer(a):
            bidding.append(action_name(a))
    rec["bidding"] = bidding
    rec["contract"] = game.contract.to_json() if game.contract else None
    rec["doublings"] = [{"seat": s, "at": at} for s, at in game.doublings]
    tricks = [str(t) for t in game.tricks]
    if game.trick:
        tricks.append(" ".join(card_token(c) for c in game.trick))
    rec["tricks"] = tricks
    if game.is_over():
        rec["result"] = game.result().to_json()
    return rec


def _need(cond: bool, msg: str) -> None:
    if not cond:
        raise RecordError(msg)


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def record_to_game(rec: Any) -> Game:
    """Replay a record through the engine; the first broken rule raises :class:`RecordError`."""
    _need(isinstance(rec, Mapping), "a record must be a JSON object")
    _need(rec.get("format") == FORMAT, f"format must be {FORMAT!r}, got {rec.get('format')!r}")
    try:
        rules = Ruleset.from_json(rec.get("rules"))
    except RulesError as e:
        raise RecordError(f"rules: {e}") from None
    n = rules.players
    dealer = rec.get("dealer")
    _need(_is_int(dealer) and 0 <= dealer < n, f"dealer must be a seat 0..{n - 1}, got {dealer!r}")
    players = rec.get("players")
    if players is not None:
        _need(
            isinstance(players, list)
            and len(players) == n
            and all(isinstance(p, str) for p in players),
            f"players must be a list of {n} names",
        )
    hands = rec.get("hands")
    _need(
        isinstance(hands, list) and all(isinstance(h, str) for h in hands),
        "hands must be a list of strings",
    )
    stock = rec.get("stock_before", 0)
    _need(_is_int(stock) and stock >= 0, f"stock_before must be a whole number >= 0, got {stock!r}")
    try:
        game = Game(rules, dealer=dealer, hands=hands, stock=stock)
    except (GameError, CardError) as e:
        raise RecordError(f"hands: {e}") from None

    contract = _read_contract(rec.get("contract"))
    knocks = rec.get("klopfen") or []
    _need(
        isinstance(knocks, list) and all(_is_int(s) and 0 <= s < n for s in knocks),
        "klopfen must be a list of seats",
    )
    _need(len(set(knocks)) == len(knocks), "klopfen: a seat may knock only once")
    if knocks and not rules.klopfen:
        raise RecordError("klopfen: these rules have no Klopfen")
    if game.phase == KLOPFEN_PHASE:
        for _ in range(n):
            s = game.to_move
            assert s is not None
            game.apply(KLOPFEN if s in knocks else NICHT_KLOPFEN)

    bidding = rec.get("bidding")
    if bidding is None:
        bidding = _implied_bidding(game, contract)
    _need(
        isinstance(bidding, list) and all(isinstance(b, str) for b in bidding),
        "bidding must be a list of words",
    )
    for i, word in enumerate(bidding):
        where = f"bidding[{i}] {word!r}"
        _need(game.phase in (BIDDING, SETTLING), f"{where}: the bidding is already over")
        try:
            action = parse_action(word)
        except ActionError as e:
            raise RecordError(f"{where}: {e}") from None
        _apply(game, action, None, where)

    tricks = rec.get("tricks") or []
    doublings = rec.get("doublings") or []
    if game.phase == NAMING and contract is None:
        # A game waiting for its contract to be named: nothing may follow.
        _need(
            not tricks and not doublings,
            f"contract: seat {game.to_move} won the bidding but no contract is given",
        )
    elif game.phase == NAMING:
        assert contract is not None
        _need(
            contract.declarer == game.to_move,
            f"contract: the declarer must be seat {game.to_move}, who won the bidding, "
            f"not {contract.declarer}",
        )
        _apply(game, name_action(contract.kind, contract.suit, contract.tout), None, "contract")
    elif contract is not None and contract != game.contract:
        if contract.kind is Kind.RAMSCH:
            raise RecordError("contract: Ramsch needs all to pass and the rules' all_pass 'ramsch'")
        raise RecordError(f"contract: {contract.name()} does not follow from the bidding")
    elif contract is None and game.contract is not None:
        raise RecordError(f"contract: missing; the bidding gives {game.contract.name()}")

    _need(isinstance(doublings, list), "doublings must be a list")
    pending: list[tuple[int, int, int]] = []
    for i, d in enumerate(doublings):
        ok = isinstance(d, Mapping) and _is_int(d.get("seat")) and _is_int(d.get("at"))
        _need(ok, f"doublings[{i}] must be {{'seat': int, 'at': int}}")
        _need(0 <= d["seat"] < n, f"doublings[{i}]: no seat {d['seat']}")
        pending.append((d["at"], d["seat"], i))
    _need(
        all(pending[i][0] <= pending[i + 1][0] for i in range(len(pending) - 1)),
        "doublings must be in the order said (their 'at' never decreases)",
    )

    _need(
        isinstance(tricks, list) and all(isinstance(t, str) for t in tricks),
        "tricks must be a list of strings",
    )
    k = 0
    for ti, t in enumerate(tricks):
        try:
            cards = [parse_card(tok) for tok in t.split()]
        except CardError as e:
            raise RecordError(f"trick {ti + 1}: {e}") from None
        _need(len(cards) <= n, f"trick {ti + 1} has {len(cards)} cards, at most {n}")
        _need(
            len(cards) == n or ti == len(tricks) - 1,
            f"trick {ti + 1} has {len(cards)} cards; only the last trick may be unfinished",
        )
        for ci, c in enumerate(cards):
            k = _apply_doublings(game, pending, k)
            _need(
                game.phase == PLAY, f"trick {ti + 1}: no card play here (the game is {game.phase})"
            )
            seat = game.to_move
            _apply(game, c, None, f"trick {ti + 1}, card {ci + 1} ({card_token(c)}), seat {seat}")
    k = _apply_doublings(game, pending, k)
    if k < len(pending):
        at, seat, i = pending[k]
        raise RecordError(f"doublings[{i}]: at {at} is after the last card played ({game.played})")

    if "result" in rec and rec["result"] is not None:
        if not game.is_over():
            raise RecordError("result: the record gives a result but the game is not finished")
        diffs = check_result(rec["result"], game.result())
        if diffs:
            raise RecordError("result: " + "; ".join(diffs))
    return game


def _apply_doublings(game: Game, pending: list[tuple[int, int, int]], k: int) -> int:
    while k < len(pending) and pending[k][0] == game.played:
        _at, seat, i = pending[k]
        _apply(game, DOUBLE, seat, f"doublings[{i}] ({game.doubling_name()} by seat {seat})")
        k += 1
    return k


def _apply(game: Game, action: int, seat: int | None, where: str) -> None:
    try:
        game.apply(action, seat)
    except IllegalActionError as e:
        raise RecordError(f"{where}: {e}") from None


def _implied_bidding(game: Game, contract: Contract | None) -> list[str]:
    """Bids for a record that gives only the contract: the declarer alone says spiel."""
    n = game.rules.players
    words = []
    for i in range(n):
        seat = (game.vorhand + i) % n
        words.append("spiel" if contract is not None and seat == contract.declarer else "weiter")
    return words


def _read_contract(data: Any) -> Contract | None:
    if data is None:
        return None
    try:
        return Contract.from_json(data)
    except RulesError as e:
        raise RecordError(f"contract: {e}") from None


def check_result(expected: Any, result: Result) -> list[str]:
    """The fields of a given ``result`` object that differ from the engine's, as sentences."""
    if not isinstance(expected, Mapping):
        return ["must be an object"]
    got = result.to_json()
    out = []
    for key, want in expected.items():
        if key in got:
            have = got[key]
        elif key == "stock":
            have = result.stock
        else:
            continue
        if have != want:
            out.append(f"{key} is {have!r} by the rules, the record says {want!r}")
    return out


def score_record(rec: Any) -> dict[str, Any]:
    """Replay a record and return it with ``result`` filled in (metadata kept)."""
    game = record_to_game(rec)
    out = dict(rec)
    if game.is_over():
        out["result"] = game.result().to_json()
    return out


def is_session_line(item: Any) -> bool:
    """A terminal session file's header (``{"format": "schafkopf-session/1", ...}``) or an
    action of its game in progress (``{"game": n, "act": [...]}``): no record, and no error
    (a session file's other lines are the records of its finished games)."""
    return isinstance(item, Mapping) and (
        "act" in item or str(item.get("format", "")).startswith("schafkopf-session")
    )


def read_records(text: str) -> Iterator[tuple[int, Any]]:
    """The records in ``text``: one JSON document (a record or a list of them, pretty-printed
    or not), or JSON Lines; yields (line, record).

    What cannot be read yields a :class:`RecordError` in place of the record: each line of
    JSON Lines that is not JSON, or a document cut short as a whole (one error, not one per
    line). Nesting too deep and numbers too long for Python are such errors too.
    """
    lines = text.splitlines()
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        return
    head = lines[first].lstrip()
    if head[:1] in ("{", "[") and isinstance(_loads(lines[first]), RecordError):
        doc = _loads(text)  # not JSON Lines: one document over several lines
        if isinstance(doc, RecordError):
            yield doc.line or first + 1, doc
            return
        for item in doc if isinstance(doc, list) else [doc]:
            yield first + 1, item
        return
    for lineno, line in enumerate(lines, 1):
        if line.strip():
            item = _loads(line)
            for record in item if isinstance(item, list) else [item]:
                yield lineno, record  # a line may hold a list of records


def _loads(text: str) -> Any:
    """Decoded JSON, or a :class:`RecordError` saying why it is not (its ``line``: where in
    ``text``, from 1)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        last = len(text.rstrip().splitlines()) or 1
        several = last > 1
        where = f"line {e.lineno}, column {e.colno}" if several else f"column {e.colno}"
        cut = " (the text ends early: cut short?)" if several and e.lineno >= last else ""
        error = RecordError(f"not JSON: {e.msg} at {where}{cut}")
        error.line = e.lineno
        return error
    except RecursionError:
        return RecordError("not JSON this program reads: nested too deeply")
    except ValueError as e:  # an integer of more digits than Python converts
        return RecordError(f"not JSON this program reads: {str(e).split(';')[0]}")


MAX_ERROR_LINES: Final = 20
"""Error lines a command prints; the rest are counted in one more line."""


class ErrorReport:
    """Where a command's errors go: ``source:line: message``, at most
    :data:`MAX_ERROR_LINES` of them, then how many more there were (:meth:`close`)."""

    def __init__(self, err: IO[str], source: str, most: int = MAX_ERROR_LINES) -> None:
        self.err = err
        self.source = source
        self.most = most
        self.count = 0

    def __call__(self, line: int | None, message: str) -> None:
        """Report one error (``line`` None: about the whole input)."""
        self.count += 1
        if self.count <= self.most:
            where = self.source if line is None else f"{self.source}:{line}"
            self.err.write(f"{where}: {message}\n")

    def close(self) -> None:
        """Say how many errors were not shown."""
        hidden = self.count - self.most
        if hidden > 0:
            self.err.write(f"{self.source}: {hidden} more error{'s' if hidden > 1 else ''}\n")


def score_stream(text: str, out: IO[str], err: IO[str], source: str = "-") -> int:
    """``schafkopf score``: score every record, write each back; errors go to ``err`` (at
    most :data:`MAX_ERROR_LINES`, then a count). Returns the number of failures; an input
    without any record is one."""
    report = ErrorReport(err, source)
    seen = 0
    for lineno, rec in read_records(text):
        if is_session_line(rec):
            continue
        seen += 1
        try:
            if isinstance(rec, RecordError):
                raise rec
            scored = score_record(rec)
        except RecordError as e:
            report(lineno, str(e))
            continue
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as e:
            report(lineno, f"a malformed record ({type(e).__name__}: {e})")
            continue
        out.write(json.dumps(scored, ensure_ascii=False) + "\n")
    if seen == 0:
        report(None, "no record in the input")
    report.close()
    return report.count


# -- the one-line text form -----------------------------------------------------------------

_TEXT_TAG: Final = "sk1"


def record_to_text(rec: Mapping[str, Any]) -> str:
    """The one-line form: ``sk1 <preset> d<dealer> <hands> [k:..] [b:..] [c:..] [x:..] [t:..]``.

    Hands and tricks are tokens run together (``EOGOHO...``) with ``|`` between seats or
    tricks; ``r:`` carries rule overrides, ``p:`` the player names as they read
    (``p:Anna,Sepp,Resi,Hias``: only white space, commas and ``%`` are %-escaped) and ``m:``
    any other field of the record (compact JSON, white space %-escaped). The result is not
    written: reading the line back replays the game and fills it in, so nothing is lost.
    """
    game = record_to_game(rec)
    rules = game.rules.to_json()
    preset = rules.pop("preset")
    parts = [
        _TEXT_TAG,
        preset,
        f"d{game.dealer}",
        "|".join("".join(card_token(c) for c in h) for h in game.deal),
    ]
    if rules:
        parts.append("r:" + json.dumps(rules, separators=(",", ":")))
    if rec.get("players"):
        parts.append("p:" + ",".join(_escape(str(name)) for name in rec["players"]))
    meta = {k: v for k, v in rec.items() if k not in _KNOWN}
    if meta:
        compact = json.dumps(meta, separators=(",", ":"), ensure_ascii=False)
        parts.append("m:" + _escape(compact, commas=False))
    if game.stock_before:
        parts.append(f"s:{game.stock_before}")
    if game.knocks:
        parts.append("k:" + ",".join(map(str, game.knocks)))
    bids = [
        action_name(a).replace(" ", "-")
        for _s, a in game.history
        if a in (WEITER, SPIEL) or is_offer(a)
    ]
    if bids:
        parts.append("b:" + ",".join(bids))
    named = [a for _s, a in game.history if is_name(a)]
    if game.contract is not None and named:
        parts.append(f"c:{game.contract.declarer}:" + action_name(named[0]).replace(" ", "-"))
    elif game.contract is not None:
        parts.append("c:ramsch")
    if game.doublings:
        parts.append("x:" + ",".join(f"{s}@{at}" for s, at in game.doublings))
    tricks = ["".join(card_token(c) for c in t.cards) for t in game.tricks]
    if game.trick:
        tricks.append("".join(card_token(c) for c in game.trick))
    if tricks:
        parts.append("t:" + "|".join(tricks))
    return " ".join(parts)


def _split_tokens(run: str, where: str) -> list[str]:
    if len(run) % 2:
        raise RecordError(f"{where}: {run!r} is not a run of two-character card tokens")
    try:
        return [card_token(parse_card(run[i : i + 2])) for i in range(0, len(run), 2)]
    except CardError as e:
        raise RecordError(f"{where}: {e}") from None


def record_from_text(line: str) -> dict[str, Any]:
    """Read the one-line form back into a record (validated by replay)."""
    words = line.split()
    if len(words) < 4 or words[0] != _TEXT_TAG:
        raise RecordError(f"a text record starts with '{_TEXT_TAG} <preset> d<dealer> <hands>'")
    rules: dict[str, Any] = {"preset": words[1]}
    if not (words[2].startswith("d") and words[2][1:].isdigit()):
        raise RecordError(f"expected the dealer as d<seat>, got {words[2]!r}")
    rec: dict[str, Any] = {"format": FORMAT, "rules": rules, "dealer": int(words[2][1:])}
    rec["hands"] = [" ".join(_split_tokens(h, "hands")) for h in words[3].split("|")]
    rec["klopfen"], rec["bidding"], rec["doublings"], rec["tricks"] = [], [], [], []
    rec["contract"] = None
    for w in words[4:]:
        key, sep, val = w.partition(":")
        if not sep:
            raise RecordError(f"cannot read {w!r}: expected key:value")
        try:
            if key == "r":
                overrides = json.loads(val)
                if not isinstance(overrides, dict):
                    raise RecordError(f"cannot read {w!r}: rule overrides must be a JSON object")
                rules.update(overrides)
            elif key == "p" and val.startswith(("%5B", "[")):  # before names read as names
                rec["players"] = json.loads(unquote(val))
            elif key == "p":
                rec["players"] = [unquote(name) for name in val.split(",")]
            elif key == "m":
                meta = json.loads(unquote(val))
                if not isinstance(meta, dict):
                    raise RecordError(f"cannot read {w!r}: m: must be a JSON object")
                rec.update({k: v for k, v in meta.items() if k not in _KNOWN})
            elif key == "s":
                rec["stock_before"] = int(val)
            elif key == "k":
                rec["klopfen"] = [int(x) for x in val.split(",")]
            elif key == "b":
                rec["bidding"] = [b.replace("-", " ") for b in val.split(",")]
            elif key == "c" and val == "ramsch":
                rec["contract"] = {"kind": "ramsch"}
            elif key == "c":
                seat, _, name = val.partition(":")
                action = parse_action(name.replace("-", " "), naming=True)
                if not is_name(action):
                    raise RecordError(f"cannot read {w!r}: {name!r} names no contract")
                rec["contract"] = contract_of(action, int(seat)).to_json()
            elif key == "x":
                rec["doublings"] = [
                    {"seat": int(s), "at": int(at)}
                    for s, at in (d.split("@") for d in val.split(","))
                ]
            elif key == "t":
                rec["tricks"] = [" ".join(_split_tokens(t, "tricks")) for t in val.split("|")]
            else:
                raise RecordError(f"unknown field {key!r} in {w!r}")
        except RecordError:
            raise
        except (ValueError, TypeError, IndexError, KeyError) as e:  # ActionError, JSON errors
            raise RecordError(f"cannot read {w!r}: {e}") from None
    game = record_to_game(rec)
    if game.is_over():
        rec["result"] = game.result().to_json()
    return rec


class Record:
    """One ``schafkopf-record/1`` game record, checked by replay when it is made.

    >>> from schafkopf.game import Game
    >>> rec = Record.from_game(Game(seed=7), players=["Anna", "Sepp", "Resi", "Hias"])
    >>> rec.players, rec.dealer, rec.is_over()
    (['Anna', 'Sepp', 'Resi', 'Hias'], 0, False)
    >>> Record.from_text(rec.to_text()) == rec
    True
    >>> import io
    >>> out = io.StringIO()
    >>> rec.write(out)
    >>> [r == rec for r in Record.read(io.StringIO(out.getvalue()))]
    [True]
    """

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[str, Any]) -> None:
        """A record from its JSON form; raises :class:`RecordError` unless it replays."""
        if not isinstance(data, Mapping):
            raise RecordError("a record must be a JSON object")
        game = record_to_game(data)
        self._data = dict(data)
        if game.is_over() and "result" not in self._data:
            self._data["result"] = game.result().to_json()

    @classmethod
    def from_game(
        cls,
        game: Game,
        players: list[str] | None = None,
        meta: Mapping[str, Any] | None = None,
    ) -> Record:
        """The record of ``game`` as it stands."""
        return cls(game_to_record(game, players, meta))

    @classmethod
    def from_text(cls, line: str) -> Record:
        """A record from the one-line text form (:func:`record_to_text`)."""
        return cls(record_from_text(line))

    @staticmethod
    def read(handle: IO[str]) -> Iterator[Record]:
        """Every record in a file: one JSON document, JSON Lines or text-form lines (read
        as a whole first: a document may span lines). A bad one raises
        :class:`RecordError` with its ``line``."""
        text = handle.read()
        if not isinstance(text, str):
            raise RecordError(
                "records are read from a text file: open it with open(path, encoding='utf-8'),"
                " not in binary mode"
            )
        if text.lstrip().startswith(_TEXT_TAG):
            items: Iterator[tuple[int, Any]] = (
                (n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip()
            )
        else:
            items = read_records(text)
        for line, item in items:
            try:
                if isinstance(item, RecordError):
                    raise item
                yield Record.from_text(item) if isinstance(item, str) else Record(item)
            except RecordError as e:
                e.line = line
                raise

    def write(self, handle: IO[str], *, text: bool = False) -> None:
        """Append the record as one line: JSON (JSON Lines), or with ``text`` the text form."""
        handle.write(self.to_text() if text else json.dumps(self._data, ensure_ascii=False))
        handle.write("\n")

    def to_game(self) -> Game:
        """The game, replayed from the record."""
        return record_to_game(self._data)

    def to_json(self) -> dict[str, Any]:
        """The JSON form (a copy)."""
        return json.loads(json.dumps(self._data))  # type: ignore[no-any-return]

    def to_text(self) -> str:
        """The one-line text form."""
        return record_to_text(self._data)

    @property
    def players(self) -> list[str] | None:
        """The players' names, if the record has them."""
        names = self._data.get("players")
        return list(names) if names is not None else None

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return int(self._data["dealer"])

    @property
    def result(self) -> dict[str, Any] | None:
        """The result (JSON form) of a finished game, else None."""
        return self._data.get("result")

    def is_over(self) -> bool:
        """True when the record holds a finished game."""
        return "result" in self._data

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Record) and self._data == other._data

    def __hash__(self) -> int:
        return hash(json.dumps(self._data, sort_keys=True))

    def __repr__(self) -> str:
        preset = self._data.get("rules", {}).get("preset", "standard")
        contract = self._data.get("contract")
        what = contract.get("kind") if isinstance(contract, dict) else "no contract yet"
        state = "over" if self.is_over() else f"{len(self._data.get('tricks', []))} tricks"
        return f"<Record {preset}, dealer {self.dealer}, {what}, {state}>"


def _escape(text: str, *, commas: bool = True) -> str:
    """``text`` with white space, ``%`` (and commas) %-escaped: readable, and one word."""
    out = []
    for ch in text:
        if ch == "%" or ch.isspace() or (commas and ch == ",") or not ch.isprintable():
            out.append(quote(ch, safe=""))
        else:
            out.append(ch)
    return "".join(out)


__all__ = [
    "FORMAT",
    "Record",
    "RecordError",
    "check_result",
    "game_to_record",
    "is_session_line",
    "read_records",
    "record_from_text",
    "record_to_game",
    "record_to_text",
    "score_record",
    "score_stream",
]
