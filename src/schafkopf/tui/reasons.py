"""Why a choice is not allowed, in German, worked out from the seat's :class:`View`.

The engine's :class:`~schafkopf.game.IllegalActionError` speaks English for developers; the
terminal never shows it. :func:`why_not` decides the reason in the order the engine does
(``Game._why_illegal``) from what the seat may know, and words it for the person at the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from schafkopf.actions import (
    DOUBLE,
    NAME_BASE,
    NAMES,
    NUM_ACTIONS,
    SPIEL,
    Action,
    action_name,
    is_card,
    is_offer,
)
from schafkopf.cards import (
    OBER,
    SAU,
    SUIT_NAMES,
    UNTER,
    card,
    card_name,
    card_token,
    rank_of,
    suit_of,
)
from schafkopf.game import BIDDING, DONE, KLOPFEN_PHASE, NAMING, PLAY, SETTLING, View
from schafkopf.rules import TRUMP, Kind, play_tables
from schafkopf.tui.words import subject


def _card(c: int) -> str:
    return f"{card_token(c)} ({card_name(c)})"


def _double_reason(view: View, word: str) -> str:
    c = view.contract
    if view.phase != PLAY or c is None:
        return f"{word} gibt es erst, wenn ein Spiel gespielt wird."
    if c.kind is Kind.RAMSCH:
        return "Im Ramsch gibt es kein Kontra."
    k = len(view.doublings)
    if k >= view.rules.max_doublings:
        return f"Öfter als {view.rules.max_doublings}-mal darf nicht verdoppelt werden."
    declarers = {c.declarer} if c.kind is not Kind.RUFSPIEL else {c.declarer, view.partner}
    if (view.seat in declarers) != (k % 2 == 1):
        if k % 2:
            return f"{word} darf nur die Spielerseite sagen."
        return f"{word} dürfen nur die Gegner des Spielers sagen."
    return f"Für {word} ist es jetzt zu spät."


def _card_reason(view: View, c: int) -> str:
    tok = _card(c)
    if view.phase != PLAY or view.contract is None:
        return f"Karten werden erst gespielt, wenn das Spiel feststeht: {tok} geht jetzt nicht."
    if c not in view.hand:
        return f"{tok} hast du nicht auf der Hand."
    contract = view.contract
    t = play_tables(contract.kind, contract.suit, view.rules.short)
    legal = {a for a in view.legal if is_card(a)}
    sau: int | None = None
    sau_name = ""
    if contract.kind is Kind.RUFSPIEL and contract.suit is not None:
        sau = card(contract.suit, SAU)
        sau_name = f"{SUIT_NAMES[contract.suit]}-Sau"
    if view.trick:
        led = t.eff_suit[view.trick[0]]
        led_word = "Trumpf" if led == TRUMP else SUIT_NAMES[led]
        follow = [x for x in view.hand if t.eff_suit[x] == led]
        if follow:
            if sau is not None and legal == {sau}:
                return (
                    f"{led_word} ist angespielt: wer die gerufene {sau_name} hat, muss sie zugeben."
                )
            if led == TRUMP:
                return "Trumpf ist angespielt: du musst Trumpf zugeben (Farbe bekennen)."
            return f"{led_word} ist angespielt: du musst {led_word} zugeben (Farbe bekennen)."
        if c == sau:
            return (
                f"Die gerufene {sau_name} darfst du nicht abwerfen (schmieren), solange "
                f"{SUIT_NAMES[suit_of(c)]} nicht angespielt ist."
            )
    elif sau is not None and c != sau and t.eff_suit[c] == t.eff_suit[sau]:
        need = view.rules.davonlaufen_min
        return (
            f"Wer die gerufene {sau_name} hat, muss sie selbst ausspielen, wenn er "
            f"{SUIT_NAMES[suit_of(sau)]} anspielt; davonlaufen darf nur, wer mindestens "
            f"{need} Karten dieser Farbe hat."
        )
    return f"{tok} darfst du jetzt nicht spielen."


def _offered_level(view: View) -> Action | None:
    """The highest offer said so far (the contract the declarer must name)."""
    offers = [a for _, a in view.history if is_offer(a)]
    return offers[-1] if offers else None


def why_not(view: View, action: Action, names: Sequence[str]) -> str:
    """A German sentence that says why ``action`` is not legal for ``view.seat`` now."""
    if not 0 <= action < NUM_ACTIONS:
        return "Das ist keine Wahl."
    word = action_name(action, len(view.doublings))
    if view.phase == DONE:
        return "Das Spiel ist vorbei."
    if action == DOUBLE:
        return _double_reason(view, word.capitalize())
    if view.to_move != view.seat:
        if view.to_move is None:
            return "Gerade ist niemand am Zug."
        return f"Du bist nicht dran: {subject(names[view.to_move], 'ist', 'am Zug')}."
    if is_card(action):
        return _card_reason(view, action)
    if view.phase == BIDDING:
        if action == SPIEL:
            return (
                "„spiel“ darfst du nicht sagen: kein Spiel, das du spielen dürftest, ist hoch "
                "genug."
            )
        return f"Jetzt sagst du „weiter“ oder „spiel“, nicht „{word}“."
    if view.phase == KLOPFEN_PHASE:
        return f"Jetzt heißt es „klopfen“ oder „nicht klopfen“, nicht „{word}“."
    if view.phase == SETTLING:
        return (
            f"„{word}“ kannst du nicht bieten: ein Gebot muss höher sein als das bisher "
            "höchste (gleich hoch genügt dem, der früher sitzt) und nach den Regeln erlaubt "
            "und mit deinen Karten möglich sein."
        )
    if view.phase == NAMING:
        if NAME_BASE <= action < NUM_ACTIONS:
            kind, suit, tout = NAMES[action - NAME_BASE]
            if not view.rules.allows(kind, tout):
                return f"„{word}“ erlauben diese Regeln nicht."
            level = _offered_level(view)
            has_sie = sum(rank_of(c) in (OBER, UNTER) for c in view.hand) == 8
            if kind is Kind.SIE and not has_sie:
                return "Sie kannst du nicht spielen: dazu braucht man alle vier Ober und Unter."
            if kind is Kind.RUFSPIEL and suit is not None and level is None:
                sau = f"{SUIT_NAMES[suit]}-Sau"
                return (
                    f"Auf die {sau} kannst du nicht spielen: du darfst sie nicht selbst haben "
                    f"und brauchst eine {SUIT_NAMES[suit]}-Karte, die kein Trumpf ist."
                )
            if level is not None:
                return (
                    f"Du musst das Spiel ansagen, das du geboten hast ({action_name(level)}), "
                    f"nicht „{word}“."
                )
        return f"Jetzt wird ein Spiel angesagt, nicht „{word}“."
    return f"„{word}“ geht jetzt nicht."
