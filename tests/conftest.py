"""Shared helpers for the rules, property, fuzz and record tests.

Tests import these directly (``from conftest import start, play``); the tests directory is on
``sys.path`` because it has no ``__init__.py``.

Conventions: ``dealer=3`` makes seat 0 Vorhand, so seats speak and the first trick is led in
the order 0, 1, 2, 3. Hands are written as card tokens in the order dealt (the first half is
the first packet, which matters only for Klopfen).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

import pytest

from schafkopf.actions import (
    DOUBLE,
    KLOPFEN,
    NAME_BASE,
    NAMES,
    NICHT_KLOPFEN,
    SPIEL,
    WEITER,
    Action,
    is_card,
    is_name,
    is_offer,
    offer_of,
    parse_action,
)
from schafkopf.cards import card_token, parse_card
from schafkopf.game import BIDDING, KLOPFEN_PHASE, NAMING, PLAY, SETTLING, Game
from schafkopf.record import FORMAT, game_to_record, record_to_game
from schafkopf.rules import Kind, Ruleset


@pytest.fixture(autouse=True)
def _no_language_from_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands speak their own default language in every test, whatever the locale of
    the machine running them (a German developer's ``LANG=de_DE.UTF-8`` would make them
    speak German)."""
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    monkeypatch.delenv("LC_MESSAGES", raising=False)


def rules_of(preset: str = "standard", **overrides: Any) -> Ruleset:
    """A ruleset: a preset plus overrides given as keyword arguments (dots as ``__``)."""
    return Ruleset.preset(preset, {k.replace("__", "."): v for k, v in overrides.items()})


def cards(text: str) -> list[int]:
    """Card numbers of a space-separated token list."""
    return [parse_card(t) for t in text.split()]


def toks(actions: Iterable[int]) -> set[str]:
    """The card tokens among ``actions`` (non-card actions dropped)."""
    return {card_token(a) for a in actions if is_card(a)}


def legal_cards(game: Game, seat: int | None = None) -> set[str]:
    """The cards ``seat`` (default: the seat to move) may play now, as tokens."""
    return toks(game.legal_actions(seat))


def new_game(
    hands: Sequence[str],
    rules: Ruleset | str = "standard",
    *,
    dealer: int = 3,
    stock: int = 0,
) -> Game:
    """A game with explicit hands."""
    r = Ruleset.preset(rules) if isinstance(rules, str) else rules
    return Game(r, dealer=dealer, hands=list(hands), stock=stock)


def knock_round(game: Game, knockers: Iterable[int] = ()) -> None:
    """Answer the Klopfen round (if the rules have one): ``knockers`` knock, the rest do not."""
    ks = set(knockers)
    while game.phase == KLOPFEN_PHASE:
        s = game.to_move
        game.apply(KLOPFEN if s in ks else NICHT_KLOPFEN, s)


def say(game: Game, *words: str) -> None:
    """The seat to move says each word in turn (bids, offers, contract names)."""
    for w in words:
        game.apply(parse_action(w, naming=game.phase == NAMING))


def start(
    hands: Sequence[str],
    contract: str,
    declarer: int,
    rules: Ruleset | str = "standard",
    *,
    dealer: int = 3,
    knockers: Iterable[int] = (),
    stock: int = 0,
) -> Game:
    """A game where only ``declarer`` says spiel and then names ``contract`` (e.g. "rufspiel G")."""
    g = new_game(hands, rules, dealer=dealer, stock=stock)
    knock_round(g, knockers)
    while g.phase == BIDDING:
        g.apply(SPIEL if g.to_move == declarer else WEITER)
    assert g.phase == NAMING and g.to_move == declarer, (g.phase, g.to_move)
    g.apply(parse_action(contract, naming=True))
    return g


def play(game: Game, tokens: str) -> None:
    """The seats to move play these cards in order."""
    for t in tokens.split():
        game.apply(parse_card(t))


def replay(
    hands: Sequence[str],
    contract: Mapping[str, Any] | None,
    tricks: Sequence[str],
    rules: Mapping[str, Any] | None = None,
    *,
    dealer: int = 3,
    doublings: Sequence[tuple[int, int]] = (),
    klopfen: Sequence[int] = (),
    bidding: Sequence[str] | None = None,
    stock: int = 0,
) -> Game:
    """Replay a game given as record fields (validated by the engine)."""
    rec: dict[str, Any] = {
        "format": FORMAT,
        "rules": dict(rules or {"preset": "standard"}),
        "dealer": dealer,
        "hands": list(hands),
        "klopfen": list(klopfen),
        "contract": dict(contract) if contract is not None else None,
        "doublings": [{"seat": s, "at": at} for s, at in doublings],
        "tricks": list(tricks),
    }
    if bidding is not None:
        rec["bidding"] = list(bidding)
    if stock:
        rec["stock_before"] = stock
    return record_to_game(rec)


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything observable about a game: its record and every seat's legal actions."""
    n = game.num_players
    return (
        game_to_record(game),
        tuple(tuple(game.legal_actions(s)) for s in range(n)),
        game.phase,
        game.to_move,
    )


# ---------------------------------------------------------------------------------------------
# Random drivers for the property tests


def contract_matches(action: Action, target: tuple[Kind, bool] | None) -> bool:
    """Whether a naming or offering action is of the target kind (and Tout-ness)."""
    if target is None:
        return False
    if is_offer(action):
        return offer_of(action) == target
    if is_name(action):
        kind, _suit, tout = NAMES[action - NAME_BASE]
        return (kind, tout) == target
    return False


def choose(
    game: Game,
    rng: random.Random,
    target: tuple[Kind, bool] | None = None,
    *,
    spiel_rate: float = 0.5,
) -> tuple[int, Action]:
    """A random (seat, action) that prefers ``target`` in bidding, sometimes doubles out of turn."""
    n = game.num_players
    if game.phase == PLAY and game.doublings_open and rng.random() < 0.08:
        seats = [s for s in range(n) if DOUBLE in game.legal_actions(s)]
        if seats:
            return rng.choice(seats), DOUBLE
    mover = game.to_move
    assert mover is not None
    legal = game.legal_actions(mover)
    if game.phase == BIDDING:
        if target == (Kind.RUFSPIEL, False):
            want = not game.interested  # a second spiel would commit above Rufspiel
        elif target is not None:
            want = True
        else:
            want = rng.random() < spiel_rate
        return mover, SPIEL if want and SPIEL in legal else WEITER
    if game.phase in (SETTLING, NAMING) and target is not None:
        hits = [a for a in legal if contract_matches(a, target)]
        if hits:
            return mover, rng.choice(hits)
        if game.phase == SETTLING:
            return mover, WEITER
    if game.phase == PLAY:
        plays = [a for a in legal if a != DOUBLE]
        return mover, rng.choice(plays)
    return mover, rng.choice(legal)


def random_game(
    rules: Ruleset,
    rng: random.Random,
    target: tuple[Kind, bool] | None = None,
    *,
    spiel_rate: float = 0.5,
    on_step: Any = None,
) -> Game:
    """Deal at random and play to the end; ``on_step(game)`` is called before every action."""
    g = Game(rules, dealer=rng.randrange(rules.players), seed=rng.getrandbits(32))
    while not g.is_over():
        if on_step is not None:
            on_step(g)
        seat, action = choose(g, rng, target, spiel_rate=spiel_rate)
        g.apply(action, seat)
    return g


# ---------------------------------------------------------------------------------------------
# Literal games: hands and every trick, for the scoring tests. Each trick is annotated with its
# leader, its winner and its card points (A 11, Z 10, K 4, O 3, U 2, 9/8/7 0). Every game was
# checked by hand against the follow rules; the scoring tests replay them under various rules
# (the play is legal under every preset, since scoring options do not change what may be played).
# Keys: R = Rufspiel (declarer seat 0, partner = holder of the called Sau), L = Laufende cases,
# S/W/Ge/FW/FG = Farbsolo, Wenz, Geier, Farbwenz, Farbgeier, T = Tout, B = Bettel, RA = Ramsch,
# P3 = 3-player game (dealer 2), SD = short deck. Dealer is 3 (seat 0 leads the first trick).

GAMES: dict[str, dict[str, Any]] = {
    "R60": {
        # points taken per seat: [0, 37, 23, 60]
        "contract": {"kind": "rufspiel", "declarer": 0, "suit": "E"},
        "hands": [
            "SA S7 H9 E8 G7 S8 SK EZ",
            "G9 GU S9 HO E9 EU HZ HU",
            "SZ SU H7 HA GO EK GK G8",
            "GZ SO H8 GA E7 EO EA HK",
        ],
        "tricks": [
            "E8 E9 EK EA",  # s0 leads -> s3 +15
            "E7 EZ HZ GO",  # s3 leads -> s2 +23
            "SZ SO SK S9",  # s2 leads -> s3 +17
            "EO H9 HO HA",  # s3 leads -> s3 +17
            "HK S8 GU H7",  # s3 leads -> s1 +6
            "EU SU H8 SA",  # s1 leads -> s1 +15
            "HU GK GZ S7",  # s1 leads -> s1 +16
            "G9 G8 GA G7",  # s1 leads -> s3 +11
        ],
    },
    "R61": {
        # points taken per seat: [0, 59, 0, 61]
        "contract": {"kind": "rufspiel", "declarer": 0, "suit": "E"},
        "hands": [
            "GK S8 EZ S7 HO E8 H7 SA",
            "SK GO SZ EU HZ HK H9 E7",
            "G8 E9 G9 S9 SO GZ G7 GU",
            "HA EA H8 SU HU GA EO EK",
        ],
        "tricks": [
            "S8 SK S9 EK",  # s0 leads -> s1 +8
            "HZ GU EO H7",  # s1 leads -> s3 +15
            "EA EZ E7 E9",  # s3 leads -> s3 +21
            "HU HO GO SO",  # s3 leads -> s1 +11
            "HK GZ HA E8",  # s1 leads -> s3 +25
            "SU GK EU G7",  # s3 leads -> s1 +8
            "SZ G8 GA S7",  # s1 leads -> s1 +21
            "H9 G9 H8 SA",  # s1 leads -> s1 +11
        ],
    },
    "R90": {
        # points taken per seat: [18, 72, 30, 0]
        "contract": {"kind": "rufspiel", "declarer": 0, "suit": "E"},
        "hands": [
            "S7 EU HZ EO H9 SZ EK HU",
            "GA GZ E8 HO GU HA S8 EA",
            "E9 G7 EZ SA HK E7 H7 GO",
            "GK S9 SK G8 SU SO G9 H8",
        ],
        "tricks": [
            "EU GU GO SU",  # s0 leads -> s2 +9
            "HK SO HU HO",  # s2 leads -> s1 +12
            "GZ G7 G8 S7",  # s1 leads -> s1 +10
            "S8 SA S9 SZ",  # s1 leads -> s2 +21
            "EZ GK EK EA",  # s2 leads -> s1 +29
            "HA H7 H8 HZ",  # s1 leads -> s1 +21
            "GA E7 G9 H9",  # s1 leads -> s0 +11
            "EO E8 E9 SK",  # s0 leads -> s0 +7
        ],
    },
    "R91": {
        # points taken per seat: [61, 23, 30, 6]
        "contract": {"kind": "rufspiel", "declarer": 0, "suit": "E"},
        "hands": [
            "SO HZ SA EK S7 EU G9 HO",
            "S9 GO E8 GU H8 G7 HA E9",
            "HK GK SZ H9 EA E7 SK H7",
            "SU EO G8 GZ S8 HU EZ GA",
        ],
        "tricks": [
            "HO H8 H9 EO",  # s0 leads -> s3 +6
            "G8 G9 G7 GK",  # s3 leads -> s2 +4
            "HK HU SO HA",  # s2 leads -> s0 +20
            "SA S9 SK S8",  # s0 leads -> s0 +15
            "EU GU H7 SU",  # s0 leads -> s0 +6
            "S7 GO SZ EZ",  # s0 leads -> s1 +23
            "E8 EA GA EK",  # s1 leads -> s2 +26
            "E7 GZ HZ E9",  # s2 leads -> s0 +20
        ],
    },
    "R30": {
        # points taken per seat: [5, 63, 25, 27]
        "contract": {"kind": "rufspiel", "declarer": 0, "suit": "E"},
        "hands": [
            "E8 SU EK S7 SO H7 HZ GU",
            "GA SZ GO E9 S9 EO G7 G9",
            "SK HO GK H9 E7 S8 EA HU",
            "G8 SA GZ H8 HK EU HA EZ",
        ],
        "tricks": [
            "HZ EO HU HK",  # s0 leads -> s1 +19
            "GA GK GZ E8",  # s1 leads -> s1 +25
            "SZ SK SA S7",  # s1 leads -> s3 +25
            "HA GU GO HO",  # s3 leads -> s1 +19
            "G7 S8 G8 SO",  # s1 leads -> s0 +3
            "SU E9 H9 H8",  # s0 leads -> s0 +2
            "H7 S9 E7 EU",  # s0 leads -> s3 +2
            "EZ EK G9 EA",  # s3 leads -> s2 +25
        ],
    },
    "R31": {
        # points taken per seat: [31, 25, 0, 64]
        "contract": {"kind": "rufspiel", "declarer": 0, "suit": "E"},
        "hands": [
            "E8 H8 HK SU EZ EU H7 SZ",
            "SA GZ EK S7 GK S8 SO GU",
            "HZ S9 SK G8 E9 GO EA E7",
            "H9 HA HO HU GA EO G9 G7",
        ],
        "tricks": [
            "SZ SA SK G7",  # s0 leads -> s1 +25
            "GK G8 GA HK",  # s1 leads -> s0 +19
            "H7 SO GO EO",  # s0 leads -> s3 +9
            "HO EU GU HZ",  # s3 leads -> s3 +17
            "H9 SU GZ S9",  # s3 leads -> s0 +12
            "EZ EK EA HA",  # s0 leads -> s3 +36
            "G9 E8 S8 E7",  # s3 leads -> s3 +0
            "HU H8 S7 E9",  # s3 leads -> s3 +2
        ],
    },
    "R_opp_one_zero_trick": {
        # points taken per seat: [49, 0, 71, 0]
        "contract": {"kind": "rufspiel", "declarer": 0, "suit": "E"},
        "hands": [
            "GA G9 H9 H7 E8 HA SU HZ",
            "SZ EK G7 G8 GZ SA EU H8",
            "HO EA SO E7 GU S8 EO S7",
            "E9 SK GK S9 HU GO HK EZ",
        ],
        "tricks": [
            "HA H8 EO GO",  # s0 leads -> s2 +17
            "S7 SK HZ SZ",  # s2 leads -> s0 +24
            "SU EU HO HK",  # s0 leads -> s2 +11
            "EA EZ E8 EK",  # s2 leads -> s2 +25
            "SO HU H9 G7",  # s2 leads -> s2 +5
            "E7 E9 G9 G8",  # s2 leads -> s3 +0
            "GK GA GZ S8",  # s3 leads -> s0 +25
            "H7 SA GU S9",  # s0 leads -> s2 +13
        ],
    },
    "R_decl_one_zero_trick": {
        # points taken per seat: [0, 12, 0, 108]
        "contract": {"kind": "rufspiel", "declarer": 0, "suit": "E"},
        "hands": [
            "HK EZ GK HA G9 SU GO S9",
            "G7 HZ EO EK E7 E8 GA EU",
            "S7 EA H7 SK G8 SZ SO E9",
            "HU H9 S8 H8 GU GZ SA HO",
        ],
        "tricks": [
            "GK G7 G8 GZ",  # s0 leads -> s3 +14
            "H9 SU EU H7",  # s3 leads -> s1 +4
            "EK EA H8 EZ",  # s1 leads -> s3 +25
            "HO HK HZ SO",  # s3 leads -> s3 +20
            "S8 S9 E8 S7",  # s3 leads -> s0 +0
            "GO EO E9 HU",  # s0 leads -> s1 +8
            "E7 SZ GU HA",  # s1 leads -> s3 +23
            "SA G9 GA SK",  # s3 leads -> s3 +26
        ],
    },
    "R_schwarz_won": {
        # points taken per seat: [26, 0, 94, 0]
        "contract": {"kind": "rufspiel", "declarer": 0, "suit": "G"},
        "hands": [
            "EO HO SZ EK GZ G7 S8 HU",
            "EZ E7 GO H9 G8 E8 E9 S7",
            "HK GA GU SU HZ SO H7 EU",
            "G9 H8 HA GK S9 SK SA EA",
        ],
        "tricks": [
            "EO GO EU H8",  # s0 leads -> s0 +8
            "HO H9 HK HA",  # s0 leads -> s0 +18
            "HU G8 SO EA",  # s0 leads -> s2 +16
            "HZ SA EK E9",  # s2 leads -> s2 +25
            "H7 S9 GZ EZ",  # s2 leads -> s2 +20
            "GU G9 SZ E8",  # s2 leads -> s2 +12
            "SU GK S8 E7",  # s2 leads -> s2 +6
            "GA SK G7 S7",  # s2 leads -> s2 +15
        ],
    },
    "R_schwarz_lost": {
        # points taken per seat: [0, 80, 0, 40]
        "contract": {"kind": "rufspiel", "declarer": 0, "suit": "G"},
        "hands": [
            "S7 EZ E8 SO EA GZ G8 G7",
            "HA HK EU SZ HZ EO H8 H9",
            "SK SU G9 E9 S9 HO GA HU",
            "H7 EK GO S8 SA GU E7 GK",
        ],
        "tricks": [
            "SO HA SU GO",  # s0 leads -> s3 +19
            "GU EA EO HO",  # s3 leads -> s1 +19
            "EU HU H7 EZ",  # s1 leads -> s1 +14
            "HK SK EK S7",  # s1 leads -> s1 +12
            "SZ S9 SA G8",  # s1 leads -> s3 +21
            "E7 E8 HZ E9",  # s3 leads -> s1 +10
            "H8 G9 GK GZ",  # s1 leads -> s1 +14
            "H9 GA S8 G7",  # s1 leads -> s1 +11
        ],
    },
    "L_decl3_won": {
        # points taken per seat: [46, 42, 16, 16]
        "contract": {"kind": "rufspiel", "declarer": 0, "suit": "E"},
        "hands": [
            "S8 GO E9 HU HZ S9 EU HO",
            "G8 H8 GK HA EO EZ EA SK",
            "E7 SA SU GZ EK E8 G7 SO",
            "G9 H9 GU S7 H7 HK SZ GA",
        ],
        "tricks": [
            "E9 EA E7 SZ",  # s0 leads -> s1 +21
            "HA SO H7 EU",  # s1 leads -> s2 +16
            "SU HK HO H8",  # s2 leads -> s0 +9
            "GO EO SA H9",  # s0 leads -> s1 +17
            "G8 GZ GA HU",  # s1 leads -> s0 +23
            "S9 SK E8 S7",  # s0 leads -> s1 +4
            "EZ EK GU S8",  # s1 leads -> s3 +16
            "G9 HZ GK G7",  # s3 leads -> s0 +14
        ],
    },
    "L_decl3_lost": {
        # points taken per seat: [15, 27, 55, 23]
        "contract": {"kind": "rufspiel", "declarer": 0, "suit": "E"},
        "hands": [
            "EZ H9 S8 GZ SZ GU HO EO",
            "GK HU G9 GO EA GA HA S7",
            "H8 EK G8 SO SA HK H7 G7",
            "E8 E7 SK SU EU E9 S9 HZ",
        ],
        "tricks": [
            "SZ S7 SA S9",  # s0 leads -> s2 +21
            "HK SU EO GO",  # s2 leads -> s0 +12
            "S8 GK H7 SK",  # s0 leads -> s2 +8
            "EK E7 EZ EA",  # s2 leads -> s1 +25
            "GA G8 EU GZ",  # s1 leads -> s3 +23
            "E9 HO G9 H8",  # s3 leads -> s0 +3
            "GU HA SO HZ",  # s0 leads -> s2 +26
            "G7 E8 H9 HU",  # s2 leads -> s1 +2
        ],
    },
    "L_opp3_won": {
        # points taken per seat: [31, 58, 7, 24]
        "contract": {"kind": "rufspiel", "declarer": 0, "suit": "E"},
        "hands": [
            "H9 HU H7 GZ E7 SA G8 H8",
            "SO EU HK GA EA SU E9 S8",
            "EO SZ GU EK HA SK S9 G7",
            "HZ GO EZ GK S7 HO G9 E8",
        ],
        "tricks": [
            "GZ GA G7 G9",  # s0 leads -> s1 +21
            "SO GU HO H7",  # s1 leads -> s3 +8
            "E8 E7 EA EK",  # s3 leads -> s1 +15
            "SU HA GO H8",  # s1 leads -> s3 +16
            "S7 SA S8 S9",  # s3 leads -> s0 +11
            "G8 E9 EO GK",  # s0 leads -> s2 +7
            "SZ EZ H9 EU",  # s2 leads -> s1 +22
            "HK SK HZ HU",  # s1 leads -> s0 +20
        ],
    },
    "L_opp3_lost": {
        # points taken per seat: [17, 72, 21, 10]
        "contract": {"kind": "rufspiel", "declarer": 0, "suit": "E"},
        "hands": [
            "H9 GK HZ EU EZ SU HU G9",
            "SA E7 E8 GO HO HA EO HK",
            "G7 GU H7 GA SO SK EA G8",
            "GZ EK SZ S8 S7 E9 S9 H8",
        ],
        "tricks": [
            "G9 E7 G8 GZ",  # s0 leads -> s3 +10
            "S9 EU SA SK",  # s3 leads -> s0 +17
            "HZ EO SO H8",  # s0 leads -> s1 +16
            "HK H7 S7 H9",  # s1 leads -> s1 +4
            "HO GU S8 SU",  # s1 leads -> s1 +7
            "E8 EA E9 EZ",  # s1 leads -> s2 +21
            "G7 EK GK HA",  # s2 leads -> s1 +19
            "GO GA SZ HU",  # s1 leads -> s1 +26
        ],
    },
    "S_run3_won": {
        # points taken per seat: [86, 5, 29, 0]
        "contract": {"kind": "solo", "declarer": 0, "suit": "G"},
        "hands": [
            "HO E7 GO EO GU H7 GZ GA",
            "SU EZ HU SO S8 SA EA E9",
            "G8 G9 EK H8 HA EU SZ SK",
            "HZ S7 HK E8 H9 S9 G7 GK",
        ],
        "tricks": [
            "HO SU EU GK",  # s0 leads -> s0 +11
            "GO HU G9 G7",  # s0 leads -> s0 +5
            "GU SO G8 S9",  # s0 leads -> s1 +5
            "E9 EK E8 E7",  # s1 leads -> s2 +4
            "HA HK H7 EZ",  # s2 leads -> s2 +25
            "SZ S7 GA S8",  # s2 leads -> s0 +21
            "EO SA SK H9",  # s0 leads -> s0 +18
            "GZ EA H8 HZ",  # s0 leads -> s0 +31
        ],
    },
    "W_run2_won": {
        # points taken per seat: [77, 14, 14, 15]
        "contract": {"kind": "wenz", "declarer": 0},
        "hands": [
            "SU H9 GU G7 GK GZ EA EU",
            "S8 GO E8 SO SK S7 HZ H8",
            "E7 SA HK EZ EK SZ GA HA",
            "G9 H7 HO G8 HU E9 EO S9",
        ],
        "tricks": [
            "H9 HZ HK H7",  # s0 leads -> s1 +14
            "SO SZ S9 GU",  # s1 leads -> s0 +15
            "EA E8 EZ E9",  # s0 leads -> s0 +21
            "G7 GO GA G8",  # s0 leads -> s2 +14
            "EK EO EU SK",  # s2 leads -> s0 +13
            "SU S8 HA HU",  # s0 leads -> s3 +15
            "G9 GK H8 SA",  # s3 leads -> s0 +15
            "GZ S7 E7 HO",  # s0 leads -> s0 +13
        ],
    },
    "Ge_run2_lost": {
        # points taken per seat: [60, 0, 37, 23]
        "contract": {"kind": "geier", "declarer": 0},
        "hands": [
            "GO E7 H7 GA HA EO SU SK",
            "S8 E8 S7 HU S9 EA SZ GZ",
            "E9 EZ GU SO EK HZ HK H9",
            "G8 HO G7 SA H8 EU GK G9",
        ],
        "tricks": [
            "SU SZ H9 SA",  # s0 leads -> s3 +23
            "G7 GA GZ GU",  # s3 leads -> s0 +23
            "SK S9 HK EU",  # s0 leads -> s0 +10
            "GO EA SO HO",  # s0 leads -> s0 +20
            "EO S7 EK H8",  # s0 leads -> s0 +7
            "H7 HU HZ G9",  # s0 leads -> s2 +12
            "E9 GK E7 E8",  # s2 leads -> s2 +4
            "EZ G8 HA S8",  # s2 leads -> s2 +21
        ],
    },
    "FW_run3_won": {
        # points taken per seat: [68, 10, 25, 17]
        "contract": {"kind": "farbwenz", "declarer": 0, "suit": "S"},
        "hands": [
            "G7 GK HU GU E9 EO EU SZ",
            "E7 H8 S9 GZ HO HK S7 EK",
            "EA SO E8 GO SA H9 G9 SU",
            "HA G8 H7 HZ S8 GA EZ SK",
        ],
        "tricks": [
            "HU S9 SU S8",  # s0 leads -> s0 +4
            "E9 EK EA EZ",  # s0 leads -> s2 +25
            "E8 GA EO E7",  # s2 leads -> s0 +14
            "G7 GZ G9 G8",  # s0 leads -> s1 +10
            "HO H9 HZ GK",  # s1 leads -> s3 +17
            "H7 EU HK SA",  # s3 leads -> s0 +17
            "SZ S7 SO SK",  # s0 leads -> s0 +17
            "GU H8 GO HA",  # s0 leads -> s0 +16
        ],
    },
    "FW_run2_won": {
        # points taken per seat: [71, 24, 25, 0]
        "contract": {"kind": "farbwenz", "declarer": 0, "suit": "S"},
        "hands": [
            "EO H9 EZ HA G9 GK EU GU",
            "GA E9 HK H8 S9 S7 SK SU",
            "E8 SA HO SO EA H7 G7 HZ",
            "EK SZ HU GO G8 E7 S8 GZ",
        ],
        "tricks": [
            "HA HK HO E7",  # s0 leads -> s0 +18
            "G9 GA G7 G8",  # s0 leads -> s1 +11
            "SU SA SZ GU",  # s1 leads -> s0 +25
            "EU SK SO HU",  # s0 leads -> s0 +11
            "GK H8 HZ GO",  # s0 leads -> s0 +17
            "EZ E9 EA EK",  # s0 leads -> s2 +25
            "H7 S8 H9 S9",  # s2 leads -> s1 +0
            "S7 E8 GZ EO",  # s1 leads -> s1 +13
        ],
    },
    "FG_run2_won": {
        # points taken per seat: [78, 38, 4, 0]
        "contract": {"kind": "farbgeier", "declarer": 0, "suit": "E"},
        "hands": [
            "SA EK G8 G7 E7 EO HU GO",
            "G9 HO GU S8 HA SU SK SO",
            "GK H7 GA HZ EU GZ E8 HK",
            "H8 S7 EZ S9 EA H9 E9 SZ",
        ],
        "tricks": [
            "GO SO E8 E9",  # s0 leads -> s0 +6
            "G8 G9 GK S7",  # s0 leads -> s2 +4
            "EU EZ EK HO",  # s2 leads -> s1 +19
            "SU GZ S9 SA",  # s1 leads -> s0 +23
            "EO S8 GA EA",  # s0 leads -> s0 +25
            "HU HA HK H8",  # s0 leads -> s1 +17
            "GU H7 H9 G7",  # s1 leads -> s1 +2
            "SK HZ SZ E7",  # s1 leads -> s0 +24
        ],
    },
    "T_won": {
        # points taken per seat: [120, 0, 0, 0]
        "contract": {"kind": "solo", "declarer": 0, "suit": "H", "tout": True},
        "hands": [
            "HZ E7 EO SU EU GK HO HA",
            "H8 GU G7 HK GA SZ S9 G8",
            "S8 H7 EZ SO HU G9 E9 EK",
            "EA SA GZ E8 S7 H9 GO SK",
        ],
        "tricks": [
            "EO H8 H7 GO",  # s0 leads -> s0 +6
            "HO HK SO H9",  # s0 leads -> s0 +10
            "EU GU HU S7",  # s0 leads -> s0 +6
            "SU SZ E9 GZ",  # s0 leads -> s0 +22
            "HA S9 EK EA",  # s0 leads -> s0 +26
            "HZ G7 EZ SK",  # s0 leads -> s0 +24
            "GK G8 G9 E8",  # s0 leads -> s0 +4
            "E7 GA S8 SA",  # s0 leads -> s0 +22
        ],
    },
    "T_lost_one": {
        # points taken per seat: [101, 0, 19, 0]
        "contract": {"kind": "solo", "declarer": 0, "suit": "H", "tout": True},
        "hands": [
            "HK HO SO GU EK GO H7 H8",
            "E8 E9 S7 S9 S8 EU GK HU",
            "SU H9 G7 G8 SZ EO G9 HA",
            "GZ EZ HZ EA SK SA E7 GA",
        ],
        "tricks": [
            "GO HU SU HZ",  # s0 leads -> s0 +17
            "HO EU EO GA",  # s0 leads -> s2 +19
            "G9 GZ SO GK",  # s2 leads -> s0 +17
            "GU S7 HA SA",  # s0 leads -> s0 +24
            "HK S9 H9 EA",  # s0 leads -> s0 +15
            "H8 E8 G8 EZ",  # s0 leads -> s0 +10
            "H7 E9 G7 SK",  # s0 leads -> s0 +4
            "EK S8 SZ E7",  # s0 leads -> s0 +14
        ],
    },
    "T_lost_first": {
        # points taken per seat: [102, 0, 18, 0]
        "contract": {"kind": "wenz", "declarer": 0, "tout": True},
        "hands": [
            "SU GO HU GZ GU SZ GA SA",
            "H8 S9 EK E7 G9 EO E9 S7",
            "GK HA EZ HZ EU E8 S8 HO",
            "EA H7 G7 SO HK G8 H9 SK",
        ],
        "tricks": [
            "GU EO EU EA",  # s0 leads -> s2 +18
            "S8 SO SA S7",  # s2 leads -> s0 +14
            "HU S9 HZ HK",  # s0 leads -> s0 +16
            "SU E9 EZ G7",  # s0 leads -> s0 +12
            "GA G9 GK G8",  # s0 leads -> s0 +15
            "GZ H8 HO H7",  # s0 leads -> s0 +13
            "SZ EK E8 SK",  # s0 leads -> s0 +18
            "GO E7 HA H9",  # s0 leads -> s0 +14
        ],
    },
    "B_won": {
        # points taken per seat: [0, 33, 72, 15]
        "contract": {"kind": "bettel", "declarer": 0},
        "hands": [
            "EU HO E9 SZ GZ EO GO S7",
            "GK E8 S8 HU G7 HA SU G8",
            "EZ SA E7 G9 GA EA S9 HZ",
            "HK H9 SO SK EK H8 H7 GU",
        ],
        "tricks": [
            "GZ G8 GA GU",  # s0 leads -> s2 +23
            "E7 EK EU E8",  # s2 leads -> s3 +6
            "H7 HO HU HZ",  # s3 leads -> s2 +15
            "SA SO SZ S8",  # s2 leads -> s2 +24
            "EZ H8 E9 G7",  # s2 leads -> s2 +10
            "G9 HK GO GK",  # s2 leads -> s1 +11
            "HA EA H9 S7",  # s1 leads -> s1 +22
            "SU S9 SK EO",  # s1 leads -> s3 +9
        ],
    },
    "B_lost_last": {
        # points taken per seat: [33, 17, 48, 22]
        "contract": {"kind": "bettel", "declarer": 0},
        "hands": [
            "E9 HA H7 S9 G7 E8 HU G9",
            "GA GZ SZ EZ G8 EO EU S8",
            "SA HZ HK H9 SO EA GK GU",
            "GO H8 SU EK S7 HO SK E7",
        ],
        "tricks": [
            "HU GA HK H8",  # s0 leads -> s2 +17
            "GK GO G9 GZ",  # s2 leads -> s1 +17
            "S8 SA SK S9",  # s1 leads -> s2 +15
            "EA E7 E8 EU",  # s2 leads -> s2 +13
            "H9 HO H7 SZ",  # s2 leads -> s3 +13
            "EK E9 EO GU",  # s3 leads -> s3 +9
            "S7 G7 G8 SO",  # s3 leads -> s2 +3
            "HZ SU HA EZ",  # s2 leads -> s0 +33
        ],
    },
    "B_lost_trick3": {
        # points taken per seat: [86, 18, 0, 16]
        "contract": {"kind": "bettel", "declarer": 0},
        "hands": [
            "EA E7 E8 EK HU EO HK SK",
            "S9 SO G9 GU H7 EU GZ E9",
            "GO H8 SU S7 G7 EZ SA G8",
            "SZ H9 GK GA S8 HA HO HZ",
        ],
        "tricks": [
            "SK S9 SU SZ",  # s0 leads -> s3 +16
            "GK EK GZ G8",  # s3 leads -> s1 +18
            "EU EZ GA EA",  # s1 leads -> s0 +34
            "HU H7 H8 H9",  # s0 leads -> s0 +2
            "EO E9 GO HA",  # s0 leads -> s0 +17
            "E8 G9 SA HZ",  # s0 leads -> s0 +21
            "HK SO G7 HO",  # s0 leads -> s0 +10
            "E7 GU S7 S8",  # s0 leads -> s0 +2
        ],
    },
    "SAU_last": {
        # points taken per seat: [100, 8, 12, 0]
        "contract": {"kind": "rufspiel", "declarer": 0, "suit": "G"},
        "hands": [
            "EO GO HO SO GK HA HZ SA",
            "EA EZ EK E9 SZ SK S9 G7",
            "GA G9 EU GU HK H9 E8 E7",
            "HU SU GZ G8 H8 H7 S8 S7",
        ],
        "tricks": [
            "SO EZ H9 HU",  # s0 leads -> s0 +15
            "GO EA GU SU",  # s0 leads -> s0 +18
            "HA S9 HK H8",  # s0 leads -> s0 +15
            "SA SK E7 S7",  # s0 leads -> s0 +15
            "HZ E9 EU H7",  # s0 leads -> s2 +12
            "E8 G8 GK EK",  # s2 leads -> s1 +8
            "SZ G9 S8 HO",  # s1 leads -> s0 +13
            "EO G7 GA GZ",  # s0 leads -> s0 +24
        ],
    },
    "RA_plain": {
        # points taken per seat: [13, 77, 16, 14]
        "contract": {"kind": "ramsch"},
        "hands": [
            "GU H8 SU EK SZ EZ HK S7",
            "HU SA EU SO EA EO E8 E7",
            "G8 GO H7 G9 S8 HA GA H9",
            "SK GK HZ G7 E9 HO S9 GZ",
        ],
        "tricks": [
            "SZ SA S8 S9",  # s0 leads -> s1 +21
            "EU GO HO HK",  # s1 leads -> s2 +12
            "G8 G7 SU EA",  # s2 leads -> s0 +13
            "H8 SO H9 HZ",  # s0 leads -> s1 +13
            "E8 H7 E9 EK",  # s1 leads -> s2 +4
            "G9 GK EZ E7",  # s2 leads -> s3 +14
            "GZ S7 HU GA",  # s3 leads -> s1 +23
            "EO HA SK GU",  # s1 leads -> s1 +20
        ],
    },
    "RA_tie": {
        # points taken per seat: [32, 30, 32, 26]
        "contract": {"kind": "ramsch"},
        "hands": [
            "GK G7 E9 GA SA H7 HO S9",
            "H9 HA EK EA E7 GO G8 EO",
            "HZ E8 H8 HU SZ G9 SO SU",
            "EZ S8 EU GZ S7 GU HK SK",
        ],
        "tricks": [
            "S9 H9 SZ S7",  # s0 leads -> s1 +10
            "GO SO GU HO",  # s1 leads -> s1 +11
            "G8 G9 GZ GA",  # s1 leads -> s0 +21
            "G7 EA E8 S8",  # s0 leads -> s0 +11
            "H7 EO SU HK",  # s0 leads -> s1 +9
            "HA HU EU SA",  # s1 leads -> s3 +26
            "SK GK EK HZ",  # s3 leads -> s2 +22
            "H8 EZ E9 E7",  # s2 leads -> s2 +10
        ],
    },
    "RA_jf1": {
        # points taken per seat: [59, 33, 0, 28]
        "contract": {"kind": "ramsch"},
        "hands": [
            "S7 GO H7 HA HZ E9 SU H9",
            "HK G7 EA HO H8 SZ E7 S9",
            "SK GK GU GA SA SO EZ E8",
            "EO EK S8 EU GZ HU G9 G8",
        ],
        "tricks": [
            "H9 HK GU EO",  # s0 leads -> s3 +9
            "G9 H7 G7 GA",  # s3 leads -> s0 +11
            "HA HO SO EU",  # s0 leads -> s1 +19
            "E7 E8 EK E9",  # s1 leads -> s3 +4
            "GZ HZ S9 GK",  # s3 leads -> s0 +24
            "S7 SZ SK S8",  # s0 leads -> s1 +14
            "H8 SA HU SU",  # s1 leads -> s3 +15
            "G8 GO EA EZ",  # s3 leads -> s0 +24
        ],
    },
    "RA_jf2": {
        # points taken per seat: [77, 0, 43, 0]
        "contract": {"kind": "ramsch"},
        "hands": [
            "SU HA EO H7 GO EU SK GU",
            "S9 S8 G9 E9 HZ E7 G8 EZ",
            "EA SA EK SO HU SZ HK HO",
            "GK GZ S7 E8 GA G7 H8 H9",
        ],
        "tricks": [
            "GO HZ SO H8",  # s0 leads -> s0 +16
            "EU E9 HO H9",  # s0 leads -> s2 +5
            "SA S7 SK S9",  # s2 leads -> s2 +15
            "HU GZ HA G9",  # s2 leads -> s2 +23
            "EK E8 SU E7",  # s2 leads -> s0 +6
            "EO EZ HK G7",  # s0 leads -> s0 +17
            "GU S8 EA GA",  # s0 leads -> s0 +24
            "H7 G8 SZ GK",  # s0 leads -> s0 +14
        ],
    },
    "RA_91": {
        # points taken per seat: [92, 8, 4, 16]
        "contract": {"kind": "ramsch"},
        "hands": [
            "HZ S7 GA GO GK G9 HU H8",
            "HA G8 SO SZ EA EU GZ SK",
            "E8 HO H7 SU EK E7 EZ H9",
            "GU E9 EO SA G7 S8 HK S9",
        ],
        "tricks": [
            "GK G8 EZ G7",  # s0 leads -> s0 +14
            "HU HA H9 EO",  # s0 leads -> s3 +16
            "S9 S7 SK H7",  # s3 leads -> s2 +4
            "E7 E9 H8 EA",  # s2 leads -> s0 +11
            "GA GZ E8 S8",  # s0 leads -> s0 +21
            "G9 EU SU HK",  # s0 leads -> s1 +8
            "SZ EK SA HZ",  # s1 leads -> s0 +35
            "GO SO HO GU",  # s0 leads -> s0 +11
        ],
    },
    "P3_wenz_run2_won": {
        # points taken per seat: [84, 15, 21]
        "contract": {"kind": "wenz", "declarer": 0},
        "hands": [
            "EU G9 EZ EA SZ SU GO GU",
            "H9 S9 EO HK GA HU HZ SO",
            "HO GK SA SK E9 GZ EK HA",
        ],
        "tricks": [
            "EU HU SA",  # s0 leads -> s0 +15
            "EA EO E9",  # s0 leads -> s0 +14
            "SU S9 GZ",  # s0 leads -> s0 +12
            "G9 GA GK",  # s0 leads -> s1 +15
            "H9 HA EZ",  # s1 leads -> s2 +21
            "SK SZ SO",  # s2 leads -> s0 +17
            "GU HK HO",  # s0 leads -> s0 +9
            "GO HZ EK",  # s0 leads -> s0 +17
        ],
    },
    "P3_solo_lost": {
        # points taken per seat: [44, 62, 14]
        "contract": {"kind": "solo", "declarer": 0, "suit": "E"},
        "hands": [
            "HO E9 GZ SO GA H9 EA EO",
            "HU GO SZ EK EU HK SU G9",
            "GU HZ HA S9 EZ SA SK GK",
        ],
        "tricks": [
            "EO HU GU",  # s0 leads -> s0 +7
            "SO SU EZ",  # s0 leads -> s0 +15
            "EA EU HA",  # s0 leads -> s1 +24
            "EK GK E9",  # s1 leads -> s1 +8
            "SZ SK GZ",  # s1 leads -> s1 +24
            "G9 SA GA",  # s1 leads -> s0 +22
            "H9 HK HZ",  # s0 leads -> s2 +14
            "S9 HO GO",  # s2 leads -> s1 +6
        ],
    },
    "SD_ruf_run2_won": {
        # points taken per seat: [0, 41, 0, 79]
        "contract": {"kind": "rufspiel", "declarer": 0, "suit": "S"},
        "hands": [
            "EA HK E9 S9 HU G9",
            "EU SU EK HA H9 GU",
            "GA SZ HO SK GZ HZ",
            "GO EO GK EZ SO SA",
        ],
        "tricks": [
            "G9 H9 GZ GK",  # s0 leads -> s1 +14
            "HA HZ GO HU",  # s1 leads -> s3 +26
            "EO HK GU HO",  # s3 leads -> s3 +12
            "SA S9 EK SZ",  # s3 leads -> s3 +25
            "EZ EA SU SK",  # s3 leads -> s1 +27
            "EU GA SO E9",  # s1 leads -> s3 +16
        ],
    },
}


def replay_game(
    name: str,
    rules: Mapping[str, Any] | None = None,
    *,
    doublings: Sequence[tuple[int, int]] = (),
    klopfen: Sequence[int] = (),
    upto: int | None = None,
    stock: int = 0,
) -> Game:
    """Replay one of :data:`GAMES` under ``rules`` (default standard; bettel enabled if needed)."""
    data = GAMES[name]
    n = len(data["hands"])
    r: dict[str, Any] = dict(rules or {"preset": "standard"})
    r.setdefault("preset", "standard")
    if n == 3:
        r.setdefault("players", 3)
    elif len(data["hands"][0].split()) == 6:
        r.setdefault("deck", "short")
    kind = data["contract"]["kind"]
    if kind == "bettel" and "contracts" not in r:
        base = Ruleset.preset(r["preset"]).to_dict()["contracts"]
        r["contracts"] = [*base, "bettel"]
    if kind == "ramsch":
        r.setdefault("all_pass", "ramsch")
    if kind in ("farbwenz", "farbgeier") and "contracts" not in r:
        base = Ruleset.preset(r["preset"]).to_dict()["contracts"]
        r["contracts"] = sorted({*base, "farbwenz", "farbgeier"})
    tricks = data["tricks"] if upto is None else data["tricks"][:upto]
    return replay(
        data["hands"],
        data["contract"],
        tricks,
        r,
        dealer=n - 1,
        doublings=doublings,
        klopfen=klopfen,
        stock=stock,
    )


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's chromium under Playwright, one per module of browser tests."""
    from playwright.sync_api import sync_playwright

    from test_browser import _chromium

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=_chromium(), args=["--no-sandbox"])
        yield b
        b.close()
