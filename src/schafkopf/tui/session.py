"""The session loop: deal, let the players act, print what seat 0 sees, book each game."""

from __future__ import annotations

import importlib
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final, cast

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from schafkopf.actions import (
    Action,
)
from schafkopf.game import (
    PLAY,
    Game,
)
from schafkopf.players.base import Player, play_game
from schafkopf.players.random_player import RandomPlayer
from schafkopf.rules import Ruleset
from schafkopf.session import Session, SessionError
from schafkopf.tui.human import HumanPlayer, QuitSession, Reader
from schafkopf.tui.render import (
    describe_changes,
    games_word,
    render_hand,
    render_ledger,
    render_result,
    signed,
)

BOT_NAMES: Final = ("Sepp", "Resi", "Hias", "Vroni", "Wastl")


def _default_delay() -> float:
    """Seconds to pause after a bot's move: ``SCHAFKOPF_DELAY``, else 0.6 on a terminal."""
    env = os.environ.get("SCHAFKOPF_DELAY")
    if env is not None:
        try:
            return max(0.0, float(env))
        except ValueError:
            return 0.0
    return 0.6 if sys.stdin.isatty() and sys.stdout.isatty() else 0.0


def bot_names(human: str, count: int) -> list[str]:
    """Names for the computer players that differ from the human's."""
    return [n for n in BOT_NAMES if n.lower() != human.lower()][:count]


def make_bots(opponents: str, names: Sequence[str]) -> tuple[list[Player], str | None]:
    """The computer players (``heuristic`` or ``random``) and a note if one had to stand in."""
    if opponents == "random":
        return [RandomPlayer(n) for n in names], None
    if opponents != "heuristic":
        raise ValueError(f"unknown opponents {opponents!r}: heuristic or random")
    try:
        module = importlib.import_module("schafkopf.players.heuristic")
        factory = cast(Callable[[str], Player], module.HeuristicPlayer)
    except (ImportError, AttributeError):
        return [RandomPlayer(n) for n in names], "heuristic players not available: random ones play"
    return [factory(n) for n in names], None


def _play_game(
    game: Game,
    players: Sequence[Player],
    names: Sequence[str],
    console: Console,
    rng: random.Random,
    delay: float,
    french: bool,
) -> None:
    """Run one game like :func:`~schafkopf.players.base.play_game`, printing what seat 0 sees."""
    seen = game.view(0)

    def show(seat: int, action: Action) -> None:
        nonlocal seen
        now = game.view(0)
        for line in describe_changes(seen, now, names, french=french):
            console.print(line)
        if (
            now.contract is not None
            and seen.contract is None
            and now.phase == PLAY
            and now.to_move != 0
        ):
            console.print(render_hand(now, french=french, numbered=False))
        if seat != 0 and delay:
            time.sleep(delay * (2 if len(now.tricks) > len(seen.tricks) else 1))
        seen = now

    play_game(game, players, rng, on_action=show)


def _final(session: Session) -> Text:
    best = max(session.balances)
    winners = [session.players[s] for s, b in enumerate(session.balances) if b == best]
    return Text(
        f"Sitzung beendet nach {session.played} {games_word(session.played)}. "
        f"Es gewinnt: {' und '.join(winners)} ({signed(best)})",
        "bold",
    )


def run_terminal_session(
    *,
    rules: Ruleset,
    games: int = 8,
    until_equal: bool = False,
    opponents: str = "heuristic",
    seed: int | None = None,
    name: str = "Du",
    session_file: str | Path | None = None,
    french: bool = False,
    console: Console | None = None,
    read: Reader | None = None,
    delay: float | None = None,
) -> int:
    """Play a session in the terminal: the human is seat 0, computer players the others.

    With ``session_file`` every finished game is saved at once and an existing file is
    resumed (its rules, players and number of games win). ``q``, Ctrl-D or Ctrl-C stop
    cleanly after printing the ledger so far. Returns the exit code (0, or 2 for a bad
    session file or opponent name).
    """
    console = console or Console(highlight=False)
    delay = _default_delay() if delay is None else delay
    name = name.strip() or "Du"
    if opponents not in ("heuristic", "random"):
        console.print(
            Text(f"schafkopf: unknown opponents {opponents!r}: heuristic or random", "red")
        )
        return 2
    try:
        if session_file is not None and Path(session_file).exists():
            session = Session.resume(session_file)
            done = f"{session.played} {'Spiel' if session.played == 1 else 'Spiele'}"
            of = f" von {session.games}" if session.games else ""
            console.print(Text(f"Sitzung {session_file} fortgesetzt: {done}{of} gespielt.", "bold"))
            console.print(Text("(Regeln, Spieler und Spielzahl kommen aus der Datei.)", "dim"))
        else:
            if session_file is not None:
                Path(session_file).parent.mkdir(parents=True, exist_ok=True)
            players = [name, *bot_names(name, rules.players - 1)]
            session = Session(
                rules, players, games=games, until_equal=until_equal, seed=seed, path=session_file
            )
        bots, note = make_bots(opponents, session.players[1:])
    except (SessionError, OSError, ValueError) as e:
        console.print(Text(f"schafkopf: {e}", "red"))
        return 2
    if note:
        console.print(Text(note, "yellow"))
    names = session.players
    human = HumanPlayer(names[0], console, read, names=names, french=french)
    seats: list[Player] = [human, *bots]
    if session.is_over():
        console.print(render_ledger(session))
    try:
        while not session.is_over():
            game = session.new_game()
            human.new_game(game)
            total = f" von {session.games}" if session.games else ""
            console.print(
                Rule(
                    f"Spiel {session.played + 1}{total} · Geber: {names[game.dealer]}"
                    f" · Vorhand: {names[game.vorhand]}"
                )
            )
            rng = random.Random(f"{session.seed}:bots:{session.played}")
            _play_game(game, seats, names, console, rng, delay, french)
            session.finish_game(game)
            console.print(Rule(f"Ergebnis Spiel {session.played}"))
            stock = session.stock if session.rules.stock else None
            console.print(render_result(game.view(0), game.result(), names, stock=stock))
            console.print(render_ledger(session))
    except (QuitSession, EOFError, KeyboardInterrupt):
        console.print()
        console.print(Text("Abgebrochen: das laufende Spiel zählt nicht.", "bold"))
        console.print(render_ledger(session))
        if session.path is not None:
            console.print(Text(f"Fortsetzen mit: schafkopf play --session {session.path}"))
        return 0
    console.print(_final(session))
    return 0
