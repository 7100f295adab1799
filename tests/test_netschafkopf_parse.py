"""The NetSchafkopf importer against the 16 shared protocol logs (1,304 games).

Checks that every game converts (except the Schieber round), that the records are internally
consistent (deal, tricks, leaders, settlement) and that the tariffs read from the price lines match
the table in the logs' README.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from schafkopf.importers.netschafkopf import (
    ImportedGame,
    NetSchafkopfError,
    import_netschafkopf_file,
    parse_netschafkopf,
    read_log_text,
)

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "netschafkopf"
SUITS = "EGHS"
RANKS = "AZKOU987"

# The README's table: rufspiel / solo / extra / laufende / ramsch, and the Laufende minimums.
STUDY = (2, 5, 1, 1, 1)
README_TARIF = {
    "Schafkopfprotokoll_vom_04.08.24.txt": STUDY,
    "Schafkopfprotokoll_vom_14.12.22.txt": (10, 50, 10, 10, 10),
    "Schafkopfprotokoll_vom_16.05.20.txt": (10, 50, 10, 10, 10),
    "Schafkopfprotokoll_vom_20.03.23.txt": (1, 5, 1, 0, 1),
}
# Tariff parts a file never prices: the importer records 0 for them (the file proves nothing).
UNPRICED = {
    ("Schafkopfprotokoll_vom_04.08.24.txt", "laufende"),  # 4 games, none with 3 Laufende
    ("Schafkopfprotokoll_vom_04.08.24.txt", "ramsch"),  # no Ramsch played
    ("Schafkopfprotokoll_vom_20.03.23.txt", "laufende"),  # "no Laufende" in the README too
}
LAUFENDE_KINDS = ("rufspiel", "solo", "wenz", "geier", "farbwenz", "farbgeier")
README_LAUFENDE_MIN = {"Schafkopfprotokoll_vom_14.12.22.txt": {"wenz": 2, "farbwenz": 2}}
SCHIEBER_FILE = "Schafkopfprotokoll_vom_16.05.20.txt"
RAMSCH_WITHOUT_AUGEN = {
    ("baseline_Schafkopfprotokoll_vom_05.10.23_01.txt", 36),
    ("baseline_Schafkopfprotokoll_vom_05.10.23_03.txt", 92),
    ("cheat_ab_stich_3_Schafkopfprotokoll_vom_04.10.23_06.txt", 24),
}


def readme_tarif(name: str) -> dict[str, int]:
    values = README_TARIF.get(name, STUDY)
    return dict(zip(("rufspiel", "solo", "extra", "laufende", "ramsch"), values, strict=True))


@cache
def imported() -> dict[str, list[ImportedGame]]:
    files = sorted(DATA.glob("*.txt"))
    return {p.name: import_netschafkopf_file(p) for p in files}


def all_games() -> list[ImportedGame]:
    return [g for games in imported().values() for g in games]


def records() -> list[dict[str, Any]]:
    return [g.record for g in all_games() if g.record is not None]


def trumps_of(contract: dict[str, Any], short: bool) -> list[str]:
    """The trump order, high to low (written independently of the importer)."""
    kind, suit = contract["kind"], contract.get("suit", "H")
    obers, unters = [s + "O" for s in SUITS], [s + "U" for s in SUITS]
    order = {
        "rufspiel": obers + unters + ["H" + r for r in "AZK987"],
        "ramsch": obers + unters + ["H" + r for r in "AZK987"],
        "solo": obers + unters + [suit + r for r in "AZK987"],
        "wenz": unters,
        "geier": obers,
        "farbwenz": unters + [suit + r for r in "AZKO987"],
        "farbgeier": obers + [suit + r for r in "AZKU987"],
    }[kind]
    return [c for c in order if not (short and c[1] in "87")]


def winner(cards: Sequence[str], trumps: Sequence[str]) -> int:
    def strength(c: str) -> tuple[int, int]:
        if c in trumps:
            return (2, -trumps.index(c))
        if c[0] == cards[0][0] and cards[0] not in trumps:
            return (1, -RANKS.index(c[1]))
        return (0, 0)

    return max(range(4), key=lambda i: strength(cards[i]))


def test_all_sixteen_files_import() -> None:
    assert DATA.is_dir(), f"shared data missing: {DATA}"
    assert len(imported()) == 16
    for name, games in imported().items():
        assert games, name
        for g in games:
            assert g.file == name
            assert (g.record is None) == (g.error is not None)


def test_total_game_count() -> None:
    assert len(all_games()) == 1304
    assert len(records()) == 1300
    assert Counter(r["contract"]["kind"] for r in records())["ramsch"] == 310


def test_only_the_schieber_round_fails() -> None:
    failed = [g for g in all_games() if g.error is not None]
    assert [(g.file, g.game) for g in failed] == [(SCHIEBER_FILE, n) for n in (18, 19, 20, 21)]
    text = read_log_text(DATA / SCHIEBER_FILE).split("\n")
    for g in failed:
        assert g.error is not None
        assert text[g.line - 1].startswith("Geber:")
        assert "Spielart: Schieber" in text[g.line]
        assert "hands are not 32 (short deck: 24) distinct cards" in g.error
        assert "DU DU" in g.error
        assert re.search(r"line \d+: 'Gast hat|line \d+: '\w+ hat", g.error)
    thrown = {g.game for g in failed if g.error and "thrown in" in g.error}
    assert thrown == {19, 21}
    played = {g.game for g in failed if g.error and "was not dealt" in g.error}
    assert played == {18, 20}


def test_deal_and_tricks_are_consistent() -> None:
    for r in records():
        short = r["rules"].get("deck") == "short"
        per_hand = 6 if short else 8
        hands = [h.split() for h in r["hands"]]
        assert len(hands) == 4 and all(len(h) == per_hand == len(set(h)) for h in hands)
        deck = {s + k for s in SUITS for k in RANKS if not (short and k in "87")}
        assert set().union(*map(set, hands)) == deck
        assert len(r["tricks"]) == per_hand
        holder = {c: seat for seat, h in enumerate(hands) for c in h}
        played = [c for t in r["tricks"] for c in t.split()]
        assert sorted(played) == sorted(deck)
        trumps = trumps_of(r["contract"], short)
        leader = (r["dealer"] + 1) % 4  # Vorhand leads the first trick
        for trick in r["tricks"]:
            cards = trick.split()
            assert [holder[c] for c in cards] == [(leader + i) % 4 for i in range(4)], r["source"]
            leader = (leader + winner(cards, trumps)) % 4


def test_first_trick_is_led_by_vorhand() -> None:
    for r in records():
        hands = [h.split() for h in r["hands"]]
        first = r["tricks"][0].split()[0]
        assert first in hands[(r["dealer"] + 1) % 4]


def test_payouts_sum_to_zero_and_follow_the_settlement() -> None:
    for r in records():
        result, contract = r["result"], r["contract"]
        payouts, value = result["payouts"], result["value"]
        assert sum(payouts) + result.get("stock", 0) == 0, r["source"]
        if contract["kind"] == "ramsch":
            loser = result["ramsch_loser"]
            assert payouts == [-3 * value if s == loser else value for s in range(4)]
            continue
        sign = 1 if result["won"] else -1
        declarer = contract["declarer"]
        if contract["kind"] == "rufspiel":
            called = contract["suit"] + "A"
            partner = next(s for s, h in enumerate(r["hands"]) if called in h.split())
            side = {declarer, partner}
            assert payouts == [sign * value if s in side else -sign * value for s in range(4)]
        else:
            assert payouts == [
                3 * sign * value if s == declarer else -sign * value for s in range(4)
            ]


def test_tariffs_match_the_readme() -> None:
    for name, games in imported().items():
        text = read_log_text(DATA / name)
        priced = {
            "rufspiel": "Das Rufspiel kostet" in text,
            "solo": "Das Einzelspiel kostet" in text,
            "extra": "Mit Schneider" in text,
            "laufende": "Laufende" in text,
            "ramsch": "Der Ramsch kostet" in text,
        }
        rule_sets = {repr(g.record["rules"]) for g in games if g.record is not None}
        assert len(rule_sets) == 1, name
        rules = next(g.record for g in games if g.record is not None)["rules"]
        expected = readme_tarif(name)
        for key, value in rules["tarif"].items():
            if priced[key]:
                assert value == expected[key], (name, key)
            else:
                assert (name, key) in UNPRICED and value == 0, (name, key)
                assert expected[key] in (0, 1)  # the README's value: 1, or "no Laufende"
        minimum = {k: README_LAUFENDE_MIN.get(name, {}).get(k, 3) for k in LAUFENDE_KINDS}
        assert rules["laufende_min"] == minimum, name
        assert rules["klopfen"] == ("aufgedoppelt" in text), name
        assert rules["preset"] == "sauspiel"
        assert set(("rufspiel", "solo", "wenz", "tout")) <= set(rules["contracts"])
        assert (rules.get("deck") == "short") == name.endswith("04.08.24.txt")


def test_results_state_what_the_log_proves() -> None:
    for name, games in imported().items():
        for g in games:
            if g.record is None:
                continue
            result = g.record["result"]
            if g.record["contract"]["kind"] == "ramsch":
                has_points = "ramsch_loser_points" in result
                assert has_points != ((name, g.game) in RAMSCH_WITHOUT_AUGEN), (name, g.game)
                assert "declarer_points" not in result
            elif not g.record["contract"].get("tout"):
                assert 0 <= result["declarer_points"] <= 120


def test_one_game_in_full() -> None:
    game = import_netschafkopf_file(DATA / "Schafkopfprotokoll_vom_04.08.24.txt")[0]
    assert game.record is not None and (game.line, game.game) == (4, 1)
    record = dict(game.record)
    assert record.pop("rules")["tarif"] == {
        "rufspiel": 2, "solo": 5, "extra": 1, "laufende": 0, "ramsch": 0,
    }  # fmt: skip
    assert record == {
        "format": "schafkopf-record/1",
        "source": {
            "program": "NetSchafkopf",
            "file": "Schafkopfprotokoll_vom_04.08.24.txt",
            "line": 4,
            "game": 1,
        },
        "players": ["PcLinks", "PcOben", "PcRechts", "Gast"],
        "dealer": 1,
        "hands": [
            "HA EA SK GZ GU SU",
            "HO EO HK HZ EK GK",
            "H9 EZ EU S9 E9 HU",
            "SO SZ GA SA GO G9",
        ],
        "klopfen": [],
        "contract": {"kind": "farbgeier", "declarer": 3, "suit": "S"},
        "doublings": [],
        "tricks": [
            "EZ SO EA EK",
            "GO SK EO S9",
            "HK H9 G9 HA",
            "GU GK E9 GA",
            "SZ SU HO EU",
            "HZ HU SA GZ",
        ],
        "result": {
            "declarer_points": 78,
            "won": True,
            "laufende": 0,
            "value": 5,
            "payouts": [-5, -5, -5, 15],
        },
    }


def test_knocks_and_doublings() -> None:
    games = {g.game: g.record for g in imported()[SCHIEBER_FILE]}
    # Game 16: PcOben deals, PcRechts plays with the Grün-Sau of PcOben; "1 mal aufgedoppelt",
    # "1 mal gespritzt": one knock (Vorhand PcRechts), Kontra by Gast, the first opponent.
    assert games[16] is not None
    assert games[16]["klopfen"] == [2]
    assert games[16]["doublings"] == [{"seat": 3, "at": 0}]
    # Game 17: PcRechts deals, PcLinks plays Herz-Solo; Kontra by Gast (Vorhand).
    assert games[17] is not None and games[17]["doublings"] == [{"seat": 3, "at": 0}]
    # Game 13: "2 mal aufgedoppelt": Gast (Vorhand) and PcLinks knocked.
    assert games[13] is not None and games[13]["klopfen"] == [3, 0]
    tout = next(g for g in imported()["Schafkopfprotokoll_vom_14.12.22.txt"] if g.game == 40)
    assert tout.record is not None
    assert tout.record["contract"] == {"kind": "wenz", "declarer": 1, "tout": True}
    assert tout.record["result"]["value"] == 280


def test_contract_wordings() -> None:
    kinds = Counter((r["contract"]["kind"], bool(r["contract"].get("tout"))) for r in records())
    assert kinds[("wenz", True)] == 1 and kinds[("solo", True)] == 1
    assert {k for k, _ in kinds} == {
        "rufspiel", "solo", "wenz", "geier", "farbwenz", "farbgeier", "ramsch",
    }  # fmt: skip
    suits = {r["contract"]["suit"] for r in records() if r["contract"]["kind"] == "rufspiel"}
    assert suits == {"E", "G", "S"}


def test_unknown_contract_wording_is_an_error_not_a_crash() -> None:
    text = read_log_text(DATA / "Schafkopfprotokoll_vom_04.08.24.txt")
    text = text.replace("Gast spielt Schellen-Geier", "Gast spielt Bettel Brandl")
    games = parse_netschafkopf(text, "edited")
    assert games[0].record is None and games[0].error is not None
    assert "line 9" in games[0].error and "Bettel Brandl" in games[0].error
    assert all(g.record is not None for g in games[1:])


TAMPERED = {
    "card": ("EZ SO EA EK", "EZ SO EK EA", 1, "PcLinks plays EK, which PcLinks was not dealt"),
    "leader": ("  Gast spielt aus: GO", "PcOben spielt aus: GO", 1, "PcOben leads, but"),
    "price": ("    1        5   ", "    1        6   ", 1, "adds up to 5, not 6"),
    "partner": ("Ass mit PcLinks", "Ass mit PcRechts", 4, "not the holder of the called Sau"),
    "declarer": ("Du gewinnst den", "PcOben gewinnt den", 1, "names another declarer"),
    "laufende": ("5 Punkte.\n", "5 Punkte. Mit 3 Laufenden 8 Punkte.\n", 1, "give Ohne 1 Laufende"),
    "deal": ("HU\n", "EA\n", 1, "dealt twice: EA"),
    "wording": ("42 Augen", "42 Punkte", 1, "unknown outcome wording"),
}


@pytest.mark.parametrize("case", sorted(TAMPERED))
def test_tampered_logs_are_reported(case: str) -> None:
    old, new, game, reason = TAMPERED[case]
    text = read_log_text(DATA / "Schafkopfprotokoll_vom_04.08.24.txt")
    assert old in text
    games = parse_netschafkopf(text.replace(old, new, 1), "tampered")
    failed = [(g.game, g.error) for g in games if g.error is not None]
    assert len(failed) == 1 and failed[0][0] == game
    assert failed[0][1] is not None and reason in failed[0][1] and "line " in failed[0][1]


def test_encodings() -> None:
    utf8 = read_log_text(DATA / "Schafkopfprotokoll_vom_14.12.22.txt")
    latin1 = read_log_text(DATA / "Schafkopfprotokoll_vom_20.03.23.txt")
    assert "Grün" in utf8 and "Grün" in latin1 and "\r" not in utf8 + latin1


def test_garbage_raises_or_reports() -> None:
    with pytest.raises(NetSchafkopfError):
        parse_netschafkopf("")
    with pytest.raises(NetSchafkopfError):
        parse_netschafkopf(bytes(range(256)).decode("latin-1") * 10)
    junk = parse_netschafkopf("Geber: Niemand\nPcLinks hat: X1 Y2\nfoo bar\n", "junk")
    assert len(junk) == 1 and junk[0].record is None and junk[0].error


def test_damaged_logs_never_crash(tmp_path: Path) -> None:
    rng = random.Random(20240804)
    lines = read_log_text(DATA / "Schafkopfprotokoll_vom_16.05.20.txt").split("\n")
    for _ in range(300):
        damaged = list(lines)
        for _ in range(rng.randint(1, 6)):
            i = rng.randrange(len(damaged))
            action = rng.randrange(4)
            if action == 0:
                del damaged[i]
            elif action == 1:
                damaged.insert(i, damaged[rng.randrange(len(damaged))])
            elif action == 2:
                damaged[i] = damaged[i][: rng.randrange(len(damaged[i]) + 1)]
            else:
                words = damaged[i].split(" ")
                rng.shuffle(words)
                damaged[i] = " ".join(words)
        try:
            games = parse_netschafkopf("\n".join(damaged), "damaged")
        except NetSchafkopfError:
            continue
        for g in games:
            assert (g.record is None) == (g.error is not None)
    garbage = tmp_path / "garbage.txt"
    garbage.write_bytes(bytes(rng.randrange(256) for _ in range(5000)))
    try:
        games = import_netschafkopf_file(garbage)
    except NetSchafkopfError:
        return
    assert all(g.error for g in games)
