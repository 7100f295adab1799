"""Game records (record.md): the spec's example, round trips, `schafkopf score`, the text form."""

from __future__ import annotations

import copy
import io
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from conftest import choose, new_game, say
from schafkopf.game import Game
from schafkopf.record import (
    FORMAT,
    RecordError,
    game_to_record,
    read_records,
    record_from_text,
    record_to_game,
    record_to_text,
    score_record,
    score_stream,
)
from schafkopf.rules import Kind, Ruleset

ROOT = Path(__file__).resolve().parents[1]

# The example of record.md, verbatim.
EXAMPLE: dict[str, Any] = {
    "format": "schafkopf-record/1",
    "rules": {
        "preset": "sauspiel",
        "tarif": {"rufspiel": 20, "solo": 50, "extra": 10, "laufende": 10},
    },
    "players": ["Anna", "Bert", "Cora", "Done"],
    "dealer": 3,
    "hands": [
        "HO GU SU HA H9 H8 GK G8",
        "GO EU HU H7 EA E9 SK S7",
        "EO SO HK EZ E8 E7 SA S9",
        "HZ EK GA GZ G9 G7 SZ S8",
    ],
    "klopfen": [0],
    "bidding": ["spiel", "weiter", "weiter", "weiter"],
    "contract": {"kind": "rufspiel", "declarer": 0, "suit": "G"},
    "doublings": [],
    "tricks": [
        "H8 H7 HK HZ",
        "G7 G8 HU SO",
        "SA S8 HA S7",
        "SU GO EO G9",
        "E7 EK H9 E9",
        "HO EU S9 SZ",
        "GK SK E8 GA",
        "GZ GU EA EZ",
    ],
}
EXAMPLE_RESULT = {
    "declarers": [0, 3],
    "points": [74, 0, 13, 33],
    "declarer_points": 107,
    "won": True,
    "schneider": True,
    "schwarz": False,
    "laufende": 0,
    "multiplier": 2,
    "value": 60,
    "payouts": [60, -60, -60, 60],
}


def example() -> dict[str, Any]:
    return copy.deepcopy(EXAMPLE)


# -- the example of record.md ---------------------------------------------------------------------


def test_example_record_replays_and_scores():
    g = record_to_game(example())
    assert g.is_over()
    r = g.result()
    # Seat 3 holds the Gras-Sau: declarers 0 and 3. Points by trick (winner): 1 H8 H7 HK HZ
    # 14 (3), 2 G7 G8 HU SO 5 (2), 3 SA S8 HA S7 22 (0), 4 SU GO EO G9 8 (2), 5 E7 EK H9 E9 4 (0),
    # 6 HO EU S9 SZ 15 (0), 7 GK SK E8 GA 15 (3), 8 GZ GU EA EZ 33 (0): seat 0 74, seat 3 33.
    # 107 >= 91: Schneider (official). EO, GO with the opponents: "ohne 2", under 3.
    # (20 + 10) x 2 for the knock = 60.
    assert r.to_json() == EXAMPLE_RESULT
    assert sum(r.payouts) == 0


def test_example_partner_runs_away_in_trick_two():
    g = record_to_game(example())
    t2 = g.tricks[1]
    assert t2.leader == 3 and str(t2) == "G7 G8 HU SO"  # seat 3 leads G7 holding GA GZ G9 G7
    assert g.partner == 3
    assert str(g.tricks[6]) == "GK SK E8 GA" and g.tricks[6].winner == 3


def test_example_result_is_checked_when_given():
    rec = example()
    rec["result"] = dict(EXAMPLE_RESULT)
    assert record_to_game(rec).result().value == 60
    rec["result"]["value"] = 61
    with pytest.raises(RecordError, match=r"result.*value"):
        record_to_game(rec)


def test_example_without_bidding_or_players():
    rec = example()
    del rec["bidding"], rec["players"]
    assert record_to_game(rec).result().to_json() == EXAMPLE_RESULT


def test_missing_rules_mean_standard():
    rec = example()
    del rec["rules"], rec["klopfen"]
    r = record_to_game(rec).result()
    # standard: 1 + Schneider 1 (loser_30: the opponents have 13 <= 30); no knock
    assert r.value == 2 and r.payouts == (2, -2, -2, 2)


def test_readers_accept_aliases_writers_write_canonical_tokens():
    rec = example()
    rec["hands"][0] = "ho gu su ha h9 h8 gk g8"
    rec["hands"][3] = "H10 EK GrA GX B9 G7 SZ S8"
    rec["tricks"][0] = "h8 h7 hk h10"
    g = record_to_game(rec)
    out = game_to_record(g)
    assert out["hands"] == EXAMPLE["hands"]
    assert out["tricks"] == EXAMPLE["tricks"]


# -- round trips ----------------------------------------------------------------------------------


def _random_records(k: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    configs = [
        (Ruleset.preset("standard"), (Kind.RUFSPIEL, False), 0.5),
        (Ruleset.preset("sauspiel"), (Kind.WENZ, False), 0.5),
        (Ruleset.preset("bsv", {"all_pass": "ramsch"}), None, 0.0),
        (Ruleset.preset("standard", {"players": 3}), (Kind.SOLO, True), 0.5),
        (Ruleset.preset("standard", {"deck": "short", "stock": True}), None, 0.3),
        (Ruleset.preset("sauspiel", {"max_doublings": 4}), (Kind.RUFSPIEL, False), 0.5),
    ]
    out = []
    for i in range(k):
        rules, target, rate = configs[i % len(configs)]
        g = Game(rules, dealer=rng.randrange(rules.players), seed=rng.getrandbits(32),
                 stock=3 if rules.stock else 0)  # fmt: skip
        stop = None if i % 4 else rng.randrange(6, 30)
        while not g.is_over() and (
            stop is None or len(g.history) < stop or g.phase in ("naming", "klopfen")
        ):
            s, a = choose(g, rng, target, spiel_rate=rate)
            g.apply(a, s)
        names = [f"Spieler {s}" for s in range(rules.players)]
        out.append(game_to_record(g, players=names, meta={"id": i, "event": "test"}))
    return out


RECORDS = _random_records(60, 5)


def test_record_round_trip_write_read_same_result():
    for rec in RECORDS:
        text = json.dumps(rec, ensure_ascii=False)
        back = json.loads(text)
        g = record_to_game(back)
        again = game_to_record(g, players=back["players"], meta=back)
        assert again == rec  # metadata kept, everything else rewritten identically
        if "result" in rec:
            assert g.result().to_json() == rec["result"]


def test_score_record_fills_the_result_and_keeps_metadata():
    rec = example()
    rec["id"] = "abc"
    rec["source"] = "record.md"
    out = score_record(rec)
    assert out["result"] == EXAMPLE_RESULT
    assert out["id"] == "abc" and out["source"] == "record.md"


def test_stock_in_the_result():
    g = new_game(
        ["GK G9 S7 S8 E7 E8 H7 H8", "GO EU HU SU HA E9 SA SZ",
         "GU G8 G7 EA EZ SK S9 HK", "EO HO SO GA GZ EK HZ H9"],
        Ruleset.preset("standard", {"stock": True}),
    )  # fmt: skip
    say(g, "weiter", "weiter", "weiter", "weiter")
    rec = game_to_record(g)
    assert rec["result"]["stock"] == 4 and rec["result"]["payouts"] == [-1, -1, -1, -1]
    assert record_to_game(rec).result().stock == 4


def test_record_of_a_game_before_naming_replays():
    g = new_game(
        ["GK G9 S7 S8 E7 E8 H7 H8", "GO EU HU SU HA E9 SA SZ",
         "GU G8 G7 EA EZ SK S9 HK", "EO HO SO GA GZ EK HZ H9"],
    )  # fmt: skip
    say(g, "weiter", "spiel", "weiter", "weiter")
    assert g.phase == "naming"
    rec = game_to_record(g)
    g2 = record_to_game(rec)
    assert g2.phase == "naming" and g2.to_move == 1


# -- schafkopf score -------------------------------------------------------------------------------


def _bad_example() -> dict[str, Any]:
    # trick 3 is SA S8 HA S7 led by seat 2; seat 3 holds SZ S8 but plays GZ: must follow
    rec = example()
    rec["tricks"][2] = "SA GZ HA S7"
    rec["tricks"][7] = "S8 GU EA EZ"
    return rec


def _stream() -> str:
    good2 = copy.deepcopy(RECORDS[0])
    good2.pop("result", None)
    return (
        "\n".join(json.dumps(r) for r in (example(), _bad_example(), good2))
        + "\nthis is not json\n"
    )


def test_score_stream_reports_bad_records_and_scores_the_others():
    out, err = io.StringIO(), io.StringIO()
    failures = score_stream(_stream(), out, err, source="games.jsonl")
    assert failures == 2
    lines = out.getvalue().splitlines()
    assert len(lines) == 2
    first = json.loads(lines[0])
    assert first["result"] == EXAMPLE_RESULT
    second = json.loads(lines[1])
    assert "result" in second or not record_to_game(second).is_over()
    msgs = err.getvalue().splitlines()
    assert len(msgs) == 2
    assert msgs[0].startswith("games.jsonl:2:")
    assert "trick 3" in msgs[0] and "seat 3" in msgs[0] and "GZ" in msgs[0]
    assert "follow" in msgs[0]  # the reason
    assert msgs[1].startswith("games.jsonl:4:") and "JSON" in msgs[1]


def test_score_stream_single_pretty_document():
    out, err = io.StringIO(), io.StringIO()
    assert score_stream(json.dumps(example(), indent=2), out, err) == 0
    assert json.loads(out.getvalue())["result"] == EXAMPLE_RESULT
    assert err.getvalue() == ""


def test_read_records_line_numbers():
    got = list(read_records('\n{"a": 1}\n\n{"b": 2}\n'))
    assert [ln for ln, _ in got] == [2, 4]


def _cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "schafkopf", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def test_cli_score_file(tmp_path):
    f = tmp_path / "games.jsonl"
    f.write_text(_stream(), encoding="utf-8")
    p = _cli("score", str(f))
    assert p.returncode != 0
    lines = p.stdout.splitlines()
    assert len(lines) == 2
    assert json.loads(lines[0])["result"] == EXAMPLE_RESULT
    err = p.stderr
    assert f"{f}:2:" in err
    assert "trick 3" in err and "seat 3" in err and "follow" in err
    assert f"{f}:4:" in err


def test_cli_score_stdin_all_good():
    p = _cli("score", "-", stdin=json.dumps(example()) + "\n")
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["result"]["value"] == 60


# -- the text form ---------------------------------------------------------------------------------


GAME_FIELDS = ("format", "rules", "players", "dealer", "hands", "klopfen", "bidding", "contract",
               "doublings", "tricks", "stock_before")  # fmt: skip


def _content(rec: dict[str, Any]) -> dict[str, Any]:
    """A record's game content, normalised through the engine."""
    g = record_to_game(rec)
    out = game_to_record(g, players=rec.get("players"))
    return {k: out.get(k) for k in GAME_FIELDS}


def test_text_form_of_the_example():
    line = record_to_text(example())
    assert line.startswith("sk1 sauspiel d3 ")
    assert "\n" not in line
    rec = record_from_text(line)
    assert _content(rec) == _content(example())
    assert record_to_game(rec).result().to_json() == EXAMPLE_RESULT


def test_text_to_record_to_text_is_identical():
    for rec in [example(), *RECORDS]:
        line = record_to_text(rec)
        back = record_from_text(line)
        assert record_to_text(back) == line


def test_record_to_text_to_record_keeps_the_game():
    for rec in [example(), *RECORDS]:
        back = record_from_text(record_to_text(rec))
        assert back["format"] == FORMAT
        assert _content(back) == _content(rec)
        if "result" in rec:
            assert record_to_game(back).result().to_json() == rec["result"]


def test_text_form_errors_are_record_errors():
    for bad in ["", "sk2 standard d0 x", "sk1 standard dx EO", "sk1 standard d0 EOGO",
                "sk1 standard d0 " + "EO" * 32]:  # fmt: skip
        with pytest.raises(RecordError):
            record_from_text(bad)


def _finished(seed: int) -> Game:
    from schafkopf.players.heuristic import HeuristicPlayer

    g = Game(Ruleset.preset("sauspiel"), seed=seed)
    player, rng = HeuristicPlayer(), random.Random(seed)
    while not g.is_over():
        seat = g.to_move
        assert seat is not None
        g.apply(player.choose(g.view(seat), rng), seat)
    return g


def test_the_text_form_is_lossless_and_readable() -> None:
    """Names read as names (only white space, commas and % escaped), other fields ride in
    m:, and the result comes back by replay: text and back gives the same record."""
    names = ["Anna Maria", "Sepp, der Große", "Resi 100%", "Hias"]
    for seed in range(6):
        rec = game_to_record(_finished(seed), names, {"table": "t 1", "game": seed})
        line = record_to_text(rec)
        assert " p:Anna%20Maria,Sepp%2C%20der%20Große,Resi%20100%25,Hias " in line
        assert record_from_text(line) == rec


def test_the_text_form_reads_the_old_names_field() -> None:
    rec = game_to_record(_finished(1), ["A", "B", "C", "D"])
    old = record_to_text(rec).replace("p:A,B,C,D", "p:%5B%22A%22%2C%22B%22%2C%22C%22%2C%22D%22%5D")
    assert record_from_text(old)["players"] == ["A", "B", "C", "D"]


def test_record_type_reads_and_writes_every_form() -> None:
    from schafkopf.record import Record

    records = [Record.from_game(_finished(s), ["A", "B", "C", "D"]) for s in range(3)]
    assert all(r.is_over() and r.result is not None for r in records)
    for text in (False, True):
        out = io.StringIO()
        for r in records:
            r.write(out, text=text)
        assert list(Record.read(io.StringIO(out.getvalue()))) == records
    pretty = json.dumps(records[0].to_json(), indent=2)
    assert list(Record.read(io.StringIO(pretty))) == records[:1]
    assert records[0].to_game().result().to_json() == records[0].result
    assert repr(records[0]).startswith("<Record sauspiel, dealer ")
    bad = io.StringIO(json.dumps(records[0].to_json()) + "\n{not json}\n")
    reader = Record.read(bad)
    assert next(reader) == records[0]
    with pytest.raises(RecordError) as e:
        next(reader)
    assert e.value.line == 2
