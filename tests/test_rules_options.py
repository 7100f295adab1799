"""The options of rules.md, the three presets, option errors, and each contract's card order."""

from __future__ import annotations

import pytest

from schafkopf.cards import CardSet, card_token, parse_card
from schafkopf.rules import (
    TRUMP,
    Contract,
    Kind,
    RulesError,
    Ruleset,
    play_tables,
    trick_winner,
)

# -- presets -----------------------------------------------------------------------------------


def test_three_presets_exist_and_an_unknown_one_is_named():
    for name in ("standard", "sauspiel", "bsv"):
        assert Ruleset.preset(name).preset_name == name
    with pytest.raises(RulesError) as e:
        Ruleset.preset("tarock")
    msg = str(e.value)
    assert "tarock" in msg
    assert all(p in msg for p in ("standard", "sauspiel", "bsv"))


def test_standard_preset_is_the_default():
    assert Ruleset.preset() == Ruleset.preset("standard")
    assert Ruleset.from_json(None) == Ruleset.preset("standard")


def test_contracts_per_preset():
    # standard: the mission's list; sauspiel adds Farbwenz, Farbgeier; bsv has no Geier.
    assert Ruleset.preset("standard").to_dict()["contracts"] == [
        "rufspiel", "solo", "wenz", "geier", "tout", "sie",
    ]  # fmt: skip
    assert set(Ruleset.preset("sauspiel").to_dict()["contracts"]) == {
        "rufspiel", "solo", "wenz", "geier", "farbwenz", "farbgeier", "tout", "sie",
    }  # fmt: skip
    assert set(Ruleset.preset("bsv").to_dict()["contracts"]) == {
        "rufspiel", "solo", "wenz", "tout", "sie",
    }  # fmt: skip


@pytest.mark.parametrize("preset", ["standard", "sauspiel", "bsv"])
def test_opt_in_everywhere(preset):
    # Bettel, Ramsch-when-all-pass and the 3-player game are opt-in in every preset.
    r = Ruleset.preset(preset)
    assert not r.allows(Kind.BETTEL)
    assert not r.allows(Kind.RAMSCH)
    assert r.all_pass == "redeal"
    assert r.players == 4
    assert r.deck == "long"
    assert r.stock is False


def test_allows_follows_the_contract_list():
    std = Ruleset.preset("standard")
    assert std.allows(Kind.RUFSPIEL) and std.allows(Kind.SOLO) and std.allows(Kind.WENZ)
    assert std.allows(Kind.GEIER) and std.allows(Kind.SIE) and std.allows(Kind.WENZ, tout=True)
    assert not std.allows(Kind.FARBWENZ) and not std.allows(Kind.FARBGEIER)
    bsv = Ruleset.preset("bsv")
    assert not bsv.allows(Kind.GEIER)
    no_tout = Ruleset.preset("standard", {"contracts": ["rufspiel", "solo"]})
    assert no_tout.allows(Kind.SOLO) and not no_tout.allows(Kind.SOLO, tout=True)
    assert not no_tout.allows(Kind.WENZ)
    assert Ruleset.preset("standard", {"all_pass": "ramsch"}).allows(Kind.RAMSCH)
    assert Ruleset.preset("standard", {"contracts": ["rufspiel", "bettel"]}).allows(Kind.BETTEL)


@pytest.mark.parametrize(
    ("preset", "expected"),
    [
        (
            "standard",
            dict(
                ranking="standard", klopfen=False, kontra_deadline="before_second_trick",
                schneider="loser_30", laufende_side="winner", tout_value="4x_base",
                sie_value="4x_base",
            ),
        ),
        (
            "sauspiel",
            dict(
                ranking="official", klopfen=True, kontra_deadline="before_first_card",
                schneider="official", laufende_side="either", tout_value="2x_value",
                sie_value="4x_value",
            ),
        ),
        (
            "bsv",
            dict(
                ranking="official", klopfen=False, schneider="official",
                laufende_side="either", tout_value="2x_value",
            ),
        ),
    ],
)  # fmt: skip
def test_preset_options(preset, expected):
    r = Ruleset.preset(preset)
    for k, v in expected.items():
        assert getattr(r, k) == v, k


@pytest.mark.parametrize(
    ("preset", "tarif"),
    [
        ("standard", (1, 2, 1, 1, 1)),
        ("sauspiel", (20, 50, 10, 10, 20)),
        ("bsv", (10, 50, 10, 10, 20)),
    ],
)
def test_tariff_table(preset, tarif):
    t = Ruleset.preset(preset).tarif
    assert (t.rufspiel, t.solo, t.extra, t.laufende, t.ramsch) == tarif


@pytest.mark.parametrize("preset", ["standard", "sauspiel", "bsv"])
def test_common_defaults(preset):
    r = Ruleset.preset(preset)
    assert r.davonlaufen_min == 4
    assert r.max_doublings == 2  # Kontra and Re
    assert r.ramsch_tie == "highest_trump_taken"
    assert r.jungfrau == "double"
    assert r.durchmarsch == "all_tricks"
    assert r.end_early is False
    # laufende_min: 3 for Rufspiel, Farbsolo, Farbwenz, Farbgeier; 2 for Wenz and Geier
    for kind, m in [
        (Kind.RUFSPIEL, 3), (Kind.SOLO, 3), (Kind.FARBWENZ, 3), (Kind.FARBGEIER, 3),
        (Kind.WENZ, 2), (Kind.GEIER, 2),
    ]:  # fmt: skip
        assert r.laufende_minimum(kind) == m, kind
    # laufende_min_short: standard 2 for every contract; sauspiel and bsv the long deck's
    short = r.with_options({"deck": "short"})
    for kind in (Kind.RUFSPIEL, Kind.SOLO, Kind.WENZ, Kind.GEIER, Kind.FARBWENZ, Kind.FARBGEIER):
        expected = 2 if r.preset_name == "standard" else r.laufende_minimum(kind)
        assert short.laufende_minimum(kind) == expected, kind


# -- overrides and errors ------------------------------------------------------------------------


def test_overrides_dotted_and_nested_agree():
    a = Ruleset.preset("sauspiel", {"tarif.rufspiel": 10, "laufende_min.wenz": 3})
    b = Ruleset.preset("sauspiel", {"tarif": {"rufspiel": 10}, "laufende_min": {"wenz": 3}})
    assert a == b
    assert a.tarif.rufspiel == 10 and a.tarif.solo == 50
    assert a.laufende_minimum(Kind.WENZ) == 3


def test_ruleset_json_round_trip():
    r = Ruleset.preset(
        "bsv", {"tarif.solo": 7, "klopfen": True, "all_pass": "ramsch", "durchmarsch": 91}
    )
    js = r.to_json()
    assert js["preset"] == "bsv"
    assert js["tarif"] == {"solo": 7}
    assert Ruleset.from_json(js) == r


def test_unknown_option_is_named():
    with pytest.raises(RulesError) as e:
        Ruleset.preset("standard", {"schneiderr": "official"})
    assert "schneiderr" in str(e.value)
    with pytest.raises(RulesError) as e:
        Ruleset.preset("standard", {"tarif.bock": 1})
    assert "tarif.bock" in str(e.value)


@pytest.mark.parametrize(
    ("option", "bad", "allowed"),
    [
        ("schneider", "loser_31", ["loser_30", "official"]),
        ("kontra_deadline", "never", ["before_second_trick", "before_first_card",
                                      "before_own_first_card"]),
        ("ranking", "mine", ["standard", "official"]),
        ("all_pass", "shuffle", ["redeal", "ramsch"]),
        ("laufende_side", "both", ["winner", "either"]),
        ("tout_value", "3x", ["4x_base", "2x_value"]),
        ("sie_value", "3x", ["4x_base", "4x_value"]),
        ("ramsch_tie", "coin", ["highest_trump_taken", "highest_trump_dealt"]),
        ("jungfrau", "triple", ["double", "double_all"]),
        ("deck", "tiny", ["long", "short"]),
        ("players", 5, ["4", "3"]),
    ],
)  # fmt: skip
def test_bad_value_names_option_and_allowed_values(option, bad, allowed):
    with pytest.raises(RulesError) as e:
        Ruleset.preset("standard", {option: bad})
    msg = str(e.value)
    assert option in msg
    assert str(bad) in msg
    for a in allowed:
        assert a in msg


@pytest.mark.parametrize(
    ("option", "bad"),
    [
        ("klopfen", "yes"),
        ("stock", 1),
        ("end_early", "no"),
        ("davonlaufen_min", 0),
        ("davonlaufen_min", "4"),
        ("max_doublings", 5),
        ("max_doublings", -1),
        ("durchmarsch", 60),
        ("durchmarsch", "sometimes"),
        ("contracts", ["rufspiel", "schieber"]),
        ("contracts", "rufspiel"),
        ("tarif.solo", -1),
        ("tarif.solo", 2.5),
        ("laufende_min.wenz", "two"),
        ("schneider", True),
    ],
)
def test_bad_values_are_rejected_naming_the_option(option, bad):
    with pytest.raises(RulesError) as e:
        Ruleset.preset("standard", {option: bad})
    assert option.split(".")[-1] in str(e.value)


@pytest.mark.parametrize(
    ("option", "bad"),
    [("players", 4.0), ("players", 3.0), ("davonlaufen_min", 4.0), ("durchmarsch", 91.0),
     ("max_doublings", 2.0), ("tarif.solo", 2.0), ("deck", 1), ("klopfen", 1)],
)  # fmt: skip
def test_option_values_must_have_the_right_type(option, bad):
    with pytest.raises(RulesError, match=option.split(".")[-1]):
        Ruleset.preset("standard", {option: bad})


def test_rules_from_file(tmp_path):
    p = tmp_path / "r.toml"
    p.write_text('preset = "sauspiel"\nklopfen = false\n[tarif]\nsolo = 40\n', encoding="utf-8")
    r = Ruleset.from_file(p)
    assert r.preset_name == "sauspiel" and r.klopfen is False and r.tarif.solo == 40
    q = tmp_path / "r.json"
    q.write_text('{"preset": "bsv", "tarif.rufspiel": 5}', encoding="utf-8")
    assert Ruleset.from_file(q).tarif.rufspiel == 5


def test_three_players_use_24_cards_8_each():
    r = Ruleset.preset("standard", {"players": 3})
    assert r.short and r.hand_size == 8
    assert len(CardSet(r.deck_mask)) == 24
    assert not r.allows(Kind.RUFSPIEL)  # only solo-type contracts


def test_short_deck_six_cards_each():
    r = Ruleset.preset("standard", {"deck": "short"})
    assert r.hand_size == 6 and len(CardSet(r.deck_mask)) == 24


# -- contracts as data ---------------------------------------------------------------------------


def test_contract_validation():
    with pytest.raises(RulesError, match="Herz"):
        Contract(Kind.RUFSPIEL, 0, 2)
    with pytest.raises(RulesError):
        Contract(Kind.RUFSPIEL, 0, None)
    with pytest.raises(RulesError):
        Contract(Kind.WENZ, 0, 1)
    with pytest.raises(RulesError):
        Contract(Kind.BETTEL, 0, None, tout=True)
    with pytest.raises(RulesError):
        Contract(Kind.RUFSPIEL, 0, 0, tout=True)
    with pytest.raises(RulesError):
        Contract(Kind.SIE, 0, None, tout=True)
    with pytest.raises(RulesError):
        Contract(Kind.RAMSCH, 0)
    with pytest.raises(RulesError):
        Contract(Kind.SOLO, None, 1)
    c = Contract(Kind.SOLO, 2, 1, tout=True)
    assert Contract.from_json(c.to_json()) == c
    assert c.to_json() == {"kind": "solo", "declarer": 2, "suit": "G", "tout": True}


def _trumps(kind, suit=None, short=False):
    return " ".join(card_token(c) for c in play_tables(kind, suit, short).trumps)


def test_trump_orders():
    ou = "EO GO HO SO EU GU HU SU"
    assert _trumps(Kind.RUFSPIEL, 0) == ou + " HA HZ HK H9 H8 H7"  # 14, Herz whatever is called
    assert _trumps(Kind.RAMSCH) == ou + " HA HZ HK H9 H8 H7"
    assert _trumps(Kind.SOLO, 0) == ou + " EA EZ EK E9 E8 E7"
    assert _trumps(Kind.SOLO, 3) == ou + " SA SZ SK S9 S8 S7"
    assert _trumps(Kind.WENZ) == "EU GU HU SU"
    assert _trumps(Kind.GEIER) == "EO GO HO SO"
    assert _trumps(Kind.FARBWENZ, 1) == "EU GU HU SU GA GZ GK GO G9 G8 G7"
    assert _trumps(Kind.FARBGEIER, 2) == "EO GO HO SO HA HZ HK HU H9 H8 H7"
    assert _trumps(Kind.BETTEL) == ""
    assert _trumps(Kind.SOLO, 1, short=True) == ou + " GA GZ GK G9"


def _plain_order(kind, suit_of_plain, trump_suit=None):
    t = play_tables(kind, trump_suit)
    cs = [c for c in range(32) if t.eff_suit[c] == suit_of_plain]
    return " ".join(card_token(c) for c in sorted(cs, key=lambda c: -t.power[c]))


def test_plain_suit_orders():
    assert _plain_order(Kind.RUFSPIEL, 0, 0) == "EA EZ EK E9 E8 E7"
    assert _plain_order(Kind.SOLO, 2, 0) == "HA HZ HK H9 H8 H7"  # Herz is plain in Eichel-Solo
    assert _plain_order(Kind.WENZ, 0) == "EA EZ EK EO E9 E8 E7"
    assert _plain_order(Kind.GEIER, 0) == "EA EZ EK EU E9 E8 E7"
    assert _plain_order(Kind.FARBWENZ, 2, 1) == "HA HZ HK HO H9 H8 H7"
    assert _plain_order(Kind.FARBGEIER, 3, 1) == "SA SZ SK SU S9 S8 S7"
    assert _plain_order(Kind.BETTEL, 1) == "GA GZ GK GO GU G9 G8 G7"


def _win(kind, trick, suit=None):
    cards = [parse_card(t) for t in trick.split()]
    return trick.split()[trick_winner(play_tables(kind, suit), cards)]


@pytest.mark.parametrize(
    ("kind", "suit", "trick", "winner"),
    [
        # Rufspiel: Ober above Unter above Herz; Herz is trump; the led suit beats other suits
        (Kind.RUFSPIEL, 0, "EA EZ H7 EK", "H7"),
        (Kind.RUFSPIEL, 0, "SU HA GO HU", "GO"),
        (Kind.RUFSPIEL, 0, "GO EO HO SO", "EO"),
        (Kind.RUFSPIEL, 0, "EU GU HU SU", "EU"),
        (Kind.RUFSPIEL, 0, "G9 GA SA EA", "GA"),
        (Kind.RUFSPIEL, 0, "G7 SA EA HK", "HK"),
        (Kind.RUFSPIEL, 0, "EK EA EZ E9", "EA"),
        # Farbsolo Schellen: Schellen is trump, Herz is plain
        (Kind.SOLO, 3, "HA S7 HZ HK", "S7"),
        (Kind.SOLO, 3, "SA SU S7 SZ", "SU"),
        (Kind.SOLO, 3, "H7 HA SZ EO", "EO"),
        # Wenz: only the 4 Unter are trumps; Ober are plain cards between K and 9
        (Kind.WENZ, None, "EA EO EK SU", "SU"),
        (Kind.WENZ, None, "EO EK E9 HO", "EK"),
        (Kind.WENZ, None, "EO E9 E7 GO", "EO"),
        (Kind.WENZ, None, "HU GU SU EU", "EU"),
        # Geier: only the 4 Ober; Unter plain between K and 9
        (Kind.GEIER, None, "GA GU GK SO", "SO"),
        (Kind.GEIER, None, "GU G9 GK G8", "GK"),
        (Kind.GEIER, None, "HU H9 H7 EU", "HU"),
        # Farbwenz Gras: the Unter, then Gras A Z K O 9 8 7
        (Kind.FARBWENZ, 1, "EA G7 EZ EK", "G7"),
        (Kind.FARBWENZ, 1, "GA SU GO EO", "SU"),
        (Kind.FARBWENZ, 1, "GO GK G9 GZ", "GZ"),
        (Kind.FARBWENZ, 1, "EO EK EA HO", "EA"),
        # Farbgeier Herz: the Ober, then Herz A Z K U 9 8 7
        (Kind.FARBGEIER, 2, "EA H7 EZ EU", "H7"),
        (Kind.FARBGEIER, 2, "HA SO HU EU", "SO"),
        (Kind.FARBGEIER, 2, "HU H9 HK H7", "HK"),
        (Kind.FARBGEIER, 2, "EU E9 E7 GU", "EU"),
        # Bettel: no trumps, A Z K O U 9 8 7 in every suit
        (Kind.BETTEL, None, "E9 EU EO E8", "EO"),
        (Kind.BETTEL, None, "EU E9 HO SA", "EU"),
        (Kind.BETTEL, None, "EO EK E7 GA", "EK"),
        (Kind.BETTEL, None, "H7 HU H8 H9", "HU"),
    ],
)
def test_trick_winner_per_contract(kind, suit, trick, winner):
    assert _win(kind, trick, suit) == winner


def test_effective_suits():
    ruf = play_tables(Kind.RUFSPIEL, 1)
    assert ruf.eff_suit[parse_card("HO")] == TRUMP
    assert ruf.eff_suit[parse_card("HA")] == TRUMP
    assert ruf.eff_suit[parse_card("GO")] == TRUMP
    assert ruf.eff_suit[parse_card("GA")] == 1
    wenz = play_tables(Kind.WENZ)
    assert wenz.eff_suit[parse_card("HO")] == 2
    assert wenz.eff_suit[parse_card("HU")] == TRUMP
    geier = play_tables(Kind.GEIER)
    assert geier.eff_suit[parse_card("HU")] == 2
    assert geier.eff_suit[parse_card("SO")] == TRUMP
