"""Why an action is not legal, decided from what the acting seat may know (its :class:`View`).

One decision for every face: the engine raises it (``Game.apply``), the terminal and the
page word its ``reason`` and ``params`` in German or English. Only the seat's own view is
needed, since every rule that refuses an action concerns what the seat holds and what was
said and played in the open.

>>> from schafkopf import Game
>>> from schafkopf.actions import DOUBLE
>>> refusal(Game(seed=1).view(0), DOUBLE).reason
'no_contract_yet'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from schafkopf.actions import (
    DOUBLE,
    NAME_BASE,
    NAMES,
    NUM_ACTIONS,
    SPIEL,
    action_name,
    is_offer,
)
from schafkopf.cards import OBER, SAU, SUIT_NAMES, UNTER, card, card_token, rank_mask
from schafkopf.errors import IllegalActionError
from schafkopf.rules import TRUMP, Kind, PlayTables, play_tables

if TYPE_CHECKING:
    from schafkopf.game import View

__all__ = ["SUIT_LETTERS", "hand_refusal", "refusal"]

SUIT_LETTERS = "EGHS"
"""The ``suit`` and ``led`` parameters of a refusal: a suit by its letter (``led`` may be
``trump``)."""

_OU_MASK = rank_mask(OBER) | rank_mask(UNTER)


def _refuse(reason: str, message: str, **params: Any) -> IllegalActionError:
    return IllegalActionError(message, reason, **params)


def refusal(view: View, action: object) -> IllegalActionError | None:
    """The error for ``action`` by ``view.seat`` now, or None when it is legal: an English
    sentence for developers, a ``reason`` code and the ``params`` a face words it with
    (``seat``, ``action``, ``led``, ``suit``, ``to_move``, ...)."""
    seat = view.seat
    if not isinstance(action, int) or isinstance(action, bool) or not 0 <= action < NUM_ACTIONS:
        most = NUM_ACTIONS - 1
        return _refuse(
            "not_an_action", f"{action!r} is not an action: actions are 0..{most}",
            seat=seat, action=action,
        )  # fmt: skip
    if action in view.legal:
        return None
    name = action_name(action, len(view.doublings))
    who = f"seat {seat}"
    at = {"seat": seat, "action": name}
    if view.phase == "done":
        return _refuse("game_over", f"{who} cannot {name}: the game is over", **at)
    if action == DOUBLE:
        return _doubling(view, who, name, at)
    if seat != view.to_move:
        return _refuse(
            "not_your_turn",
            f"it is not {who}'s turn: seat {view.to_move} is to move ({view.phase})",
            to_move=view.to_move, phase=view.phase, **at,
        )  # fmt: skip
    if action < 32:
        return _card(view, action, who, at)
    if view.phase == "bidding":
        if action == SPIEL:
            return _refuse(
                "spiel_too_low",
                f"{who} may not say spiel: no contract it could play is high enough", **at,
            )  # fmt: skip
        return _refuse("weiter_or_spiel", f"{who} must say weiter or spiel now, not {name}", **at)
    if view.phase == "klopfen":
        return _refuse(
            "klopfen_or_not", f"{who} must say klopfen or nicht klopfen now, not {name}", **at
        )
    if view.phase == "settling":
        return _refuse(
            "offer_too_low",
            f"{who} may not offer {name}: offers must rank above the holder's "
            "(equal suffices for an earlier seat) and be allowed and playable",
            **at,
        )
    if view.phase == "naming":
        return _naming(view, action, who, name, at)
    return _refuse("not_now", f"{who} cannot {name} now", **at)


def _doubling(view: View, who: str, name: str, at: dict[str, Any]) -> IllegalActionError:
    contract = view.contract
    if view.phase != "play" or contract is None:
        return _refuse(
            "no_contract_yet", f"{who} cannot say {name}: no contract is being played yet", **at
        )
    if contract.kind is Kind.RAMSCH:
        return _refuse(
            "no_doubling_in_ramsch", f"{who} cannot say {name}: there is no doubling in Ramsch",
            **at,
        )  # fmt: skip
    k = len(view.doublings)
    if k >= view.rules.max_doublings:
        most = view.rules.max_doublings
        return _refuse(
            "doublings_used_up", f"{who} cannot double again: the rules allow {most}",
            most=most, **at,
        )  # fmt: skip
    declarers = {contract.declarer}
    if contract.kind is Kind.RUFSPIEL and view.partner is not None:
        declarers.add(view.partner)
    if (view.seat in declarers) != (k % 2 == 1):
        side = "the declarer side" if k % 2 else "the opponents"
        return _refuse(
            "not_entitled", f"{who} is not entitled to say {name}: only {side} may",
            side="declarers" if k % 2 else "opponents", **at,
        )  # fmt: skip
    deadline = view.rules.kontra_deadline
    return _refuse(
        "too_late", f"{who} is too late to say {name} (deadline {deadline})",
        deadline=deadline, **at,
    )  # fmt: skip


def _called_sau(view: View, tables: PlayTables) -> int | None:
    """The called Sau when this seat holds it and the Sau's rules still bind it: the called
    suit not yet led in a finished trick (which also ends them after running away)."""
    contract = view.contract
    if contract is None or contract.kind is not Kind.RUFSPIEL or contract.suit is None:
        return None
    sau = card(contract.suit, SAU)
    if sau not in view.hand:
        return None
    if any(tables.eff_suit[t.cards[0]] == contract.suit for t in view.tricks):
        return None
    return sau


def _card(view: View, c: int, who: str, at: dict[str, Any]) -> IllegalActionError:
    tok = card_token(c)
    if view.phase != "play" or view.contract is None:
        return _refuse(
            "not_card_play", f"{who} cannot play {tok}: the phase is {view.phase}, not play",
            phase=view.phase, **at,
        )  # fmt: skip
    if c not in view.hand:
        return _refuse("not_held", f"{who} does not hold {tok}", **at)
    contract = view.contract
    tables = play_tables(contract.kind, contract.suit, view.rules.short)
    sau = _called_sau(view, tables)
    if view.trick:
        led = tables.eff_suit[view.trick[0]]
        led_letter = "trump" if led == TRUMP else SUIT_LETTERS[led]
        what = "trump" if led == TRUMP else SUIT_NAMES[led]
        if sau is not None and tables.eff_suit[sau] == led:
            return _refuse(
                "must_play_called_sau",
                f"{who} may not play {tok}: the called suit was led: the holder must play "
                "the called Sau",
                led=led_letter, **at,
            )  # fmt: skip
        if any(tables.eff_suit[x] == led for x in view.hand):
            return _refuse(
                "must_follow", f"{who} may not play {tok}: must follow suit ({what} was led)",
                led=led_letter, **at,
            )  # fmt: skip
        assert sau is not None
        return _refuse(
            "may_not_discard_called_sau",
            f"{who} may not play {tok}: the called Sau may not be discarded before its suit "
            "has been led",
            suit=SUIT_LETTERS[contract.suit or 0], **at,
        )  # fmt: skip
    most = view.rules.davonlaufen_min
    return _refuse(
        "must_lead_called_sau",
        f"{who} may not play {tok}: the holder of the called Sau must lead the Sau itself when "
        f"leading its suit (running away needs {most} cards of the suit)",
        davonlaufen_min=most, suit=SUIT_LETTERS[contract.suit or 0], **at,
    )  # fmt: skip


def hand_refusal(view: View, action: int) -> IllegalActionError | None:
    """Why ``view.seat`` could never name the contract of the naming ``action`` with this hand
    under these rules, whatever the phase (not allowed here, Sie without all Ober and Unter, a
    Sau it may not call), or None: the terminal checks a contract said while bidding with it."""
    if not NAME_BASE <= action < NUM_ACTIONS:
        return None
    who = f"seat {view.seat}"
    name = action_name(action, len(view.doublings))
    at = {"seat": view.seat, "action": name}
    kind, suit, tout = NAMES[action - NAME_BASE]
    if not view.rules.allows(kind, tout):
        return _refuse(
            "not_in_these_rules", f"{who} may not play {name}: these rules do not allow it", **at
        )
    hand = view.hand.mask
    if kind is Kind.SIE and hand & _OU_MASK != _OU_MASK:
        return _refuse(
            "sie_needs_all",
            f"{who} may not play Sie: it needs all four Ober and all four Unter", **at,
        )  # fmt: skip
    if kind is Kind.RUFSPIEL and suit is not None:
        sau = card(suit, SAU)
        plain = (0xFF << 8 * suit) & ~_OU_MASK & ~(1 << sau)
        if hand >> sau & 1 or not hand & plain:
            return _refuse(
                "cannot_call",
                f"{who} may not call the {SUIT_NAMES[suit]}-Sau: the declarer must not "
                "hold it and must hold a plain card of its suit",
                suit=SUIT_LETTERS[suit], **at,
            )  # fmt: skip
    return None


def _naming(view: View, action: int, who: str, name: str, at: dict[str, Any]) -> IllegalActionError:
    if NAME_BASE <= action < NUM_ACTIONS:
        found = hand_refusal(view, action)
        if found is not None:
            return found
        offers = [a for _s, a in view.history if is_offer(a)]
        if offers:
            offered = action_name(offers[-1])
            return _refuse(
                "name_the_offer",
                f"{who} must name the contract it offered ({offered}), not {name}",
                offered=offered, **at,
            )  # fmt: skip
    return _refuse("name_a_contract", f"{who} must name a contract now, not {name}", **at)
