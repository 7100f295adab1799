"""The session loop: deal, let the players act, print what seat 0 sees, book each game."""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

from rich.console import Console, RenderableType
from rich.rule import Rule
from rich.text import Text

from schafkopf.actions import Action, is_card
from schafkopf.errors import SchafkopfError
from schafkopf.game import (
    PLAY,
    Game,
)
from schafkopf.players.base import Player, play_game
from schafkopf.players.levels import LISTED, level
from schafkopf.players.random_player import RandomPlayer
from schafkopf.players.registry import PlayerSpecError, make_player, player_kinds
from schafkopf.rules import Ruleset
from schafkopf.scoring import tariff_unit
from schafkopf.session import Session
from schafkopf.tui.error_texts import error_text, message
from schafkopf.tui.human import HumanPlayer, QuitSession, Reader
from schafkopf.tui.render import (
    describe_changes,
    render_hand,
    render_ledger,
    render_result,
    render_status,
)
from schafkopf.tui.texts import GERMAN, LANGS, Lang, lang, locale_language

lang_of = lang

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


class OpponentsError(ValueError):
    """An ``--opponents`` value that names no player spec or level (the message is German)."""


def opponents_spec(opponents: str) -> str:
    """The player spec behind ``--opponents``: a level id (``level:4``; release 0.1's
    ``pimc_inference``) or a spec (``heuristic``, ``pimc:samples=20,seconds=0.5``)."""
    found = level(opponents.strip())
    return found.spec if found is not None else opponents.strip()


def make_bots(
    opponents: str, names: Sequence[str], words: Lang = GERMAN
) -> tuple[list[Player], str | None]:
    """The computer players from a player spec or level id, and a note if one had to stand
    in; an unknown spec raises :class:`OpponentsError` (a ``ValueError``) in German."""
    spec = opponents_spec(opponents)
    try:
        bots = [make_player(spec, n) for n in names]
    except PlayerSpecError as e:
        levels = ", ".join(lv.id for lv in LISTED)
        kinds = ", ".join(player_kinds())
        if e.reason == "unknown_option":
            why = words.t("unknown_option", option=e.params["option"], kind=e.params["kind"],
                          options=", ".join(e.params["options"]))  # fmt: skip
        elif e.reason == "bad_option_type":
            want = words.t(f"want_{e.params['want']}")
            why = words.t("bad_option_type", option=e.params["option"], value=e.params["value"],
                          want=want)  # fmt: skip
        elif e.reason in ("unknown_player", "unknown_level"):
            why = ""  # the kinds and levels follow
        else:
            why = f" ({e})"
        raise OpponentsError(
            words.t("bad_opponents", opponents=opponents, why=why, kinds=kinds, levels=levels)
        ) from None
    except ImportError:
        if spec.partition(":")[0] != "heuristic":
            raise OpponentsError(words.t("not_installed", opponents=opponents)) from None
        note = words.t("random_stand_in")
        return [RandomPlayer(n) for n in names], note
    return bots, None


def _refused(console: Console, error: ValueError, lang: str) -> None:
    """Say why the session cannot start: the engine's errors worded in ``lang``."""
    text = error_text(error, lang) if isinstance(error, SchafkopfError) else str(error)
    console.print(Text(f"schafkopf: {text}", "red"))


def _play_game(
    game: Game,
    players: Sequence[Player],
    names: Sequence[str],
    console: Console,
    rng: random.Random,
    delay: float,
    french: bool,
    record: Callable[[int, Action], None] | None = None,
    lang: str = "de",
) -> None:
    """Run one game like :func:`~schafkopf.players.base.play_game`, printing what seat 0 sees;
    ``record(seat, action)`` is called first for each action (to save it)."""
    seen = game.view(0)

    def show(seat: int, action: Action) -> None:
        nonlocal seen
        if record is not None:
            record(seat, action)
        now = game.view(0)
        for line in describe_changes(seen, now, names, french=french, lang=lang):
            console.print(line)
        if (
            now.contract is not None
            and seen.contract is None
            and now.phase == PLAY
            and now.to_move != 0
        ):
            console.print(render_hand(now, french=french, numbered=False, lang=lang))
        if seat != 0 and delay:
            time.sleep(delay * (2 if len(now.tricks) > len(seen.tricks) else 1))
        seen = now

    play_game(game, players, rng, on_action=show)


def default_unit(rules: Ruleset, lang: str) -> str:
    """The unit the rules' tariffs are in, as the terminal names it: ``ct`` (the sauspiel and
    bsv presets), else points (``Punkte``, ``points``), as the page and ``stats`` count."""
    if tariff_unit(rules) == "ct":
        return "ct"
    return "Punkte" if lang == "de" else "points"


def _final(session: Session, unit: str = "ct", words: Lang = GERMAN) -> Text:
    """The closing line: who is ahead, or that all stand equal (after all-passes, say)."""
    W = words
    best = max(session.balances)
    winners = [session.players[s] for s, b in enumerate(session.balances) if b == best]
    ended = W.t("ended", after=W.after_games(session.played, None))
    if len(winners) == len(session.players):
        return Text(W.t("all_equal", ended=ended, amount=W.amount(best, unit)), "bold")
    money = W.amount(best, unit, dative=True)  # "mit +6 Punkten"
    if len(winners) == 1:
        return Text(
            W.t("winner", ended=ended, s=W.subject(winners[0], "wins"), amount=money), "bold"
        )
    return Text(W.t("winners", ended=ended, names=W.and_list(winners), amount=money), "bold")


def _stopped_between_games(console: Console, session: Session, unit: str, W: Lang) -> None:
    """Stopped at the pause after a result (the ledger stands just above): every game is
    booked; an open-ended session without a file ends with its winner."""
    if session.path is None and not session.games:
        console.print(_final(session, unit, W))
        return
    after = W.after_games(session.played, None)
    console.print(Text(W.t("stopped_between", after=after), "bold"))
    if session.path is not None:
        console.print(Text(W.t("resume_with", path=session.path)))


def run_terminal_session(
    *,
    rules: Ruleset,
    games: int | None = None,
    until_equal: bool = False,
    opponents: str | None = None,
    seed: int | None = None,
    name: str = "Du",
    session_file: str | Path | None = None,
    french: bool | None = None,
    console: Console | None = None,
    read: Reader | None = None,
    delay: float | None = None,
    auto: bool = True,
    unit: str | None = None,
    lang: str | None = None,
    pause: bool | None = None,
) -> int:
    """Play a session in the terminal: the human is seat 0, computer players the others.

    ``games`` is the number of games (None: 8, or a resumed file's; given with a resumed
    file, the session plays on to that many, or stops earlier, and the file remembers it).
    ``opponents`` is a player spec or a level id (:mod:`schafkopf.players.levels`). With
    ``session_file`` every action is saved as it happens and every finished game is booked;
    an existing file is resumed (its rules, players and number of games win) and a game in
    progress goes on exactly where it stopped. The file remembers the opponents, the
    language, the deck and a unit given: where a resumed session's call leaves them out
    (None), they are the file's; else the rule-based opponents, the locale's language
    (German where none is set), the German deck. With ``auto`` a forced card plays itself;
    ``unit`` is shown with every amount (None: the rules' own, :func:`default_unit`). ``q``
    (after asking), Ctrl-D or Ctrl-C stop cleanly after printing the ledger so far. In
    English seat 0 is "You" unless named. With ``pause`` (None: when the person sits at a
    terminal) each result waits for Enter before the next deal. Returns the exit code (0, or
    2 for a bad session file or opponent name).
    """
    console = console or Console(highlight=False)
    delay = _default_delay() if delay is None else delay
    if pause is None:
        pause = read is None and sys.stdin.isatty() and sys.stdout.isatty()
    resumed: Session | None = None
    if session_file is not None and Path(session_file).exists():
        try:
            resumed = Session.resume(session_file)
        except ValueError as e:  # a SessionError, worded
            _refused(console, e, lang or locale_language("de"))
            return 2
    kept = resumed.settings if resumed is not None else {}
    lang = lang or (kept["lang"] if kept.get("lang") in LANGS else locale_language("de"))
    french = kept.get("french") is True if french is None else french
    opponents = opponents or str(kept.get("opponents") or "heuristic")
    unit = kept.get("unit") if unit is None and isinstance(kept.get("unit"), str) else unit
    W = lang_of(lang, french)
    name = W.name(name.strip() or "Du")
    try:
        bots_spec = opponents_spec(opponents)
        make_bots(bots_spec, ["Probe"], W)  # a bad spec is refused before any file is touched
    except OpponentsError as e:
        console.print(Text(f"schafkopf: {e}", "red"))
        return 2
    try:
        if resumed is not None:
            session = resumed
            if games is not None and games != session.games:
                session.set_games(games)  # play on (or stop sooner) from here
            done = W.games_count(session.played)
            of = W.t("of_games", n=session.games) if session.games else ""
            console.print(Text(W.t("resumed", file=session_file, done=done, of=of), "bold"))
            console.print(Text(W.t("from_file"), "dim"))
        else:
            if session_file is not None:
                Path(session_file).parent.mkdir(parents=True, exist_ok=True)
            players = [name, *bot_names(name, rules.players - 1)]
            settings = {"opponents": opponents, "lang": lang, "french": french}
            session = Session(
                rules, players, games=8 if games is None else games, until_equal=until_equal,
                seed=seed,
                path=session_file, settings=settings | ({"unit": unit} if unit else {}),
            )  # fmt: skip
        bots, note = make_bots(bots_spec, session.players[1:], W)
    except OSError as e:  # the session file's folder or the file cannot be written
        said = message("cannot_write", lang, path=session_file, why=e.strerror or str(e))
        console.print(Text(f"schafkopf: {said if session_file is not None else e}", "red"))
        return 2
    except ValueError as e:
        _refused(console, e, lang)
        return 2
    if note:
        console.print(Text(note, "yellow"))
    unit = default_unit(session.rules, lang) if unit is None else unit
    names = [W.name(n) for n in session.players]
    human = HumanPlayer(names[0], console, read, names=names, french=french, auto=auto, lang=lang)
    seats: list[Player] = [human, *bots]

    def ledger() -> RenderableType:
        return render_ledger(session, unit=unit, french=french, lang=lang)

    if session.is_over():
        console.print(ledger())
        more = W.t("play_on", path=session.path, n=session.played + 8)
        console.print(Text(W.t("session_over") + (f" {more}" if session.path else ""), "bold"))
    record = session.record_action if session.path is not None else None
    try:
        while not session.is_over():
            game = session.new_game()
            human.new_game(game)
            total = W.t("of_games", n=session.games) if session.games else ""
            dealer, vorhand = names[game.dealer], names[game.vorhand]
            n = session.played + 1
            console.print(Rule(W.t("game_rule", n=n, of=total, dealer=dealer, vorhand=vorhand)))
            if game.history:
                count = len(game.history)
                cards = sum(1 for _seat, a in game.history if is_card(a))
                parts = [
                    W.t(key if k == 1 else f"{key}s", n=k)
                    for key, k in (("call", count - cards), ("card", cards))
                    if k
                ]
                moves = f" {W.t('and')} ".join(parts)
                console.print(Text(W.t("goes_on", moves=moves), "bold"))
                # the person's own turn shows the table itself, but for a forced card
                if game.to_move != 0 or human.forced(game.view(0)) is not None:
                    console.print(render_status(game.view(0), names, french=french, lang=lang))
            rng = random.Random(f"{session.seed}:bots:{session.played}:{len(game.history)}")
            _play_game(game, seats, names, console, rng, delay, french, record, lang)
            session.finish_game(game)
            console.print(Rule(W.t("result_rule", n=session.played)))
            stock = session.stock if session.rules.stock else None
            view = game.view(0)
            console.print(
                render_result(
                    view, game.result(), names, stock=stock, unit=unit, french=french, lang=lang
                )
            )
            console.print(ledger())
            if pause and not session.is_over():
                try:
                    human.wait_for_next_game()
                except (QuitSession, EOFError, KeyboardInterrupt):
                    console.print()
                    _stopped_between_games(console, session, unit, W)
                    return 0
    except (QuitSession, EOFError, KeyboardInterrupt):
        console.print()
        console.print(Text(W.t("stopped_saved" if session.path else "stopped"), "bold"))
        console.print(ledger())
        if session.path is not None:
            console.print(Text(W.t("resume_with", path=session.path)))
        return 0
    console.print(_final(session, unit, W))
    return 0
