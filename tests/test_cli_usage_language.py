"""The command line's usage errors (typer's, before a command runs) in the command's language:
``--lang`` where given, else the locale's, else the command's default; exit status 2, the
usage line and the hint to ``--help`` kept."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

RUN = [sys.executable, "-m", "schafkopf"]
LOCALE = ("LC_ALL", "LC_MESSAGES", "LANG")


def _run(*args: str, **locale: str) -> subprocess.CompletedProcess[str]:
    """``python -m schafkopf ARGS`` under no locale but the one given (LANG="de_DE.UTF-8")."""
    env = {k: v for k, v in os.environ.items() if k not in LOCALE}
    env.update(locale)
    return subprocess.run(
        [*RUN, *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        stdin=subprocess.DEVNULL,
    )


def _said(out: subprocess.CompletedProcess[str]) -> str:
    """The error line of a usage error (its last line), after checking the status and lines
    above it."""
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr and "╭" not in out.stderr  # no box, no crash
    assert out.stdout == ""
    return out.stderr.rstrip("\n").splitlines()[-1]


@pytest.mark.parametrize(
    ("args", "german", "english"),
    [
        (
            ["arena", "--dels", "3"],
            "schafkopf: Die Option --dels gibt es nicht; meintest du --deals?",
            "schafkopf: There is no option --dels; did you mean --deals?",
        ),
        (
            ["arena", "--zzz"],
            "schafkopf: Die Option --zzz gibt es nicht.",
            "schafkopf: There is no option --zzz.",
        ),
        (
            ["arena", "--deals", "abc"],
            "schafkopf: --deals muss eine ganze Zahl sein (nicht „abc“).",
            "schafkopf: --deals must be a whole number (not “abc”).",
        ),
        (
            ["bench", "--seconds", "x"],
            "schafkopf: --seconds muss eine Zahl sein (nicht „x“).",
            "schafkopf: --seconds must be a number (not “x”).",
        ),
        (
            ["advise", "--worlds", "0"],
            "schafkopf: --worlds muss mindestens 1 sein (nicht „0“).",
            "schafkopf: --worlds must be at least 1 (not “0”).",
        ),
        (
            ["advise"],
            "schafkopf: Das Argument „hand“ fehlt.",
            "schafkopf: The argument “hand” is missing.",
        ),
        (
            ["arena", "--deals"],
            "schafkopf: Die Option --deals braucht einen Wert.",
            "schafkopf: The option --deals needs a value.",
        ),
        (
            ["arena", "--quiet=yes"],
            "schafkopf: Die Option --quiet nimmt keinen Wert an.",
            "schafkopf: The option --quiet takes no value.",
        ),
        (
            ["rules", "bsv", "extra"],
            "schafkopf: Mehr Argumente als erwartet: „extra“.",
            "schafkopf: More arguments than expected: “extra”.",
        ),
        (  # typer joins the extra arguments with spaces: they are said as typed, not split
            ["rules", "bsv", "a b"],
            "schafkopf: Mehr Argumente als erwartet: „a b“.",
            "schafkopf: More arguments than expected: “a b”.",
        ),
        (  # a flag given a value before any command: typer's parser has no context then
            ["--help=x"],
            "schafkopf: Die Option --help nimmt keinen Wert an.",
            "schafkopf: The option --help takes no value.",
        ),
    ],
)
def test_a_commands_usage_errors_in_german_and_english(
    args: list[str], german: str, english: str
) -> None:
    """In the locale's language (arena, bench and rules have no --lang)."""
    assert _said(_run(*args, LANG="de_DE.UTF-8")) == german
    assert _said(_run(*args, LANG="en_GB.UTF-8")) == english


def test_the_usage_line_and_the_help_hint_stay() -> None:
    out = _run("advise", "EO", "--worlds", "abc", "--lang", "de")
    assert out.stderr.splitlines()[:3] == [
        "Aufruf: python -m schafkopf advise [OPTIONS] {hand}...",
        "„python -m schafkopf advise --help“ liefert weitere Informationen.",
        "",
    ]
    out = _run("advise", "EO", "--worlds", "abc", "--lang", "en")
    assert out.stderr.splitlines()[:3] == [
        "Usage: python -m schafkopf advise [OPTIONS] {hand}...",
        "Try 'python -m schafkopf advise --help' for help.",
        "",
    ]


def test_an_unknown_command_in_the_locales_language() -> None:
    """Before a command is known there is no --lang to read: the locale says, else English."""
    out = _run("scor", LANG="de_DE.UTF-8")
    assert _said(out) == "schafkopf: Den Befehl „scor“ gibt es nicht; meintest du score?"
    assert out.stderr.startswith("Aufruf: python -m schafkopf [OPTIONS] COMMAND [ARGS]...\n")
    out = _run("scor")
    assert _said(out) == "schafkopf: There is no command “scor”; did you mean score?"
    assert out.stderr.startswith("Usage: python -m schafkopf [OPTIONS] COMMAND [ARGS]...\n")
    said = _said(_run("xyzzy", LC_ALL="de_AT.UTF-8", LANG="en_GB.UTF-8"))
    assert said.startswith("schafkopf: Den Befehl „xyzzy“ gibt es nicht; es gibt serve, play, ")
    said = _said(_run("xyzzy", LANG="en_US.UTF-8"))
    assert said.startswith("schafkopf: There is no command “xyzzy”; the commands are serve, ")
    said = _said(_run("import", "nets", LANG="de_DE.UTF-8"))
    assert said == "schafkopf: Den Befehl „nets“ gibt es nicht; es gibt netschafkopf."
    said = _said(_run("import"))
    assert said == "schafkopf: A command is missing here; the commands are netschafkopf."


def test_where_the_language_comes_from() -> None:
    german = "schafkopf: --worlds muss eine ganze Zahl sein (nicht „x“)."
    english = "schafkopf: --worlds must be a whole number (not “x”)."
    bad = ("advise", "EO", "--worlds", "x")
    assert _said(_run(*bad, "--lang", "de")) == german
    assert _said(_run(*bad, "--lang=de")) == german
    assert _said(_run("analyze", "-", "--lang", " DE ", "--worlds", "x")).startswith(german[:30])
    assert _said(_run(*bad, LANG="de_DE.UTF-8")) == german
    assert _said(_run(*bad, "--lang", "en", LANG="de_DE.UTF-8")) == english
    assert _said(_run(*bad, "--lang", "de", LC_ALL="C")) == german
    assert _said(_run(*bad, "--lang=de", "--lang=en")) == english  # the last one, as typer
    assert _said(_run(*bad)) == english  # no locale: advise's English
    assert _said(_run(*bad, LANG="C.UTF-8")) == english
    assert _said(_run(*bad, "--lang", "fr")) == english  # not one we know
    # a command without --lang: the option is unknown, said in the language asked for
    said = _said(_run("arena", "--deals", "x", "--lang", "de"))
    assert said == "schafkopf: Die Option --lang gibt es nicht."
    # play speaks German unless told, its usage errors too
    assert _said(_run("play", "--games", "x")).startswith("schafkopf: --games muss ")
    assert _said(_run("play", "--games", "x", LANG="en_US.UTF-8")).startswith(
        "schafkopf: --games must "
    )


def test_the_lang_of_a_command_line() -> None:
    from schafkopf.cli_usage import argv_language

    assert argv_language(["stats", "--lang", "de", "x"]) == "de"
    assert argv_language(["stats", "--lang=EN"]) == "en"
    assert argv_language(["stats", "--lang", "de", "--lang", "en"]) == "en"
    assert argv_language(["stats", "--lang"]) is None
    assert argv_language(["stats", "--lang", "fr"]) is None
    assert argv_language(["stats", "--", "--lang", "de"]) is None  # after --: arguments


def test_help_and_a_good_command_line_still_work() -> None:
    for args in (["--help"], ["arena", "--help"], ["play", "--help", "--lang", "de"]):
        out = _run(*args)
        assert out.returncode == 0, out.stderr
        assert "Usage:" in out.stdout and out.stderr == ""
    out = _run("rules", "sauspiel")
    assert out.returncode == 0 and '"preset": "sauspiel"' in out.stdout
    bare = _run()  # the bare command shows its help, as typer does
    assert bare.returncode == 2 and "Usage:" in bare.stdout and "schafkopf:" not in bare.stderr


def test_the_console_script_and_clirunner_say_it_too() -> None:
    from typer.testing import CliRunner

    from schafkopf.cli import app

    out = CliRunner().invoke(
        app, ["advise", "EO", "--worlds", "abc", "--lang", "de"], prog_name="schafkopf"
    )
    assert out.exit_code == 2
    assert out.stderr.splitlines()[0] == "Aufruf: schafkopf advise [OPTIONS] {hand}..."
    assert out.stderr.rstrip().endswith("--worlds muss eine ganze Zahl sein (nicht „abc“).")
    # make installs the package into the environment: its console script is beside Python
    script = shutil.which("schafkopf", path=str(Path(sys.executable).parent))
    assert script is not None, "no schafkopf console script beside this Python"
    env = {k: v for k, v in os.environ.items() if k not in LOCALE}
    run = subprocess.run(
        [script, "advise", "EO", "--worlds", "viele", "--lang", "de"],
        capture_output=True, text=True, timeout=120, env=env,
    )  # fmt: skip
    assert run.returncode == 2
    assert run.stderr.splitlines()[0].startswith("Aufruf: schafkopf advise [OPTIONS]")
    assert run.stderr.rstrip().endswith(
        "schafkopf: --worlds muss eine ganze Zahl sein (nicht „viele“)."
    )
