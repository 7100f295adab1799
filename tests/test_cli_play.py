"""``schafkopf play`` driven through a pseudo-terminal with pexpect, as a person would play."""

from __future__ import annotations

import os
import re
import signal
import sys
from pathlib import Path

import pexpect
import pytest

from schafkopf.record import record_to_game
from schafkopf.session import Session

PROMPTS = [
    "Deine Wahl> ",
    r"\[j/N\] ",
    pexpect.EOF,
    r"Wirklich aufhören\? \[j/N\] ",
    "Enter: nächstes Spiel, l: Stiche, q: aufhören> ",
]


def spawn(args: list[str], cwd: Path) -> pexpect.spawn:
    env = {
        **os.environ,
        "SCHAFKOPF_DELAY": "0",
        "TERM": "dumb",
        "COLUMNS": "100",
        "LINES": "40",
        "PYTHONIOENCODING": "utf-8",
    }
    return pexpect.spawn(
        sys.executable,
        ["-m", "schafkopf", "play", "--opponents", "random", *args],
        cwd=str(cwd),
        env=env,
        encoding="utf-8",
        timeout=20,
        dimensions=(40, 100),
        # A shell's background job ignores SIGINT and its children inherit that (Python then
        # installs no KeyboardInterrupt): give the child a terminal's default Ctrl-C.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def first_choice(screen: str) -> str:
    """The first choice the last ``Wähle:`` line offers (a card's number or a bid's)."""
    m = re.search(r"(\d+)=", screen[screen.rfind("Wähle:") :])
    assert m, f"no choice offered in:\n{screen[-800:]}"
    return m.group(1)


def play(child: pexpect.spawn, stop_after: str | None = None) -> str:
    """Answer every prompt with the first legal choice (no Kontra) until the program ends;
    with ``stop_after``, answer ``q`` at the first prompt once that text has appeared."""
    out: list[str] = []
    while True:
        i = child.expect(PROMPTS)
        out.append(child.before)
        if i == 2:
            child.close()
            return "".join(out)
        if i == 3:
            child.sendline("j")
        elif stop_after is not None and stop_after in "".join(out):
            child.sendline("q")
        elif i == 1:
            child.sendline("n")
        elif i == 4:
            child.sendline("")  # the result was read: the next deal
        else:
            child.sendline(first_choice(child.before))


def test_one_whole_game_until_the_ledger(tmp_path: Path) -> None:
    child = spawn(["--games", "1", "--seed", "5"], tmp_path)
    out = play(child)
    assert child.exitstatus == 0, out[-2000:]
    assert "Spiel 1 von 1" in out and "Deine Karten:" in out
    assert "Ergebnis Spiel 1" in out and "Auszahlung:" in out
    assert "Abrechnung" in out and "Stand nach 1 von 1 Spiel" in out
    assert "Sitzung beendet nach 1 Spiel." in out


@pytest.mark.parametrize("how", ["q", "ctrl-c", "ctrl-d"])
def test_quit_cleanly(tmp_path: Path, how: str) -> None:
    child = spawn(["--games", "3", "--seed", "5"], tmp_path)
    child.expect("Deine Wahl> ")
    if how == "q":
        child.sendline("q")
        child.expect(r"Wirklich aufhören\? \[j/N\] ")
        child.sendline("j")
    elif how == "ctrl-c":
        child.sendintr()
    else:
        child.sendeof()
    child.expect(pexpect.EOF)
    out = child.before
    child.close()
    assert child.exitstatus == 0, out
    assert "Abgebrochen" in out and "noch kein Spiel gebucht" in out
    assert "Traceback" not in out


def test_resume_a_session_file(tmp_path: Path) -> None:
    args = ["--games", "2", "--seed", "7", "--session", "tmp/s.jsonl"]
    first = play(spawn(args, tmp_path), stop_after="Ergebnis Spiel 1")
    assert "Aufgehört nach 1 Spiel: jedes Spiel ist gebucht." in first
    assert "Stand nach 1 von 2 Spielen" in first and "Angehalten" not in first
    assert "Spiel 2 von 2" not in first  # q at the pause after the result stopped it there
    assert "Fortsetzen mit: schafkopf play --session tmp/s.jsonl" in first
    child = spawn(args, tmp_path)
    second = play(child)
    assert child.exitstatus == 0, second[-2000:]
    assert "Sitzung tmp/s.jsonl fortgesetzt: 1 Spiel von 2 gespielt." in second
    assert "Spiel 2 von 2" in second and "Spiel 1 von 2" not in second
    ledger = second[second.rfind("Abrechnung") :]
    assert re.search(r"^\s*1\s", ledger, re.M) and re.search(r"^\s*2\s", ledger, re.M)
    assert "Stand nach 2 von 2 Spielen" in ledger
    assert "Sitzung beendet nach 2 Spielen" in second
    lines = (tmp_path / "tmp" / "s.jsonl").read_text(encoding="utf-8").splitlines()
    records = [ln for ln in lines if '"act"' not in ln]
    assert len(records) == 3  # the header and two games (the other lines: each action)


def test_resume_continues_the_game_in_progress(tmp_path: Path) -> None:
    """Quitting in the middle of a game and resuming goes on in that very game: the hand
    seen is not dealt again and the choices made stay made."""
    args = ["--games", "2", "--seed", "11", "--session", "s.jsonl"]
    first = play(spawn(args, tmp_path), stop_after="→ Stich 1 an")
    assert "Angehalten: das laufende Spiel ist gespeichert" in first
    assert "noch kein Spiel gebucht" in first
    acts = (tmp_path / "s.jsonl").read_text(encoding="utf-8").count('"act"')
    assert acts > 4
    before = Session.resume(tmp_path / "s.jsonl").new_game().history
    assert len(before) == acts
    child = spawn(args, tmp_path)
    second = play(child)
    assert child.exitstatus == 0, second[-2000:]
    assert "fortgesetzt: 0 Spiele von 2 gespielt." in second
    cards = sum(1 for _seat, a in before if a < 32)
    assert cards and acts - cards > 1  # the bidding and some cards of the first trick
    said = f"(bisher {acts - cards} Ansagen und {cards} Karte{'n' if cards > 1 else ''})."
    assert "Das angefangene Spiel geht weiter, wo es aufgehört hat " + said in second
    assert "Spiel 1 von 2" in second and "Sitzung beendet nach 2 Spielen" in second
    booked = Session.resume(tmp_path / "s.jsonl")
    assert booked.played == 2 and not booked.pending
    game_one = record_to_game(booked.records[0])
    assert game_one.history[:acts] == before  # the same deal, the same choices


def test_bad_opponents_and_the_unit(tmp_path: Path) -> None:
    child = pexpect.spawn(
        sys.executable,
        ["-m", "schafkopf", "play", "--opponents", "genius"],
        cwd=str(tmp_path),
        env={**os.environ, "TERM": "dumb", "PYTHONIOENCODING": "utf-8"},
        encoding="utf-8",
        timeout=20,
    )
    child.expect(pexpect.EOF)
    out = child.before
    child.close()
    assert child.exitstatus == 2
    assert "unbekannte Gegner 'genius'" in out and "level:5" in out
    assert "Traceback" not in out
    child = spawn(["--games", "1", "--seed", "5", "--unit", "Punkte"], tmp_path)
    out = play(child)
    assert child.exitstatus == 0, out[-2000:]
    assert "Abrechnung (Beträge: Punkte)" in out and re.search(r"Du [+-]?\d+ Punkte?\b", out)


def test_one_whole_game_in_english_with_the_french_deck(tmp_path: Path) -> None:
    child = spawn(["--games", "1", "--seed", "5", "--lang", "en", "--french"], tmp_path)
    out: list[str] = []
    prompts = ["Your choice> ", r"\[y/N\] ", pexpect.EOF]
    while True:
        i = child.expect(prompts)
        out.append(child.before)
        if i == 2:
            child.close()
            break
        if i == 1:
            child.sendline("n")
        else:
            screen = child.before
            m = re.search(r"(\d+)=", screen[screen.rfind("Choose:") :])
            assert m, screen[-800:]
            child.sendline(m.group(1))
    text = "".join(out)
    assert child.exitstatus == 0, text[-2000:]
    assert "Game 1 of 1" in text and "Your cards:" in text and "Result of game 1" in text
    assert "Payouts:" in text and "Session over after 1 game." in text
    assert re.search(r"\b(Clubs|Spades|Diamonds)\b", text) and "♣" in text
    assert not re.search(r"\b(Wähle|Deine|Stich|Auszahlung|Acorns|Leaves|Bells)\b", text)


def test_an_unknown_language_is_refused(tmp_path: Path) -> None:
    child = spawn(["--lang", "fr"], tmp_path)
    child.expect(pexpect.EOF)
    out = child.before
    child.close()
    assert child.exitstatus == 2 and "unknown --lang 'fr'" in out and "Traceback" not in out
