"""Why a choice is not allowed, in German (or English), for the person at the table.

The engine decides why (:func:`schafkopf.refusals.refusal`, from the seat's :class:`View`) and
says it with a ``reason`` code and parameters; this module words that reason from the
language's table (:data:`~schafkopf.tui.texts.TEXTS`, keys ``r_*``). The engine's English
sentence is never shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from schafkopf.actions import DOUBLE, KLOPFEN, NICHT_KLOPFEN, SPIEL, WEITER, Action, action_name
from schafkopf.errors import IllegalActionError
from schafkopf.game import View
from schafkopf.refusals import SUIT_LETTERS, refusal
from schafkopf.tui.texts import GERMAN, Lang

_Wording = Callable[[Lang, View, dict[str, Any], Sequence[str]], str]


def _card(L: Lang, c: int) -> str:
    return f"{L.card_label(c)} ({L.card_name(c)})"


def _suit(L: Lang, letter: str) -> str:
    return L.t("trump") if letter == "trump" else L.suits[SUIT_LETTERS.index(letter)]


def _sau(L: Lang, view: View) -> str:
    suit = view.contract.suit if view.contract is not None else None
    return L.sau(suit) if suit is not None else ""


def _called_suit(L: Lang, view: View) -> str:
    suit = view.contract.suit if view.contract is not None else None
    return L.suits[suit] if suit is not None else ""


def _not_your_turn(L: Lang, view: View, p: dict[str, Any], names: Sequence[str]) -> str:
    if p["to_move"] is None:
        return L.t("r_nobody")
    return L.t("r_not_your_turn", s=L.subject(names[p["to_move"]], "to_move"))


def _must_follow(L: Lang, view: View, p: dict[str, Any], names: Sequence[str]) -> str:
    if p["led"] == "trump":
        return L.t("r_follow_trump")
    return L.t("r_follow", led=_suit(L, p["led"]))


def _not_entitled(L: Lang, view: View, p: dict[str, Any], names: Sequence[str]) -> str:
    key = "r_double_declarers" if p["side"] == "declarers" else "r_double_defenders"
    text = L.t(key, word=p["word"].capitalize())
    if view.doublings:  # "k" again after one's own Kontra: say that first
        said = action_name(DOUBLE, len(view.doublings) - 1).capitalize()
        return L.t("r_double_said", said=said) + " " + text
    return text


def _simple(key: str, **fields: Callable[[Lang, View, dict[str, Any]], object]) -> _Wording:
    """A reason worded by one text whose fields come from the language, view and params."""

    def word(L: Lang, view: View, p: dict[str, Any], names: Sequence[str]) -> str:
        return L.t(key, **{name: get(L, view, p) for name, get in fields.items()})

    return word


def _word(L: Lang, v: View, p: dict[str, Any]) -> str:
    return str(p["word"])


def _capital_word(L: Lang, v: View, p: dict[str, Any]) -> str:
    return str(p["word"]).capitalize()


def _card_field(L: Lang, v: View, p: dict[str, Any]) -> str:
    return _card(L, p["number"])


_WORDINGS: dict[str, _Wording] = {
    "not_an_action": _simple("r_no_choice"),
    "game_over": _simple("r_over"),
    "no_contract_yet": _simple("r_double_not_yet", word=_capital_word),
    "no_doubling_in_ramsch": _simple("r_no_kontra_ramsch"),
    "doublings_used_up": _simple("r_max_doublings", n=lambda L, v, p: p["most"]),
    "not_entitled": _not_entitled,
    "too_late": _simple("r_double_late", word=_capital_word),
    "not_your_turn": _not_your_turn,
    "not_card_play": _simple("r_cards_later", card=_card_field),
    "not_held": _simple("r_not_in_hand", card=_card_field),
    "must_play_called_sau": _simple(
        "r_must_give_sau", led=lambda L, v, p: _suit(L, p["led"]), sau=lambda L, v, p: _sau(L, v)
    ),
    "must_follow": _must_follow,
    "may_not_discard_called_sau": _simple(
        "r_no_schmieren",
        sau=lambda L, v, p: _sau(L, v),
        suit=lambda L, v, p: _called_suit(L, v),
    ),
    "must_lead_called_sau": _simple(
        "r_davonlaufen",
        sau=lambda L, v, p: _sau(L, v),
        suit=lambda L, v, p: _called_suit(L, v),
        need=lambda L, v, p: p["davonlaufen_min"],
    ),
    "spiel_too_low": _simple("r_spiel_too_low", word=_word),
    "weiter_or_spiel": _simple(
        "r_bidding",
        weiter=lambda L, v, p: L.action(WEITER),
        spiel=lambda L, v, p: L.action(SPIEL),
        word=_word,
    ),
    "klopfen_or_not": _simple(
        "r_klopfen",
        klopfen=lambda L, v, p: L.action(KLOPFEN),
        nicht=lambda L, v, p: L.action(NICHT_KLOPFEN),
        word=_word,
    ),
    "offer_too_low": _simple("r_offer_low", word=_word),
    "not_in_these_rules": _simple("r_not_allowed", word=_word),
    "sie_needs_all": _simple("r_no_sie"),
    "cannot_call": _simple(
        "r_cannot_call",
        sau=lambda L, v, p: L.sau(SUIT_LETTERS.index(p["suit"])),
        suit=lambda L, v, p: L.suits[SUIT_LETTERS.index(p["suit"])],
    ),
    "name_the_offer": _simple("r_name_offered", offered=lambda L, v, p: p["offered"], word=_word),
    "name_a_contract": _simple("r_naming", word=_word),
    "not_now": _simple("r_not_now", word=_word),
}
"""Each reason code of :func:`~schafkopf.refusals.refusal`, worded for the terminal."""

REASONS = frozenset(_WORDINGS)
"""The reason codes this face words: every one :func:`~schafkopf.refusals.refusal` gives
(the engine's other refusals, a seat the table lacks or text that names no action, come
from a program's calls, never from a person at the terminal)."""


def why_not(view: View, action: Action, names: Sequence[str], lang: Lang = GERMAN) -> str:
    """A sentence (German unless ``lang`` says otherwise) that says why ``action`` is not
    legal for ``view.seat`` now (the engine's reason, worded for the person)."""
    L = lang
    error = refusal(view, action)
    if error is None:
        return L.t("r_not_now", word=L.action(action, len(view.doublings)))
    return worded(error, view, action, names, L)


def worded(
    error: IllegalActionError, view: View, action: Action, names: Sequence[str], L: Lang
) -> str:
    """The engine's refusal of ``action`` (:mod:`schafkopf.refusals`), worded for the person."""
    params = dict(error.params)
    if isinstance(action, int) and action >= 0:
        params["number"] = action
        try:
            params["word"] = L.action(action, len(view.doublings))
        except ValueError:
            params["word"] = str(action)
    wording = _WORDINGS.get(error.reason)
    if wording is None:
        return L.t("r_not_now", word=params.get("word", str(action)))
    return wording(L, view, params, names)
