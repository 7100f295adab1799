"""Every reason a ruleset or a session file is refused, worded in German and English from
the error's reason and parameters (never the engine's English sentence as a stand-in)."""

from __future__ import annotations

import json
import pickle
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from schafkopf.game import Game
from schafkopf.players import RandomPlayer, play_game
from schafkopf.rules import Contract, Kind, RulesError, Ruleset
from schafkopf.session import Session, SessionError
from schafkopf.tui.error_texts import ERROR_TEXTS, error_text


def _std(**options: Any) -> Callable[[], object]:
    return lambda: Ruleset.preset("standard", options)


BAD_RULES: list[tuple[str, Callable[[], object]]] = [
    ("unknown_preset", lambda: Ruleset.preset("sauspil")),
    ("unknown_option", _std(farbe=1)),
    ("unknown_option", _std(**{"tarif.foo": 1})),
    ("unknown_option", _std(**{"klopfen.x": 1})),
    ("option_group", _std(tarif=1)),
    ("bad_value", _std(**{"tarif.solo": -1})),
    ("bad_value", _std(klopfen="ja")),
    ("bad_value", _std(schneider="sometimes")),
    ("bad_value", _std(davonlaufen_min=0)),
    ("bad_value", _std(max_doublings=9)),
    ("bad_value", _std(durchmarsch=50)),
    ("bad_value", _std(contracts="solo")),
    ("unknown_contracts", _std(contracts=["solo", "x"])),
    ("not_object", lambda: Ruleset.from_json([1])),  # type: ignore[arg-type]
    ("preset_not_name", lambda: Ruleset.from_json({"preset": 3})),
    ("contract_suit", lambda: Contract(Kind.SOLO, 0)),
    ("contract_suit", lambda: Contract(Kind.WENZ, 0, 1)),
    ("contract_declarer", lambda: Contract(Kind.WENZ)),
    ("contract_declarer", lambda: Contract(Kind.RAMSCH, 1)),
    ("tout_kind", lambda: Contract(Kind.BETTEL, 0, tout=True)),
    ("herz_sau", lambda: Contract(Kind.RUFSPIEL, 0, 2)),
    ("unknown_kind", lambda: Contract("hochzeit", 0)),  # type: ignore[arg-type]
    ("unknown_kind", lambda: Contract.from_json({"kind": "hochzeit"})),
    ("bad_suit", lambda: Contract("solo", 0, "X")),  # type: ignore[arg-type]
    ("bad_suit", lambda: Contract.from_json({"kind": "solo", "suit": 7})),
    ("bad_declarer", lambda: Contract.from_json({"kind": "solo", "declarer": "Sepp"})),
    ("bad_tout", lambda: Contract.from_json({"kind": "solo", "declarer": 0, "tout": 1})),
    ("unknown_fields", lambda: Contract.from_json({"kind": "wenz", "who": 1})),
    ("contract_not_object", lambda: Contract.from_json([1])),  # type: ignore[arg-type]
]


def _words_of(error: Exception) -> dict[str, str]:
    assert isinstance(error, RulesError | SessionError)
    said = {lang: error_text(error, lang) for lang in ("de", "en")}
    for lang, text in said.items():
        assert text != str(error), f"{error.reason} has no {lang} words"
        assert "{" not in text and "}" not in text, text
    assert said["de"] != said["en"]
    return said


@pytest.mark.parametrize(("reason", "make"), BAD_RULES)
def test_every_rules_error_is_worded(reason: str, make: Callable[[], object]) -> None:
    with pytest.raises(RulesError) as e:
        make()
    assert e.value.reason == reason and e.value.code == "bad_rules"
    _words_of(e.value)


def test_a_rules_file_that_cannot_be_read_or_parsed(tmp_path: Path) -> None:
    for name, text, reason in (
        ("none.toml", None, "cannot_read"),
        ("bad.toml", "preset = ", "bad_syntax"),
        ("bad.json", "{", "bad_syntax"),
        ("bin.toml", b"\xff", "not_utf8"),
    ):
        path = tmp_path / name
        if isinstance(text, bytes):
            path.write_bytes(text)
        elif text is not None:
            path.write_text(text, encoding="utf-8")
        with pytest.raises(RulesError) as e:
            Ruleset.from_file(path)
        assert e.value.reason == reason and e.value.params["path"] == str(path)
        said = _words_of(e.value)
        assert str(path) in said["de"] and str(path) in said["en"]
        if reason == "bad_syntax":
            kind = "TOML" if name.endswith(".toml") else "JSON"
            assert f"{path} ist kein gültiges {kind}: " in said["de"]


def test_the_words_show_values_as_typed() -> None:
    with pytest.raises(RulesError) as e:
        Ruleset.preset("standard", {"schneider": "sometimes"})
    assert error_text(e.value, "de") == (
        "Die Option „schneider“ muss einer dieser Werte sein: loser_30, official "
        "(nicht „sometimes“)."
    )
    assert error_text(e.value, "en") == (
        "The option “schneider” must be one of: loser_30, official (not “sometimes”)."
    )
    with pytest.raises(RulesError) as e:
        Ruleset.preset("standard", {"contracts": ["solo", "hochzeit"]})
    assert "kennt „hochzeit“ nicht" in error_text(e.value, "de")


def test_the_reason_crosses_processes() -> None:
    """Raised in a bot worker or a Ray task, the reason and parameters arrive whole."""
    with pytest.raises(RulesError) as e:
        Ruleset.preset("standard", {"max_doublings": 9})
    again = pickle.loads(pickle.dumps(e.value))
    assert isinstance(again, RulesError) and str(again) == str(e.value)
    assert again.reason == "bad_value" and again.params == e.value.params


def test_both_languages_have_the_same_texts_and_placeholders() -> None:
    assert ERROR_TEXTS["de"].keys() == ERROR_TEXTS["en"].keys()
    for key, german in ERROR_TEXTS["de"].items():
        holes = set(re.findall(r"{(\w+)}", german))
        assert holes == set(re.findall(r"{(\w+)}", ERROR_TEXTS["en"][key])), key


def _session_file(tmp_path: Path) -> list[str]:
    """The lines of a session file with one finished game."""
    path = tmp_path / "good.jsonl"
    session = Session(Ruleset.preset("standard"), list("ABCD"), games=2, seed=5, path=path)
    game = session.new_game()
    play_game(game, [RandomPlayer()] * 4, rng=random.Random(1))
    session.finish_game(game)
    return path.read_text(encoding="utf-8").splitlines()


def test_every_broken_session_file_is_worded(tmp_path: Path) -> None:
    head, game = _session_file(tmp_path)[:2]
    header = json.loads(head)
    unfinished = json.loads(game)
    unfinished.pop("result", None)
    unfinished["tricks"] = unfinished["tricks"][:2]
    cases: list[tuple[str, bytes | str]] = [
        ("empty", ""),
        ("not_utf8", b"\xff\xfe"),
        ("not_json", "{\n"),
        ("not_header", '{"format": "other"}\n'),
        ("not_header", json.dumps({k: v for k, v in header.items() if k != "players"}) + "\n"),
        ("bad_rules", json.dumps(header | {"rules": {"preset": "sauspil"}}) + "\n"),
        ("bad_header", json.dumps(header | {"players": ["A", "B"]}) + "\n"),
        ("not_json", f"{head}\n{{oops\n{game}\n"),
        ("bad_record", f"{head}\n" + json.dumps({"format": "x"}) + "\n"),
        ("not_finished", f"{head}\n{json.dumps(unfinished)}\n"),
        ("out_of_order", f"{head}\n" + '{"game": 3, "act": [1, 33]}\n'),
        ("bad_act", f"{head}\n" + '{"game": 1, "act": 5}\n'),
        ("replay", f"{head}\n" + '{"game": 1, "act": [1, 200]}\n'),
    ]
    for k, (reason, content) in enumerate(cases):
        path = tmp_path / f"s{k}.jsonl"
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        with pytest.raises(SessionError) as e:
            Session.resume(path)
        assert e.value.reason == reason, (reason, str(e.value))
        said = _words_of(e.value)
        assert str(path) in said["de"], said
    with pytest.raises(SessionError) as e:
        Session.resume(tmp_path / "none.jsonl")
    assert "lässt sich nicht lesen" in _words_of(e.value)["de"]
    with pytest.raises(SessionError) as e:
        Session(Ruleset(), ["A"])
    assert _words_of(e.value)["de"] == "Die Regeln sehen 4 Spieler vor, nicht 1."
    with pytest.raises(SessionError) as e:
        Session(Ruleset(), list("ABCD"), games=-2)
    _words_of(e.value)


def test_an_error_without_words_keeps_the_engines_sentence() -> None:
    with pytest.raises(SessionError) as e:
        Session(Ruleset(), list("ABCD")).finish_game(Game(seed=1))
    assert error_text(e.value, "de") == str(e.value)
    from schafkopf.players.registry import PlayerSpecError, make_player

    with pytest.raises(PlayerSpecError) as spec:  # its reason shares a name with a rules one
        make_player("heuristic:depth=3")
    assert spec.value.reason == "unknown_option"
    assert error_text(spec.value, "de") == str(spec.value)


def test_a_value_that_is_no_text_is_shown_as_json() -> None:
    with pytest.raises(RulesError) as e:
        Ruleset.from_json([1, 2])  # type: ignore[arg-type]
    assert error_text(e.value, "de").endswith("(nicht [1, 2]).")
    with pytest.raises(RulesError) as e:
        Ruleset.preset("standard", {"klopfen": None})
    assert error_text(e.value, "en").endswith("(not null).")


@pytest.mark.parametrize(
    ("hand", "preset", "reason", "german"),
    [
        ("EO GO HO SO EU GU HU", "standard", "hand_size", "Eine Hand hat 8 Karten, nicht 7."),
        ("EO EO HO SO EU GU HU SU", "standard", "card_twice", "Die Karte „EO“ steht zweimal"),
        ("EO XX HO SO EU GU HU SU", "standard", "unknown_card", "Die Karte „XX“ gibt es nicht"),
        ("EO GO HO SO EU E7", "short", "not_in_deck", "Nicht im kurzen Blatt: E7."),
    ],
)
def test_a_hand_to_advise_on_is_refused_in_words(
    hand: str, preset: str, reason: str, german: str
) -> None:
    from schafkopf.analysis.advice import AdviceError, read_hand

    rules = Ruleset.preset("standard", {"deck": preset} if preset == "short" else None)
    with pytest.raises(AdviceError) as e:
        read_hand(hand, rules)
    assert e.value.reason == reason
    said = {lang: error_text(e.value, lang) for lang in ("de", "en")}
    assert german in said["de"] and said["en"] != str(e.value) and said["de"] != said["en"]
