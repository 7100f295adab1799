"""A corpus of malformed input through every command that reads records or logs: each ends
with the documented exit code (1 bad data, 2 cannot read), no traceback, and at most 21 lines
on stderr (20 errors, then a count of the rest)."""

from __future__ import annotations

import gzip
import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from schafkopf.cli import app
from schafkopf.game import Game
from schafkopf.record import game_to_record

CORPUS: dict[str, Callable[[], bytes]] = {
    "deep_nesting": lambda: b"[" * 100_000,
    "deep_object": lambda: b'{"a": ' * 50_000,
    "huge_number": lambda: b'{"dealer": ' + b"9" * 5000 + b"}\n",
    "binary": lambda: bytes(range(256)) * 400,
    "empty": lambda: b"",
    "blank": lambda: b"  \n\n\t\n",
    "garbage_lines": lambda: b"\n".join(b"garbage %d" % i for i in range(1_000_000)),
    "truncated_document": lambda: json.dumps(game_to_record(Game(seed=3)), indent=2).encode()[:-40],
    "not_a_record": lambda: b'"just a string"\n[1, 2, 3]\n{"format": 5}\n',
    "nul_bytes": lambda: b"\x00" * 1000,
    "broken_gzip": lambda: gzip.compress(b'{"format": "schafkopf-record/1"}\n' * 50)[:-30],
    "gzipped_garbage": lambda: gzip.compress(b"garbage\n" * 100),
}

COMMANDS = (["score"], ["text"], ["import", "netschafkopf"], ["solve"])


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("corpus")
    out = {}
    for name, make in CORPUS.items():
        out[name] = folder / f"{name}.txt"
        out[name].write_bytes(make())
    return out


def _stderr_lines(result: object) -> list[str]:
    return [line for line in getattr(result, "stderr", "").splitlines() if line.strip()]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: "_".join(c))
@pytest.mark.parametrize("name", list(CORPUS))
def test_bad_input_is_bad_data(corpus: dict[str, Path], command: list[str], name: str) -> None:
    result = CliRunner().invoke(app, [*command, str(corpus[name])])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1, (result.exit_code, result.stderr[-500:])
    lines = _stderr_lines(result)
    assert 1 <= len(lines) <= 21, lines[:3]
    assert "Traceback" not in result.stderr
    assert all(str(corpus[name]) in line for line in lines), lines[:3]  # each names the file


def test_errors_past_twenty_are_counted(corpus: dict[str, Path]) -> None:
    result = CliRunner().invoke(app, ["score", str(corpus["garbage_lines"])])
    lines = _stderr_lines(result)
    assert len(lines) == 21 and lines[-1].endswith(": 999980 more errors"), lines[-1]
    assert lines[0].startswith(f"{corpus['garbage_lines']}:1: not JSON")


def test_a_truncated_document_is_one_error(corpus: dict[str, Path]) -> None:
    result = CliRunner().invoke(app, ["score", str(corpus["truncated_document"])])
    lines = _stderr_lines(result)
    assert len(lines) == 1 and "ends early" in lines[0], lines


def test_an_empty_input_says_so(corpus: dict[str, Path]) -> None:
    for name in ("empty", "blank"):
        result = CliRunner().invoke(app, ["score", str(corpus[name])])
        assert result.exit_code == 1 and "no record in the input" in result.stderr


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: "_".join(c))
def test_a_missing_file_cannot_be_read(command: list[str]) -> None:
    result = CliRunner().invoke(app, [*command, "/no/such/file.json"])
    assert result.exit_code == 2
    assert "/no/such/file.json: cannot read it" in result.stderr


def test_text_reads_what_score_reads() -> None:
    """A pretty-printed record, and a list of records, go through ``text`` as through
    ``score``; the text form reads back to the same record."""
    records = [game_to_record(Game(seed=s)) for s in (1, 2)]
    for data in (json.dumps(records[0], indent=2), json.dumps(records)):
        scored = CliRunner().invoke(app, ["score", "-"], input=data)
        assert scored.exit_code == 0, scored.stderr
        texts = CliRunner().invoke(app, ["text", "-"], input=data)
        assert texts.exit_code == 0, texts.stderr
        assert len(texts.stdout.splitlines()) == len(scored.stdout.splitlines())
        back = CliRunner().invoke(app, ["text", "-"], input=texts.stdout)
        assert back.exit_code == 0, back.stderr
        for line, rec in zip(back.stdout.splitlines(), records, strict=False):
            assert json.loads(line)["hands"] == rec["hands"]


def test_gzipped_records_read_as_plain(tmp_path: Path) -> None:
    """The arena writes ``games.jsonl.gz``: score, text and stats take it as it is (every
    reading command reads its input through the same function)."""
    lines = "".join(json.dumps(game_to_record(Game(seed=s))) + "\n" for s in range(3))
    (tmp_path / "g.jsonl").write_text(lines, encoding="utf-8")
    (tmp_path / "g.jsonl.gz").write_bytes(gzip.compress(lines.encode()))
    for command in (["score"], ["text"], ["stats", "--json"]):
        plain = CliRunner().invoke(app, [*command, str(tmp_path / "g.jsonl")])
        packed = CliRunner().invoke(app, [*command, str(tmp_path / "g.jsonl.gz")])
        assert packed.exit_code == plain.exit_code, packed.stderr
        assert packed.stdout == plain.stdout and plain.stdout


def test_a_session_file_reads_as_its_finished_games(tmp_path: Path) -> None:
    """A terminal session file (``play --session``): its header and the actions of the game
    in progress are passed over, its finished games read as records."""
    lines = [json.dumps(game_to_record(_finished(s))) for s in range(2)]
    (tmp_path / "g.jsonl").write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    header = {"format": "schafkopf-session/1", "rules": {"preset": "standard"}, "players": []}
    session = [json.dumps(header), *lines, json.dumps({"game": 3, "act": [0, 40]})]
    (tmp_path / "s.jsonl").write_text("\n".join(session) + "\n", encoding="utf-8")
    for command in (["score"], ["text"]):
        plain = CliRunner().invoke(app, [*command, str(tmp_path / "g.jsonl")])
        from_session = CliRunner().invoke(app, [*command, str(tmp_path / "s.jsonl")])
        assert plain.exit_code == from_session.exit_code == 0, from_session.stderr
        assert from_session.stdout == plain.stdout


def _finished(seed: int) -> Game:
    from schafkopf.players import HeuristicPlayer, play_game

    return play_game(Game(seed=seed), [HeuristicPlayer()] * 4, random.Random(seed))
