"""The PIMC player: legal in every phase, sound endgame play, bidding by simulation."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from schafkopf.actions import DOUBLE, SPIEL, WEITER
from schafkopf.cards import parse_card
from schafkopf.game import PLAY, Game, View
from schafkopf.players import HeuristicPlayer, play_game
from schafkopf.players.pimc import PimcPlayer
from schafkopf.players.registry import make_player
from schafkopf.rules import Ruleset


def _small(name: str = "pimc", **kw: object) -> PimcPlayer:
    return PimcPlayer(name, samples=6, bid_samples=3, **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("preset", "extra"),
    [
        ("standard", {}),
        ("sauspiel", {}),
        ("bsv", {"all_pass": "ramsch"}),
        ("standard", {"contracts": ["rufspiel", "solo", "wenz", "bettel", "tout"]}),
        ("standard", {"players": 3}),
    ],
)
def test_plays_whole_games_legally(preset: str, extra: dict[str, object]) -> None:
    rules = Ruleset.preset(preset, extra)
    rng = random.Random(4)
    for deal in range(2):
        n = rules.players
        players = [
            _small(inference=deal == 1) if s % 2 == 0 else HeuristicPlayer() for s in range(n)
        ]
        g = play_game(Game(rules, dealer=deal % n, seed=100 + deal), players, rng)
        r = g.result()
        assert sum(r.payouts) + r.stock == 0


def test_endgame_takes_the_sure_tricks() -> None:
    # Herz-Solo by seat 0, two tricks left, seat 0 to lead with the two highest trumps left
    # (EO, GO) against anything: every world says leading either wins both tricks; PIMC must
    # not throw a trick away. Build the position by playing six fixed tricks.
    hands = [
        "EO GO HA HZ HK H9 EA GA",
        "SO EU GU HU SU H8 H7 E7",
        "E8 E9 EK EZ G7 G8 G9 GZ",
        "HO GK S7 S8 S9 SZ SK SA",
    ]
    g = Game(Ruleset.preset("standard"), dealer=3, hands=hands)
    for word in (SPIEL, WEITER, WEITER, WEITER):
        g.apply(word)
    from schafkopf.actions import name_action
    from schafkopf.rules import Kind

    g.apply(name_action(Kind.SOLO, 2))
    player = PimcPlayer("pimc", samples=20)
    rng = random.Random(0)
    heuristic = HeuristicPlayer()
    while g.phase == PLAY and len(g.tricks) < 6:
        seat = g.to_move
        assert seat is not None
        mover = player if seat == 0 else heuristic
        g.apply(mover.choose(g.view(seat), rng), seat)
    before = g.trick_counts[0]
    while not g.is_over():
        seat = g.to_move
        assert seat is not None
        mover = player if seat == 0 else heuristic
        g.apply(mover.choose(g.view(seat), rng), seat)
    # Whatever happened before, seat 0 holding the top trumps keeps every remaining trick.
    top = {parse_card("EO"), parse_card("GO")}
    if top <= set(g.deal[0]) and all(c not in top for t in list(g.tricks)[:6] for c in t.cards):
        assert g.trick_counts[0] == before + 2


def test_bids_a_monster_and_passes_trash() -> None:
    rules = Ruleset.preset("standard")
    monster = ["EO GO HO SO EU GU HA HZ", "HU SU H9 H8 H7 EA EZ EK", "E9 E8 E7 GA GZ GK G9 G8",
               "G7 SA SZ SK S9 S8 S7 HK"]  # fmt: skip
    g = Game(rules, dealer=3, hands=monster)
    assert _small().choose(g.view(0), random.Random(1)) == SPIEL
    trash = ["E7 E8 G7 G8 S7 S8 H7 GK", "EO GO HO SO EU GU HU SU", "EA EZ EK E9 GA GZ G9 SK",
             "SA SZ S9 HA HZ HK H9 H8"]  # fmt: skip
    g = Game(rules, dealer=3, hands=trash)
    assert _small().choose(g.view(0), random.Random(1)) == WEITER


def test_registry_builds_pimc_with_options() -> None:
    p = make_player("pimc:samples=7,inference=true", "P")
    assert isinstance(p, PimcPlayer) and p.samples == 7 and p.inference and p.name == "P"
    barred = make_player("pimc:doubling=model,model_kontra_bar=0.42", "P")
    assert isinstance(barred, PimcPlayer) and barred.model_kontra_bar == 0.42
    assert "model_kontra_bar=0.42" in repr(barred)
    with pytest.raises(ValueError, match="model_kontra_bar must be between 0 and 1"):
        PimcPlayer(model_kontra_bar=1.5)


def _rule_based_steps(games: int) -> Iterator[tuple[Game, View, random.Random]]:
    """Every step of ``games`` sauspiel games of rule-based players: the game, the mover's
    view and the game's random stream, before the mover acts."""
    rules = Ruleset.preset("sauspiel")
    rule_based = HeuristicPlayer("h")
    for seed in range(games):
        g = Game(rules, seed=seed)
        rng = random.Random(seed)
        while g.to_move is not None:
            s = g.to_move
            v = g.view(s)
            yield g, v, rng
            g.apply(rule_based.choose(v, rng), s)


def test_heuristic_bidding_and_doubling_are_the_rule_based_players() -> None:
    """``bidding=heuristic`` bids and ``doubling=heuristic`` doubles as the rule-based player
    does (a search player that plays its cards by search and bids by rules of thumb)."""
    rule_based = HeuristicPlayer("h")
    searcher = make_player("pimc:samples=2,bidding=heuristic,doubling=heuristic")
    assert isinstance(searcher, PimcPlayer)
    bids = doublings = 0
    for g, v, rng in _rule_based_steps(40):
        if g.phase != PLAY:
            k = rng.randrange(1 << 30)
            expected = rule_based.choose(v, random.Random(k))
            assert searcher.choose(v, random.Random(k)) == expected
            bids += 1
            continue
        for seat in range(4):  # Kontra may come out of turn
            w = g.view(seat)
            if DOUBLE in w.legal:
                said = searcher.wants_to_double(w, rng)
                assert said == rule_based.wants_to_double(w, rng)
                doublings += said
    assert bids > 150 and doublings > 0


def test_slips_play_random_legal_cards_in_that_share_of_card_decisions() -> None:
    careful = PimcPlayer(samples=2, seconds=None)
    slipping = make_player("pimc:samples=2,slips=1")
    assert isinstance(slipping, PimcPlayer) and slipping.slips == 1.0
    differ = decisions = 0
    for g, v, rng in _rule_based_steps(6):
        cards = [a for a in v.legal if a < 32]
        if g.phase == PLAY and len(cards) > 1 and DOUBLE not in v.legal:
            k = rng.randrange(1 << 30)
            slip = slipping.choose(v, random.Random(k))
            assert slip in cards
            differ += slip != careful.choose(v, random.Random(k))
            decisions += 1
    assert decisions > 20 and differ > decisions // 4
    with pytest.raises(ValueError, match="slips"):
        PimcPlayer(slips=1.5)
