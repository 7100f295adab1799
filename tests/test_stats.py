"""Statistics over played games (schafkopf.stats, ``schafkopf stats``): every count agrees with
one made independently from the records' own results, money sums to minus the Stock's
change, NetSchafkopf imports end at the ledger's balances, and the command reads every record
form, reports bad input with the documented exit codes, and writes the documented JSON and a
self-contained HTML report that opens in chromium without errors."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from conftest import start
from schafkopf import Game, Ruleset
from schafkopf.actions import WEITER
from schafkopf.cli import app
from schafkopf.game import BIDDING, View
from schafkopf.importers.netschafkopf import import_netschafkopf_file, read_log_text
from schafkopf.players import HeuristicPlayer, RandomPlayer, play_game
from schafkopf.record import Record
from schafkopf.stats import CONTRACT_KEYS, Stats, StatsCollector, compute_stats

NAMES = ["Anna", "Sepp", "Resi", "Hias"]
DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "netschafkopf"
RAMSCH = Ruleset.preset("standard", {"all_pass": "ramsch"})
STOCK = Ruleset.preset("standard", {"stock": True})
TOP_TRUMPS = [
    "EO GO HO SO EU GU HU SU",
    "EA EZ EK E9 E8 E7 GA GZ",
    "GK G9 G8 G7 HA HZ HK H9",
    "H8 H7 SA SZ SK S9 S8 S7",
]
"""Seat 0 holds every Ober and Unter: Sie in a game, a Durchmarsch in Ramsch."""
WORDS = ("kontra", "re", "sup", "hirsch")


class AlwaysDoubles(HeuristicPlayer):
    """Says every Kontra and Re it may."""

    def wants_to_double(self, view: View, rng: random.Random) -> bool:
        return True


def seated(k: int) -> list[str]:
    """The four names, moved round by ``k`` seats: each name sits everywhere in turn."""
    return NAMES[k % 4 :] + NAMES[: k % 4]


def bots(seed: int) -> list[Any]:
    """Rule-based players, with random ones on seats 1 and 3 for odd seeds (they bid Tout)."""
    if seed % 2:
        return [HeuristicPlayer(), RandomPlayer(), HeuristicPlayer(), RandomPlayer()]
    return [HeuristicPlayer()] * 4


def ramsch_game(seed: int, hands: list[str] | None = None) -> Game:
    """A Ramsch: everyone passes, then the rule-based players play."""
    game = Game(RAMSCH, seed=seed, dealer=3, hands=hands)
    while game.phase == BIDDING:
        game.apply(WEITER)
    return play_game(game, [HeuristicPlayer()] * 4, random.Random(seed))


def corpus() -> Iterator[Record]:
    """Games of every kind: Rufspiel, solo types, Tout, Sie, Ramsch with Jungfrau and
    Durchmarsch, all-pass games paying into the Stock, Kontra and Re, Klopfen, in points
    (standard) and in cents (sauspiel), with the names moving round the table."""
    for s in range(12):
        game = Game(RAMSCH, seed=s, dealer=s % 4)
        yield Record.from_game(play_game(game, bots(s), random.Random(s)), players=seated(s))
    stock = 0
    for s in range(12, 20):
        game = play_game(Game(STOCK, seed=s, dealer=s % 4, stock=stock), bots(s), random.Random(s))
        stock += game.result().stock
        yield Record.from_game(game, players=seated(s))
    for s in range(20, 26):
        game = Game(Ruleset.preset("sauspiel"), seed=s, dealer=s % 4)
        yield Record.from_game(play_game(game, bots(s), random.Random(s)), players=seated(s))
    for s in range(26, 30):
        game = play_game(Game(seed=s, dealer=s % 4), [AlwaysDoubles()] * 4, random.Random(s))
        yield Record.from_game(game, players=seated(s))
    for s in range(30, 36):
        yield Record.from_game(ramsch_game(s), players=seated(s))
    yield Record.from_game(ramsch_game(0, TOP_TRUMPS), players=seated(2))
    sie = start(TOP_TRUMPS, "sie", 0)
    yield Record.from_game(play_game(sie, [HeuristicPlayer()] * 4), players=seated(1))


@pytest.fixture(scope="module")
def records() -> list[Record]:
    return list(corpus())


# -- an independent count, from the records' own result objects ------------------------------


def _side(won: int = 0, lost: int = 0) -> dict[str, int]:
    return {"won": won, "lost": lost}


def _blank(name: str) -> dict[str, Any]:
    tally = {"games": 0, "won": 0}
    return {
        "name": name, "games": 0, "declared": dict(tally),
        "contracts": {k: dict(tally) for k in CONTRACT_KEYS},
        "partner": dict(tally), "defender": dict(tally), "money": {},
        "doublings": {"said": 0, "words": {}, "games": 0, "won": 0}, "klopfen": 0,
        "schneider": {"declaring": _side(), "defending": _side()},
        "schwarz": {"declaring": _side(), "defending": _side()},
        "ramsch": {"games": 0, "lost": 0, "jungfrau": 0, "durchmarsch": 0}, "all_pass": 0,
    }  # fmt: skip


def expected_counts(records: list[Record]) -> dict[str, dict[str, Any]]:
    """Per name the counts :meth:`Stats.to_json` gives (no rates), from each record's
    ``result``, ``contract``, ``doublings`` and ``klopfen`` fields as JSON."""
    out: dict[str, dict[str, Any]] = {}
    for record in records:
        rec = record.to_json()
        res, contract = rec["result"], rec["contract"]
        unit = "ct" if rec["rules"]["preset"] in ("sauspiel", "bsv") else "points"
        for seat, name in enumerate(rec["players"]):
            p = out.setdefault(name, _blank(name))
            p["games"] += 1
            money = p["money"].setdefault(unit, {"games": 0, "total": 0})
            money["games"] += 1
            money["total"] += res["payouts"][seat]
            p["klopfen"] += seat in rec["klopfen"]
            if contract is None:
                p["all_pass"] += 1
                continue
            if contract["kind"] == "ramsch":
                p["ramsch"]["games"] += 1
                p["ramsch"]["lost"] += res["ramsch_loser"] == seat
                p["ramsch"]["jungfrau"] += seat in res.get("jungfrauen", [])
                p["ramsch"]["durchmarsch"] += res.get("durchmarsch") == seat
                continue
            declaring = seat in res["declarers"]
            won = res["won"] == declaring
            if seat == contract["declarer"]:
                row = "tout" if contract.get("tout") else contract["kind"]
                for tally in (p["declared"], p["contracts"][row]):
                    tally["games"] += 1
                    tally["won"] += won
            else:
                tally = p["partner"] if declaring else p["defender"]
                tally["games"] += 1
                tally["won"] += won
            for feature in ("schneider", "schwarz"):
                if res[feature]:
                    side = p[feature]["declaring" if declaring else "defending"]
                    side["won" if won else "lost"] += 1
            said = [WORDS[i] for i, d in enumerate(rec["doublings"]) if d["seat"] == seat]
            if said:
                d = p["doublings"]
                d["said"] += len(said)
                for word in said:
                    d["words"][word] = d["words"].get(word, 0) + 1
                d["games"] += 1
                d["won"] += won
    return out


def without_rates(data: Any) -> Any:
    """``data`` less every computed fraction (share, win_rate, per_game)."""
    if isinstance(data, dict):
        skip = ("share", "win_rate", "per_game")
        return {k: without_rates(v) for k, v in data.items() if k not in skip}
    if isinstance(data, list):
        return [without_rates(v) for v in data]
    return data


def test_the_corpus_has_every_kind_of_game(records: list[Record]) -> None:
    games = [r.to_game() for r in records]
    results = [g.result() for g in games]
    kinds = {(r.contract.kind.value, r.contract.tout) for r in results if r.contract}
    assert {("rufspiel", False), ("sie", False), ("ramsch", False)} <= kinds
    assert any(tout for _k, tout in kinds) and any(k == "solo" for k, _t in kinds)
    assert any(r.contract is None and r.stock > 0 for r in results)  # all passed, paid in
    assert any(r.jungfrauen for r in results) and any(r.durchmarsch is not None for r in results)
    assert any(len(g.doublings) == 2 for g in games) and any(g.knocks for g in games)
    assert any(r.schwarz for r in results) and any(r.schneider and not r.won for r in results)


def test_every_count_matches_an_independent_count(records: list[Record]) -> None:
    stats = compute_stats(records)
    expected = expected_counts(records)
    assert [p["name"] for p in stats.to_json()["players"]] == list(expected) == NAMES
    for player in stats.to_json()["players"]:
        assert without_rates(player) == expected[player["name"]]
    assert stats.games == len(records) and stats.unfinished == 0
    declared = sum(p.declared.games for p in stats.players)
    assert declared == sum(t.games for t in stats.contracts.values())
    assert stats.games == declared + stats.ramsch + stats.all_pass
    for p in stats.players:
        assert sum(t.games for t in p.contracts.values()) == p.declared.games
        roles = p.declared.games + p.partner.games + p.defender.games
        assert p.games == roles + p.ramsch.games + p.all_pass


def test_rates_and_shares_are_the_counts_divided(records: list[Record]) -> None:
    data = compute_stats(records).to_json()
    for player in data["players"]:
        for key, tally in [("declared", player["declared"]), *player["contracts"].items()]:
            assert tally["share"] == round(tally["games"] / player["games"], 4), key
            want = round(tally["won"] / tally["games"], 4) if tally["games"] else None
            assert tally["win_rate"] == want, key
        for unit, money in player["money"].items():
            assert money["per_game"] == round(money["total"] / money["games"], 4), unit


def test_money_sums_to_minus_the_stock(records: list[Record]) -> None:
    stats = compute_stats(records)
    assert set(stats.units) == {"points", "ct"}
    for unit, totals in stats.units.items():
        paid = sum(p.money[unit].total for p in stats.players if unit in p.money)
        assert paid + totals.stock == 0, unit
        assert totals.games * 4 == sum(p.money[unit].games for p in stats.players)
    passed = compute_stats(r for r in records if r.to_game().result().contract is None)
    assert passed.units["points"].stock > 0  # each all-pass game paid into the Stock
    assert sum(p.money["points"].total for p in passed.players) == -passed.units["points"].stock
    without_stock = compute_stats(r for r in records if not r.to_game().rules.stock)
    assert sum(p.money["points"].total for p in without_stock.players) == 0


def test_names_are_players_across_files_and_seats_without_names(records: list[Record]) -> None:
    collector = StatsCollector()
    for r in records[:3]:
        collector.add_record(r)
    for r in records[3:6]:
        collector.add_record(r.to_json())
    assert [p.games for p in collector.stats.players] == [6, 6, 6, 6]
    nameless = records[0].to_json()
    del nameless["players"]
    stats = compute_stats([nameless, records[1].to_game()])
    assert [p.name for p in stats.players] == ["seat 0", "seat 1", "seat 2", "seat 3"]
    assert all(p.games == 2 for p in stats.players)


def test_an_unfinished_game_is_left_out() -> None:
    stats = compute_stats([Record.from_game(Game(seed=1), players=NAMES)])
    assert (stats.games, stats.unfinished, stats.players) == (0, 1, [])


# -- NetSchafkopf: the money is the ledger's ----------------------------------------------


def final_balances(log: Path) -> dict[str, int]:
    """The last ledger row of a NetSchafkopf log, by name."""
    lines = read_log_text(log).splitlines()
    heads = [i for i, line in enumerate(lines) if re.match(r"^\s*Spiel\s+Preis\s", line)]
    names = lines[heads[-1]].split()[2:]
    values = [int(v) for v in lines[heads[-1] + 1].split()[2:]]
    return dict(zip(names, values, strict=True))


def _complete_logs() -> list[Path]:
    """The logs of which every game imports (16.05.20 has thrown-in deals that do not)."""
    return [
        log
        for log in sorted(DATA.glob("*.txt"))
        if all(g.record is not None for g in import_netschafkopf_file(log))
    ]


def test_netschafkopf_money_ends_at_the_ledgers_balances() -> None:
    assert DATA.is_dir(), f"the NetSchafkopf logs belong under {DATA} (shared/data)"
    logs = _complete_logs()
    assert len(logs) >= 15
    for log in logs:
        imported = [g.record for g in import_netschafkopf_file(log) if g.record is not None]
        stats = compute_stats(imported)
        balances = final_balances(log)
        assert stats.units["ct"].stock == balances.pop("Stock", 0)
        totals = {p.name: p.money["ct"].total for p in stats.players}
        assert totals == balances, log.name
        assert all(p.games == len(imported) for p in stats.players)


# -- the command ------------------------------------------------------------------------------


NO_LOCALE: dict[str, str | None] = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": None}


def run(*args: str, locale: dict[str, str | None] = NO_LOCALE) -> Any:
    return CliRunner().invoke(app, ["stats", *args], env=locale)


def write_jsonl(path: Path, records: list[Record]) -> Path:
    path.write_text("".join(json.dumps(r.to_json()) + "\n" for r in records))
    return path


def test_the_command_reads_every_form_of_records(records: list[Record], tmp_path: Path) -> None:
    lines = write_jsonl(tmp_path / "games.jsonl", records[:10])
    document = tmp_path / "games.json"
    document.write_text(json.dumps([r.to_json() for r in records[10:20]], indent=2))
    text = tmp_path / "games.txt"
    text.write_text("".join(r.to_text() + "\n" for r in records[20:30]))
    session = tmp_path / "session.jsonl"
    header = {"format": "schafkopf-session/1", "rules": {"preset": "standard"}, "players": NAMES}
    body = [json.dumps(header), *(json.dumps(r.to_json()) for r in records[30:])]
    session.write_text("\n".join([*body, json.dumps({"game": 9, "act": [0, 40]})]) + "\n")
    out = run(str(lines), str(document), str(text), str(session), "--json")
    assert out.exit_code == 0, out.stderr
    assert json.loads(out.stdout) == compute_stats(records).to_json()


def test_the_json_shape(records: list[Record], tmp_path: Path) -> None:
    out = run(str(write_jsonl(tmp_path / "g.jsonl", records)), "--json")
    assert out.exit_code == 0, out.stderr
    data = json.loads(out.stdout)
    assert list(data) == ["games", "unfinished", "units", "contracts", "ramsch", "all_pass",
                          "players"]  # fmt: skip
    assert list(data["contracts"]) == list(CONTRACT_KEYS)
    assert list(data["units"]["ct"]) == ["games", "stock"]
    player = data["players"][0]
    assert list(player) == [
        "name", "games", "declared", "contracts", "partner", "defender", "money", "doublings",
        "klopfen", "schneider", "schwarz", "ramsch", "all_pass",
    ]  # fmt: skip
    assert list(player["declared"]) == ["games", "won", "share", "win_rate"]
    assert list(player["partner"]) == ["games", "won", "win_rate"]
    assert list(player["money"]["points"]) == ["games", "total", "per_game"]
    assert list(player["doublings"]) == ["said", "words", "games", "won", "win_rate"]
    assert list(player["schneider"]) == ["declaring", "defending"]
    assert list(player["schneider"]["declaring"]) == ["won", "lost"]
    assert list(player["ramsch"]) == ["games", "lost", "jungfrau", "durchmarsch"]
    assert list(player["doublings"]["words"]) in (["kontra", "re"], ["kontra"], ["re"])


def test_the_table_in_english_and_german(records: list[Record], tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "g.jsonl", records)
    out = run(str(path))
    assert out.exit_code == 0, out.stderr
    assert out.stdout.startswith(f"Schafkopf statistics · {len(records)} games: Sauspiel ")
    for word in ("Player", "Win rate", "as partner", "as defender", "Kontra/Re", "Schneider",
                 "Jungfrau", "Durchmarsch", "all passed", "Sie", "Tout", *NAMES):  # fmt: skip
        assert word in out.stdout, word
    assert re.search(r"\n  as partner +\d+ games, won \d+ \(\d+\.\d%\)", out.stdout)
    german = run(str(path), "--lang", "de")
    assert german.exit_code == 0
    assert "Schafkopf-Statistik" in german.stdout and "als Gegenspieler" in german.stdout
    assert re.search(r"[+−]\d+,\d\d P\.", german.stdout)  # money per game: comma, P.
    assert run(str(path), "--lang", "fr").exit_code == 2


def test_the_language_follows_the_locale(records: list[Record], tmp_path: Path) -> None:
    path = str(write_jsonl(tmp_path / "g.jsonl", records))
    german = {**NO_LOCALE, "LANG": "de_DE.UTF-8"}
    assert run(path, locale=german).stdout.startswith("Schafkopf-Statistik")
    assert run(path, locale={**german, "LC_ALL": "en_GB.UTF-8"}).stdout.startswith(
        "Schafkopf statistics"
    )
    assert run(path, locale={**german, "LC_ALL": "C.UTF-8"}).stdout.startswith(
        "Schafkopf statistics"
    )
    assert run(path, "--lang", "en", locale=german).stdout.startswith("Schafkopf statistics")


def test_bad_records_are_named_and_the_rest_is_counted(
    records: list[Record], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.jsonl"
    good = json.dumps(records[0].to_json())
    wrong = json.dumps({**records[1].to_json(), "dealer": 7})
    bad.write_text(f'{good}\nnot json\n{{"format": "schafkopf-record/1", "hands": []}}\n{wrong}\n')
    out = run(str(bad), "--json")
    assert out.exit_code == 1
    errors = out.stderr.splitlines()
    assert [e.split(": ")[0] for e in errors] == [f"{bad}:2", f"{bad}:3", f"{bad}:4"]
    assert "dealer must be a seat" in errors[2] and "Traceback" not in out.stderr
    assert json.loads(out.stdout)["games"] == 1


def test_at_most_twenty_error_lines_over_all_files(tmp_path: Path) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    first.write_text("garbage\n" * 15)
    second.write_text("garbage\n" * 15)
    out = run(str(first), str(second))
    assert out.exit_code == 1
    lines = out.stderr.splitlines()
    assert len(lines) == 21 and lines[-1] == f"{second}: 10 more errors", lines[-3:]
    assert lines[14].startswith(f"{first}:15: not JSON") and lines[15].startswith(f"{second}:1:")


def test_unreadable_empty_and_binary_inputs(records: list[Record], tmp_path: Path) -> None:
    good = write_jsonl(tmp_path / "g.jsonl", records[:2])
    missing = run(str(good), str(tmp_path / "missing.jsonl"))
    assert missing.exit_code == 2 and "missing.jsonl: cannot read it" in missing.stderr
    assert missing.stdout == ""  # every file is read before anything is written
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n")
    out = run(str(good), str(empty))
    assert out.exit_code == 1 and f"{empty}: no record in this input" in out.stderr
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(bytes(range(256)))
    out = run(str(binary))
    assert out.exit_code == 1 and "not UTF-8" in out.stderr and "Traceback" not in out.stderr
    unfinished = write_jsonl(tmp_path / "u.jsonl", [Record.from_game(Game(seed=2))])
    out = run(str(unfinished), "--json")  # a game in progress is no error: it is left out
    assert out.exit_code == 0 and json.loads(out.stdout)["unfinished"] == 1


def test_the_html_report_opens_in_chromium(records: list[Record], tmp_path: Path) -> None:
    report = tmp_path / "stats.html"
    out = run(str(write_jsonl(tmp_path / "g.jsonl", records)), "--html", str(report))
    assert out.exit_code == 0, out.stderr
    html = report.read_text()
    for outside in ("http", "<script", "<link", "url(", "<img", "@import"):
        assert outside not in html, outside
    from server_helpers import opened_in_chromium

    with opened_in_chromium(report) as (page, errors):
        assert page.locator("section.player").count() == len(NAMES)
        assert page.locator("#summary svg.signed").count() == 2  # points and ct
        assert page.locator("#summary svg.signed rect.bar").count() == 2 * len(NAMES)
        assert page.locator("#overview svg.paired rect.bar").count() >= 2
        assert page.locator("#player-1 svg.paired").count() == 1
        assert "Anna" in page.inner_text("#summary table.summary")
    assert not errors, errors


def test_a_stats_object_is_plain_json(records: list[Record]) -> None:
    stats: Stats = compute_stats(records)
    data = stats.to_json()
    assert json.loads(json.dumps(data)) == data
