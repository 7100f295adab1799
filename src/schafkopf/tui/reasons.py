"""Why a choice is not allowed, in German (or English), worked out from the seat's :class:`View`.

The engine's :class:`~schafkopf.game.IllegalActionError` speaks English for developers; the
terminal never shows it. :func:`why_not` decides the reason in the order the engine does
(``Game._refusal``) from what the seat may know, and words it for the person at the table
from the language's table (:data:`~schafkopf.tui.texts.TEXTS`, keys ``r_*``).
"""

from __future__ import annotations

from collections.abc import Sequence

from schafkopf.actions import (
    DOUBLE,
    KLOPFEN,
    NAME_BASE,
    NAMES,
    NICHT_KLOPFEN,
    NUM_ACTIONS,
    SPIEL,
    WEITER,
    Action,
    action_name,
    is_card,
    is_offer,
)
from schafkopf.cards import OBER, SAU, UNTER, card, rank_of, suit_of
from schafkopf.game import BIDDING, DONE, KLOPFEN_PHASE, NAMING, PLAY, SETTLING, View
from schafkopf.rules import TRUMP, Kind, play_tables
from schafkopf.tui.texts import GERMAN, Lang


def _card(L: Lang, c: int) -> str:
    return f"{L.card_label(c)} ({L.card_name(c)})"


def _double_reason(view: View, word: str, L: Lang) -> str:
    c = view.contract
    if view.phase != PLAY or c is None:
        return L.t("r_double_not_yet", word=word)
    if c.kind is Kind.RAMSCH:
        return L.t("r_no_kontra_ramsch")
    k = len(view.doublings)
    if k >= view.rules.max_doublings:
        return L.t("r_max_doublings", n=view.rules.max_doublings)
    declarers = {c.declarer} if c.kind is not Kind.RUFSPIEL else {c.declarer, view.partner}
    if (view.seat in declarers) != (k % 2 == 1):
        return L.t("r_double_declarers" if k % 2 else "r_double_defenders", word=word)
    return L.t("r_double_late", word=word)


def _card_reason(view: View, c: int, L: Lang) -> str:
    tok = _card(L, c)
    if view.phase != PLAY or view.contract is None:
        return L.t("r_cards_later", card=tok)
    if c not in view.hand:
        return L.t("r_not_in_hand", card=tok)
    contract = view.contract
    t = play_tables(contract.kind, contract.suit, view.rules.short)
    legal = {a for a in view.legal if is_card(a)}
    sau: int | None = None
    sau_name = ""
    if contract.kind is Kind.RUFSPIEL and contract.suit is not None:
        sau = card(contract.suit, SAU)
        sau_name = L.sau(contract.suit)
    if view.trick:
        led = t.eff_suit[view.trick[0]]
        led_word = L.t("trump") if led == TRUMP else L.suits[led]
        follow = [x for x in view.hand if t.eff_suit[x] == led]
        if follow:
            if sau is not None and legal == {sau}:
                return L.t("r_must_give_sau", led=led_word, sau=sau_name)
            if led == TRUMP:
                return L.t("r_follow_trump")
            return L.t("r_follow", led=led_word)
        if c == sau:
            return L.t("r_no_schmieren", sau=sau_name, suit=L.suits[suit_of(c)])
    elif sau is not None and c != sau and t.eff_suit[c] == t.eff_suit[sau]:
        need = view.rules.davonlaufen_min
        return L.t("r_davonlaufen", sau=sau_name, suit=L.suits[suit_of(sau)], need=need)
    return L.t("r_card_not_now", card=tok)


def _offered_level(view: View) -> Action | None:
    """The highest offer said so far (the contract the declarer must name)."""
    offers = [a for _, a in view.history if is_offer(a)]
    return offers[-1] if offers else None


def why_not(view: View, action: Action, names: Sequence[str], lang: Lang = GERMAN) -> str:
    """A sentence (German unless ``lang`` says otherwise) that says why ``action`` is not
    legal for ``view.seat`` now."""
    L = lang
    if not 0 <= action < NUM_ACTIONS:
        return L.t("r_no_choice")
    word = L.action(action, len(view.doublings))
    if view.phase == DONE:
        return L.t("r_over")
    if action == DOUBLE:
        return _double_reason(view, word.capitalize(), L)
    if view.to_move != view.seat:
        if view.to_move is None:
            return L.t("r_nobody")
        return L.t("r_not_your_turn", s=L.subject(names[view.to_move], "to_move"))
    if is_card(action):
        return _card_reason(view, action, L)
    if view.phase == BIDDING:
        if action == SPIEL:
            return L.t("r_spiel_too_low", word=word)
        return L.t("r_bidding", weiter=L.action(WEITER), spiel=L.action(SPIEL), word=word)
    if view.phase == KLOPFEN_PHASE:
        return L.t("r_klopfen", klopfen=L.action(KLOPFEN), nicht=L.action(NICHT_KLOPFEN), word=word)
    if view.phase == SETTLING:
        return L.t("r_offer_low", word=word)
    if view.phase == NAMING:
        if NAME_BASE <= action < NUM_ACTIONS:
            kind, suit, tout = NAMES[action - NAME_BASE]
            if not view.rules.allows(kind, tout):
                return L.t("r_not_allowed", word=word)
            level = _offered_level(view)
            has_sie = sum(rank_of(c) in (OBER, UNTER) for c in view.hand) == 8
            if kind is Kind.SIE and not has_sie:
                return L.t("r_no_sie")
            if kind is Kind.RUFSPIEL and suit is not None and level is None:
                return L.t("r_cannot_call", sau=L.sau(suit), suit=L.suits[suit])
            if level is not None:
                return L.t("r_name_offered", offered=action_name(level), word=word)
        return L.t("r_naming", word=word)
    return L.t("r_not_now", word=word)
