"""Invariants over thousands of random games, for every contract and preset.

Random players drive the games; the bidding is steered to a target contract (a player that
says spiel and offers/names the target when it can), or to all-pass (redeal or Ramsch). Checked:
card points sum to 120, payouts plus the Stock's change sum to zero, every card is played once,
trick winners follow the contract's card order, views hide other hands, undo() restores the
state exactly, records replay to the same result, and resample() agrees with the seat's view.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import choose, new_game, play, random_game, say, snapshot, start
from schafkopf.actions import DOUBLE, is_card, offer_action
from schafkopf.cards import SAU, CardSet, card, iter_bits
from schafkopf.game import Game
from schafkopf.record import game_to_record, record_to_game
from schafkopf.rules import Kind, Ruleset, play_tables, trick_winner

RUF = (Kind.RUFSPIEL, False)
SOLO = (Kind.SOLO, False)
WENZ = (Kind.WENZ, False)
GEIER = (Kind.GEIER, False)
FWENZ = (Kind.FARBWENZ, False)
FGEIER = (Kind.FARBGEIER, False)
BETTEL = (Kind.BETTEL, False)
SOLO_T = (Kind.SOLO, True)
WENZ_T = (Kind.WENZ, True)
GEIER_T = (Kind.GEIER, True)
ALL = ["rufspiel", "solo", "wenz", "geier", "farbwenz", "farbgeier", "bettel", "tout", "sie"]

# (id, preset, overrides, target contract or None, spiel rate when there is no target)
SCENARIOS: list[tuple[str, str, dict[str, Any], tuple[Kind, bool] | None, float]] = []
for _p in ("standard", "sauspiel", "bsv"):
    for _name, _t in [("ruf", RUF), ("solo", SOLO), ("wenz", WENZ), ("solotout", SOLO_T)]:
        SCENARIOS.append((f"{_p}-{_name}", _p, {}, _t, 0.5))
    SCENARIOS.append((f"{_p}-random", _p, {}, None, 0.5))
    SCENARIOS.append((f"{_p}-redeal", _p, {}, None, 0.0))
    SCENARIOS.append((f"{_p}-ramsch", _p, {"all_pass": "ramsch"}, None, 0.0))
    SCENARIOS.append((f"{_p}-bettel", _p, {"contracts": ALL}, BETTEL, 0.5))
SCENARIOS += [
    ("standard-geier", "standard", {}, GEIER, 0.5),
    ("standard-geiertout", "standard", {}, GEIER_T, 0.5),
    ("sauspiel-farbwenz", "sauspiel", {}, FWENZ, 0.5),
    ("sauspiel-farbgeier", "sauspiel", {}, FGEIER, 0.5),
    ("sauspiel-wenztout", "sauspiel", {}, WENZ_T, 0.5),
    ("standard-klopfen-ruf", "standard", {"klopfen": True}, RUF, 0.5),
    ("standard-klopfen-ramsch", "standard", {"klopfen": True, "all_pass": "ramsch"}, None, 0.0),
    ("standard-stock-ruf", "standard", {"stock": True}, RUF, 0.5),
    ("standard-stock-redeal", "standard", {"stock": True}, None, 0.1),
    ("standard-endearly-tout", "standard", {"end_early": True}, WENZ_T, 0.5),
    ("standard-endearly-bettel", "standard", {"end_early": True, "contracts": ALL}, BETTEL, 0.5),
    ("standard-sup-hirsch", "standard", {"max_doublings": 4}, RUF, 0.5),
    ("standard-own-card", "standard", {"kontra_deadline": "before_own_first_card"}, SOLO, 0.5),
    ("standard-first-card", "standard", {"kontra_deadline": "before_first_card"}, RUF, 0.5),
    ("standard-davon3", "standard", {"davonlaufen_min": 3}, RUF, 0.5),
    ("three-solo", "standard", {"players": 3}, SOLO, 0.5),
    ("three-wenz", "standard", {"players": 3}, WENZ, 0.5),
    ("three-random", "sauspiel", {"players": 3, "contracts": ALL}, None, 0.6),
    ("three-ramsch", "standard", {"players": 3, "all_pass": "ramsch"}, None, 0.0),
    ("short-ruf", "standard", {"deck": "short"}, RUF, 0.5),
    ("short-solo", "sauspiel", {"deck": "short"}, SOLO, 0.5),
    ("short-ramsch", "standard", {"deck": "short", "all_pass": "ramsch"}, None, 0.0),
    (
        "ramsch-variants",
        "standard",
        {"all_pass": "ramsch", "jungfrau": "double_all", "ramsch_tie": "highest_trump_dealt",
         "durchmarsch": 91},
        None,
        0.0,
    ),
]  # fmt: skip
IDS = [s[0] for s in SCENARIOS]


def rules_for(preset: str, over: dict[str, Any]) -> Ruleset:
    return Ruleset.preset(preset, over)


# -- checks ------------------------------------------------------------------------------------


def played_cards(g: Game) -> list[int]:
    return [c for t in g.tricks for c in t.cards] + list(g.trick)


def called_sau_shown(g: Game) -> bool:
    c = g.contract
    if c is None or c.kind is not Kind.RUFSPIEL or c.suit is None:
        return False
    return card(c.suit, SAU) in played_cards(g)


def check_view(g: Game, seat: int) -> None:
    v = g.view(seat)
    n = g.num_players
    hand = g.hand(seat)
    if g.phase == "klopfen":
        first = g.deal[seat][: len(g.deal[seat]) // 2]
        assert v.hand == CardSet(first), "klopfen view must show only the first packet"
    else:
        assert v.hand == hand
    assert v.hand <= CardSet(g.dealt[seat])
    public = CardSet(played_cards(g))
    # no other card anywhere in the view: every CardSet field is the own hand or played cards,
    # every card in the history was played
    for f in dataclasses.fields(v):
        val = getattr(v, f.name)
        if isinstance(val, CardSet):
            assert val <= v.hand | public, f.name
    for _s, a in v.history:
        if is_card(a):
            assert a in public
    assert sum(v.hand_sizes) == sum(g.hand(s).__len__() for s in range(n))
    assert v.legal == tuple(g.legal_actions(seat))
    if v.partner is not None:
        assert g.partner == v.partner
        partner_doubled = any(s == g.partner for s, _at in g.doublings)
        assert seat == g.partner or called_sau_shown(g) or partner_doubled, "partner leaked"


def check_trick_chain(g: Game) -> None:
    """Trick leaders and winners recomputed from the contract's card order."""
    n = g.num_players
    if not g.tricks:
        return
    c = g.contract
    assert c is not None
    tables = play_tables(c.kind, c.suit, g.rules.short)
    leader = (g.dealer + 1) % n
    for t in g.tricks:
        assert t.leader == leader
        w = (leader + trick_winner(tables, t.cards)) % n
        assert t.winner == w
        leader = w


def check_finished(g: Game) -> None:
    r = g.result()
    n = g.num_players
    rules = g.rules
    assert sum(r.payouts) + r.stock == 0
    deck = CardSet(rules.deck_mask)
    played = played_cards(g)
    assert len(played) == len(set(played)), "a card was played twice"
    assert set(played) <= set(deck)
    if r.contract is None:
        assert not g.tricks
        pay = rules.tarif.rufspiel if rules.stock else 0
        assert r.payouts == (-pay,) * n and r.stock == pay * n
        return
    kind = r.contract.kind
    if kind is Kind.SIE:
        assert not g.tricks and r.won
    else:
        check_trick_chain(g)
        taken = [0] * n
        for t in g.tricks:
            taken[t.winner] += CardSet(t.cards).augen()
        assert tuple(taken) == r.points
        if len(g.tricks) == rules.hand_size:
            assert CardSet(played) == deck, "every card is played exactly once"
            assert sum(r.points) == 120
        else:
            assert rules.end_early and (r.contract.tout or kind is Kind.BETTEL)
            assert r.won is False
    v = r.value
    if kind is Kind.RAMSCH:
        assert r.declarers == ()
        assert r.multiplier == 2 ** len(g.knocks)
        if r.durchmarsch is None:
            loser = r.ramsch_loser
            assert loser is not None and r.points[loser] == max(r.points)
            assert r.payouts[loser] < 0
            assert all(r.payouts[s] > 0 for s in range(n) if s != loser)
        else:
            assert r.payouts[r.durchmarsch] == (n - 1) * v
    elif kind is Kind.RUFSPIEL:
        sign = 1 if r.won else -1
        stock_share = -r.stock  # what the declarers took from (or paid into) the Stock
        for s in range(n):
            if s not in r.declarers:
                assert r.payouts[s] == -sign * v
        assert sum(r.payouts[s] for s in r.declarers) == 2 * sign * v + stock_share
    else:
        sign = 1 if r.won else -1
        d = r.contract.declarer
        assert r.payouts == tuple(sign * v * (n - 1) if s == d else -sign * v for s in range(n))
        assert r.stock == 0
    if kind not in (Kind.RAMSCH,):
        assert r.multiplier == 2 ** (len(g.knocks) + len(g.doublings))
        assert v % r.multiplier == 0


def check_record_round_trip(g: Game) -> None:
    rec = game_to_record(g)
    rec2 = json.loads(json.dumps(rec))
    g2 = record_to_game(rec2)
    assert game_to_record(g2) == rec
    if g.is_over():
        assert g2.result() == g.result()


# -- the main sweep ----------------------------------------------------------------------------


@pytest.mark.parametrize(("sid", "preset", "over", "target", "rate"), SCENARIOS, ids=IDS)
def test_random_games_keep_the_invariants(sid, preset, over, target, rate):
    rules = rules_for(preset, over)
    rng = random.Random(sid)
    kinds: dict[Any, int] = {}
    for _ in range(100):
        g = random_game(
            rules,
            rng,
            target,
            spiel_rate=rate,
            on_step=lambda g: (
                [check_view(g, s) for s in range(g.num_players)] if rng.random() < 0.3 else None
            ),
        )
        for s in range(g.num_players):
            check_view(g, s)
        check_finished(g)
        check_record_round_trip(g)
        c = g.result().contract
        key = (c.kind, c.tout) if c else None
        kinds[key] = kinds.get(key, 0) + 1
    # the drive reached its target (most games), or all-pass when steered there
    if target is not None and rules.allows(*target):
        assert kinds.get(target, 0) >= 40, kinds
    if rate == 0.0:
        assert set(kinds) <= {None, (Kind.RAMSCH, False)}


def test_sie_games():
    # Sie needs a dealt hand of all 8 Ober and Unter: deal one to a random seat
    rng = random.Random(7)
    ou = [c for c in range(32) if c & 7 in (3, 4)]
    for preset in ("standard", "sauspiel", "bsv"):
        for _ in range(20):
            rest = [c for c in range(32) if c not in ou]
            rng.shuffle(rest)
            seat = rng.randrange(4)
            hands = [rest[i * 8 : i * 8 + 8] for i in range(3)]
            hands.insert(seat, list(ou))
            rules = Ruleset.preset(preset)
            g = Game(rules, dealer=rng.randrange(4), hands=hands)
            while not g.is_over():
                s, a = choose(g, rng, (Kind.SIE, False))
                g.apply(a, s)
            assert g.result().contract.kind is Kind.SIE
            assert g.result().contract.declarer == seat
            check_finished(g)
            check_record_round_trip(g)


# -- undo --------------------------------------------------------------------------------------


def full_state(g: Game) -> Any:
    return (snapshot(g), tuple(g.view(s) for s in range(g.num_players)))


UNDO_SCENARIOS = [
    ("standard", {}, RUF),
    ("sauspiel", {}, SOLO_T),
    ("sauspiel", {"all_pass": "ramsch"}, None),
    ("standard", {"players": 3, "contracts": ALL}, BETTEL),
    ("standard", {"deck": "short", "max_doublings": 4}, RUF),
    ("standard", {"end_early": True}, WENZ_T),
    ("bsv", {"stock": True}, None),
]


@pytest.mark.parametrize(("preset", "over", "target"), UNDO_SCENARIOS)
def test_undo_after_every_action_restores_the_state(preset, over, target):
    rules = rules_for(preset, over)
    rng = random.Random(repr((preset, over)))
    for _ in range(12):
        g = Game(rules, dealer=rng.randrange(rules.players), seed=rng.getrandbits(32))
        while not g.is_over():
            before = full_state(g)
            seat, action = choose(g, rng, target, spiel_rate=0.3 if target is None else 0.5)
            g.apply(action, seat)
            after = full_state(g)
            assert g.undo() == action
            assert full_state(g) == before
            g.apply(action, seat)
            assert full_state(g) == after
        # undo all the way back to the deal
        n_actions = len(g.history)
        for _ in range(n_actions):
            g.undo()
        assert g.history == [] and g.tricks == []
        assert snapshot(g) == snapshot(Game(rules, dealer=g.dealer, hands=list(g.deal)))


# -- resample ----------------------------------------------------------------------------------


def hits_a_resample_constraint(g: Game, seat: int) -> bool:
    """Positions where a naive resample breaks a rule: Sie, or an unseen, unplayed called Sau
    after a Kontra or a lead of the called suit (the constraints resample must respect)."""
    c = g.contract
    if g.phase == "done" and c is not None and c.kind is Kind.SIE and seat != c.declarer:
        return True
    if any(a == offer_action(Kind.SIE) for _s, a in g.history):  # a Sie offer in settling
        return True
    if c is None or c.kind is not Kind.RUFSPIEL or c.suit is None:
        return False
    sau = card(c.suit, SAU)
    if sau in played_cards(g) or g.dealt[seat] >> sau & 1:
        return False
    if g.doublings:
        return True
    tables = g.tables
    leads = [t.cards[0] for t in g.tricks] + ([g.trick[0]] if g.trick else [])
    return any(tables.eff_suit[x] == c.suit for x in leads)


def check_resample(g: Game, seat: int, rng: random.Random) -> None:
    g2 = g.resample(seat, rng)
    v1, v2 = g.view(seat), g2.view(seat)
    assert v2.hand == v1.hand
    assert v2.history == v1.history
    assert v2.legal == v1.legal
    assert v2 == v1
    n = g.num_players
    assert g2.history == g.history
    union = 0
    for s in range(n):
        assert not union & g2.dealt[s]
        union |= g2.dealt[s]
        assert len(g2.deal[s]) == len(g.deal[s])
    assert union == g.rules.deck_mask
    if g.phase != "klopfen":
        assert g2.dealt[seat] == g.dealt[seat]
    # every card a seat played was dealt to it; a seat that did not follow held no card of
    # the led suit from then on
    tables = g.tables
    tricks = [(t.leader, t.cards) for t in g.tricks]
    if g.trick:
        tricks.append((g.trick_leader, g.trick))
    played_before = [0] * n
    for leader, cards in tricks:
        lead = tables.eff_suit[cards[0]] if g.contract else None
        for i, x in enumerate(cards):
            s = (leader + i) % n
            assert g2.dealt[s] >> x & 1
            if i and lead is not None and tables.eff_suit[x] != lead:
                still = g2.dealt[s] & ~played_before[s] & tables.follow[lead]
                assert not still, f"seat {s} showed out of a suit but holds {CardSet(still)}"
        for i, x in enumerate(cards):
            played_before[(leader + i) % n] |= 1 << x


RESAMPLE_SCENARIOS = [
    ("standard", {}, RUF),
    ("standard", {}, SOLO),
    ("sauspiel", {}, WENZ),
    ("sauspiel", {}, None),
    ("standard", {"all_pass": "ramsch"}, None),
    ("standard", {"players": 3}, GEIER),
    ("standard", {"deck": "short"}, RUF),
    ("sauspiel", {"contracts": ALL}, BETTEL),
]


@pytest.mark.parametrize(("preset", "over", "target"), RESAMPLE_SCENARIOS)
def test_resample_agrees_with_the_view(preset, over, target):
    rules = rules_for(preset, over)
    rng = random.Random(repr((preset, over, target)))
    positions: list[Game] = []
    for _ in range(50):
        random_game(
            rules,
            rng,
            target,
            spiel_rate=0.5 if target else 0.3,
            on_step=lambda g: positions.append(g.copy()) if rng.random() < 0.12 else None,
        )
    checked = 0
    for g in positions:
        for seat in range(rules.players):
            check_resample(g, seat, rng)
            checked += 1
    assert checked > 100


def _bug_kontra() -> tuple[Game, int]:
    # seat 1 said Kontra, so it cannot hold the called Eichel-Sau (declarer 0, partner 3)
    g = start(
        ["GK S8 EZ S7 HO E8 H7 SA", "SK GO SZ EU HZ HK H9 E7",
         "G8 E9 G9 S9 SO GZ G7 GU", "HA EA H8 SU HU GA EO EK"],
        "rufspiel E", 0,
    )  # fmt: skip
    g.apply(DOUBLE, 1)
    return g, 0


def _bug_lead() -> tuple[Game, int]:
    # Rufspiel on the Schellen-Sau by seat 3; seat 1 leads S8 with two Schellen and no SA:
    # a holder of SA could not have led S8, so no deal may give SA to seat 1
    g = new_game(
        ["SZ EZ HZ GO H7 G9 S7 H9", "EO SO EK S8 GA HU EA GU",
         "E9 HK G8 EU G7 HA SA E8", "E7 GK H8 SU S9 GZ HO SK"],
        dealer=2,
    )  # fmt: skip
    say(g, "spiel", "weiter", "weiter", "weiter", "rufspiel S")
    play(g, "H8 HZ EO EU S8")
    return g, 0


def _bug_follow() -> tuple[Game, int]:
    # seat 0 calls Gras and leads GK; seat 1 follows with G7, so seat 1 cannot hold GA
    # (the holder must play the called Sau when its suit is led); seen from seat 3
    g = start(
        ["EO GO HO SO GK HA HZ SA", "EA EZ EK E9 SZ SK S9 G7",
         "GA G9 EU GU HK H9 E8 E7", "HU SU GZ G8 H8 H7 S8 S7"],
        "rufspiel G", 0,
    )  # fmt: skip
    play(g, "GK G7")
    return g, 3


def _bug_sie() -> tuple[Game, int]:
    # Sie: the declarer must have been dealt all 8 Ober and Unter
    g = start(
        ["EO GO HO SO EU GU HU SU", "EA EZ EK E9 E8 E7 GA GZ",
         "GK G9 G8 G7 HA HZ HK H9", "H8 H7 SA SZ SK S9 S8 S7"],
        "sie", 0,
    )  # fmt: skip
    return g, 1


BUG_CASES = {"kontra": _bug_kontra, "lead": _bug_lead, "follow": _bug_follow, "sie": _bug_sie}


def test_bug_cases_are_real_positions():
    for build in BUG_CASES.values():
        g, seat = build()
        assert hits_a_resample_constraint(g, seat)


@pytest.mark.parametrize("case", ["kontra", "lead", "follow", "sie"])
def test_resample_respects_hidden_constraints(case):
    """Kontra-sayers, searchers and followers of the called suit hold no Sau; Sie holds all."""
    g, seat = BUG_CASES[case]()
    rng = random.Random(1)
    for _ in range(60):
        check_resample(g, seat, rng)


# -- hypothesis: arbitrary legal action sequences ----------------------------------------------


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    seed=st.integers(0, 2**32 - 1),
    preset=st.sampled_from(["standard", "sauspiel", "bsv"]),
    extra=st.sampled_from(
        [
            {},
            {"all_pass": "ramsch"},
            {"players": 3},
            {"deck": "short"},
            {"contracts": ALL},
            {"klopfen": True, "stock": True},
            {"end_early": True, "contracts": ALL},
        ]
    ),
    choices=st.lists(st.integers(0, 1000), min_size=0, max_size=80),
)
def test_hypothesis_action_sequences(seed, preset, extra, choices):
    """Any sequence of legal choices (hypothesis picks the index) keeps every invariant."""
    rules = Ruleset.preset(preset, extra)
    g = Game(rules, dealer=seed % rules.players, seed=seed)
    i = 0
    while not g.is_over():
        if i < len(choices):
            k = choices[i]
            i += 1
            options = [(s, a) for s in range(rules.players) for a in g.legal_actions(s)]
            s, a = options[k % len(options)]
        else:
            s, a = choose(g, random.Random(seed + len(g.history)))
        g.apply(a, s)
        for seat in range(rules.players):
            check_view(g, seat)
    check_finished(g)
    check_record_round_trip(g)


def test_views_in_klopfen_phase_show_only_the_first_packet():
    rng = random.Random(3)
    for preset in ("sauspiel", "standard"):
        rules = Ruleset.preset(preset, {"klopfen": True})
        for _ in range(30):
            g = Game(rules, dealer=rng.randrange(4), seed=rng.getrandbits(32))
            while g.phase == "klopfen":
                for s in range(4):
                    check_view(g, s)
                    assert len(g.view(s).hand) == rules.hand_size // 2
                g.apply(rng.choice(g.legal_actions()))
            for s in range(4):
                assert len(g.view(s).hand) == rules.hand_size


def test_iter_bits_matches_cardset():
    for m in (0, 1, 0xFFFFFFFF, 0x12345678):
        assert list(iter_bits(m)) == list(CardSet(m))
