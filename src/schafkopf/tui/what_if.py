"""What if: a finished game played on from one of its steps, with the same cards, the person
in the seat of their choice and computer players in the others (``schafkopf play --from
RECORD --at N``).

The terminal shows the game from seat 0, so the game is turned round the table first: the
chosen seat becomes seat 0, every other seat and the dealer move with it (the rules only
know seats relative to the dealer, so the game is the same game).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from schafkopf.errors import SchafkopfError
from schafkopf.game import Game
from schafkopf.record import record_to_game
from schafkopf.tui.error_texts import error_text
from schafkopf.tui.human import HumanPlayer, QuitSession, Reader
from schafkopf.tui.render import render_result, render_status
from schafkopf.tui.session import (
    OpponentsError,
    _default_delay,
    _play_game,
    default_unit,
    make_bots,
)
from schafkopf.tui.texts import lang as lang_of


class WhatIfError(SchafkopfError):
    """A step or seat that is not in the record's game: ``step_range`` (``at``, ``steps``,
    ``last``), ``seat_range`` (``seat``, ``low``, ``high``), ``over_at`` (``at``)."""

    code = "bad_step"


def turned(game: Game, steps: int, seat: int) -> Game:
    """``game``'s deal turned so that ``seat`` sits at 0, with its first ``steps`` actions
    replayed."""
    n = game.rules.players
    if not 0 <= steps <= len(game.history):
        last = len(game.history)
        raise WhatIfError(
            f"the game has {last} steps: --at must be 1..{last + 1}", "step_range",
            at=steps + 1, steps=last, last=last + 1,
        )  # fmt: skip
    hands = [game.deal[(s + seat) % n] for s in range(n)]
    g = Game(game.rules, dealer=(game.dealer - seat) % n, hands=hands, stock=game.stock_before)
    for s, action in game.history[:steps]:
        g.apply(action, (s - seat) % n)
    return g


def seat_names(players: object, n: int, lang: str) -> list[str]:
    """The record's names of its ``n`` seats as the terminal shows them: a player spec (an
    arena record names its bots by spec, ``pimc:samples=20,...``) as its level's word or its
    kind, a name that repeats with its seat, and ``Platz 0`` (``Seat 0``) where none is given."""
    from schafkopf.players.levels import BY_ID, SEAT_KIND

    seat_word = "Platz" if lang == "de" else "Seat"
    given = list(players) if isinstance(players, list) and len(players) == n else []
    names = []
    for s in range(n):
        name = str(given[s]) if s < len(given) and str(given[s]).strip() else f"{seat_word} {s}"
        level = BY_ID.get(SEAT_KIND.get(name, ""))
        if level is not None:
            name = level.de if lang == "de" else level.en
        elif ":" in name or "=" in name:  # a spec no level has
            name = name.split(":")[0].split(",")[0].upper() if len(name) > 20 else name
        names.append(name)
    return [
        f"{name} ({seat_word} {s})" if names.count(name) > 1 else name
        for s, name in enumerate(names)
    ]


def run_what_if(
    record: Mapping[str, Any],
    at: int,
    *,
    seat: int | None = None,
    opponents: str = "heuristic",
    seed: int | None = None,
    french: bool = False,
    console: Console | None = None,
    read: Reader | None = None,
    delay: float | None = None,
    auto: bool = True,
    unit: str | None = None,
    lang: str = "de",
) -> int:
    """Play ``record``'s game on from its step ``at`` (1: before the first action) in the
    terminal, the person in ``seat`` (default: the seat to move there). Returns the exit
    code (0; 2 for a step, seat or opponent that does not fit)."""
    console = console or Console(highlight=False)
    W = lang_of(lang, french)
    game = record_to_game(record)
    unit = default_unit(game.rules, lang) if unit is None else unit
    n = game.rules.players
    try:
        steps = at - 1
        probe = turned(game, steps, 0)
        if seat is None:
            seat = probe.to_move if probe.to_move is not None else 0
        if not 0 <= seat < n:
            raise WhatIfError(
                f"--seat must be 0..{n - 1}, got {seat}", "seat_range", seat=seat, low=0, high=n - 1
            )
        g = turned(game, steps, seat)
        if g.is_over():
            raise WhatIfError(
                "the game is over at that step: choose an earlier one", "over_at", at=at
            )
        given = seat_names(record.get("players"), n, lang)
        names = [W.name(given[(s + seat) % n]) for s in range(n)]
        bots, note = make_bots(opponents, names[1:], W)
    except WhatIfError as e:
        console.print(Text(f"schafkopf: {error_text(e, lang)}", "red"))
        return 2
    except OpponentsError as e:  # worded in the language already
        console.print(Text(f"schafkopf: {e}", "red"))
        return 2
    if note:
        console.print(Text(note, "yellow"))
    delay = _default_delay() if delay is None else delay
    human = HumanPlayer(names[0], console, read, names=names, french=french, auto=auto, lang=lang)
    human.new_game(g)
    console.print(Rule(W.t("what_if", at=at, total=len(game.history), seat=names[0])))
    console.print(render_status(g.view(0), names, french=french, lang=lang))
    rng = random.Random(seed)
    try:
        _play_game(g, [human, *bots], names, console, rng, delay, french, None, lang)
    except (QuitSession, EOFError, KeyboardInterrupt):
        console.print(Text(W.t("stopped"), "bold"))
        return 0
    console.print(render_result(g.view(0), g.result(), names, unit=unit, french=french, lang=lang))
    real = "–"
    if game.is_over():
        paid = game.result().payouts
        real = ", ".join(f"{W.name(given[s])} {W.amount(p, unit)}" for s, p in enumerate(paid))
    console.print(Text(W.t("what_if_done", real=real)))
    return 0
