"""Cards, card points, tokens and card sets (rules.md "Cards", record.md "Card tokens")."""

from __future__ import annotations

import pytest

from schafkopf.cards import (
    EO,
    GA,
    HZ,
    S7,
    SZ,
    CardError,
    CardSet,
    augen,
    card_name,
    card_token,
    parse_card,
    rank_of,
    suit_of,
)


def test_deck_has_32_cards_worth_120():
    deck = CardSet.full()
    assert len(deck) == 32
    # 4 suits x (A 11 + Z 10 + K 4 + O 3 + U 2 + 9/8/7 0) = 4 x 30 = 120
    assert deck.augen() == 120


def test_short_deck_drops_7_and_8_and_keeps_120_points():
    short = CardSet.full(short=True)
    assert len(short) == 24
    assert short.augen() == 120
    assert not any(t[1] in "78" for t in short.tokens())
    assert CardSet.full() - short == CardSet.parse("E8 E7 G8 G7 H8 H7 S8 S7")


@pytest.mark.parametrize(
    ("rank", "points"),
    [("A", 11), ("Z", 10), ("K", 4), ("O", 3), ("U", 2), ("9", 0), ("8", 0), ("7", 0)],
)
def test_card_points(rank, points):
    for suit in "EGHS":
        assert augen(parse_card(suit + rank)) == points


def test_tokens_round_trip_and_are_canonical():
    for c in range(32):
        tok = card_token(c)
        assert len(tok) == 2 and tok[0] in "EGHS" and tok[1] in "AZKOU987"
        assert parse_card(tok) == c
    assert card_token(EO) == "EO"
    assert card_token(HZ) == "HZ"
    assert suit_of(GA) == 1 and rank_of(GA) == 0


@pytest.mark.parametrize(
    ("alias", "canonical"),
    [
        ("eo", "EO"),
        ("h10", "HZ"),
        ("HX", "HZ"),
        ("GrA", "GA"),
        ("BZ", "GZ"),
        ("b7", "G7"),
        (" s9 ", "S9"),
        ("Q♣", "EO"),
        ("♥10", "HZ"),
        ("Gras-König", "GK"),
        ("herz sau", "HA"),
        ("Sau Herz", "HA"),
        ("pik dame", "GO"),
        ("jack of diamonds", "SU"),
        ("Eichel Zehn", "EZ"),
        ("schelln 7", "S7"),
    ],
)
def test_readers_accept_aliases(alias, canonical):
    assert card_token(parse_card(alias)) == canonical


@pytest.mark.parametrize(
    "bad",
    ["", "X", "E", "EA1", "HH", "Z9", "E1", "Gr", "10", "Q", "♣", "gras", "herz herz", "e sau",
     "gras ober unter", "Q♣♣"],
)  # fmt: skip
def test_unknown_tokens_raise_card_error(bad):
    with pytest.raises(CardError):
        parse_card(bad)


def test_card_error_is_a_value_error():
    assert issubclass(CardError, ValueError)


def test_card_token_of_a_bad_number():
    with pytest.raises(CardError):
        card_token(32)
    with pytest.raises(CardError):
        card_token(-1)


def test_cardset_parse_and_set_behaviour():
    s = CardSet.parse("EO, hz s7")
    assert s == {EO, HZ, S7}
    assert EO in s and SZ not in s and 99 not in s
    assert len(s) == 3
    assert s.augen() == 3 + 10 + 0
    assert str(s) == "EO HZ S7"
    assert s | CardSet.parse("SZ") == CardSet.parse("EO HZ S7 SZ")
    assert s - CardSet.parse("HZ") == CardSet.parse("EO S7")
    assert s & CardSet.parse("HZ SZ") == CardSet.parse("HZ")
    assert CardSet.parse("EO") <= s and s >= CardSet.parse("S7")
    assert s.add(SZ).remove(EO) == CardSet.parse("HZ S7 SZ")
    with pytest.raises(KeyError):
        s.remove(SZ)


def test_cardset_repeated_card_is_an_error():
    with pytest.raises(CardError, match="twice"):
        CardSet.parse("EO HZ eo")


def test_cardset_bad_members():
    with pytest.raises(CardError):
        CardSet([32])
    with pytest.raises(CardError):
        CardSet(1 << 32)


def test_cardset_is_immutable():
    s = CardSet.parse("EO")
    with pytest.raises(AttributeError):
        s.mask = 0  # type: ignore[misc]


def test_french_display_is_only_rendering():
    assert card_name(EO) == "Eichel-Ober"
    assert card_name(EO, french=True) == "Q♣"
    assert card_name(HZ, french=True) == "10♥"


def test_card_sets_and_views_pickle() -> None:
    """Views cross to the server's bot processes: a card set and a whole view pickle."""
    import pickle
    import random

    from schafkopf.rules import Ruleset
    from schafkopf.session import Session

    s = CardSet.parse("EO GU HA S7")
    assert pickle.loads(pickle.dumps(s)) == s
    game = Session(Ruleset.preset("standard", {}), list("ABCD"), games=1, seed=3).new_game()
    rng = random.Random(2)
    while not game.is_over():
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        assert pickle.loads(pickle.dumps(view)) == view
        game.apply(rng.choice(view.legal), seat)
