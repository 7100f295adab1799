"""The ``schafkopf`` command's smaller faces: rules, text, bench, and option errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from schafkopf.game import Game
from schafkopf.players import RandomPlayer, play_game
from schafkopf.record import game_to_record

RUN = [sys.executable, "-m", "schafkopf"]


def _run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*RUN, *args], input=stdin, capture_output=True, text=True, timeout=300)


def test_rules_prints_every_option_of_a_preset() -> None:
    out = _run("rules", "sauspiel")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["preset"] == "sauspiel"
    assert data["tarif"]["rufspiel"] == 20 and data["klopfen"] is True
    assert _run("rules", "nonsense").returncode == 2


def test_text_form_round_trips_through_the_command(tmp_path: Path) -> None:
    g = play_game(Game(seed=12), [RandomPlayer()] * 4)
    rec = game_to_record(g, players=["Anna Maria", "Bert", "Cora", "Done"])
    text = _run("text", "-", stdin=json.dumps(rec) + "\n")
    assert text.returncode == 0, text.stderr
    line = text.stdout.strip()
    assert line.startswith("sk1 standard ")
    back = _run("text", "-", stdin=line + "\n")
    assert back.returncode == 0, back.stderr
    again = json.loads(back.stdout)
    assert again["tricks"] == rec["tricks"] and again["players"] == rec["players"]
    bad = _run("text", "-", stdin="sk1 standard d0 EOEO\n")
    assert bad.returncode == 1 and "-:1:" in bad.stderr


def test_bench_json_has_the_figures() -> None:
    out = _run("bench", "--json", "--seconds", "0.3")
    assert out.returncode == 0, out.stderr
    figures = json.loads(out.stdout)
    for key in ("api_games_per_s", "playouts_per_s", "baseline_playouts_per_s"):
        assert figures[key] > 0


def test_bad_options_name_the_option_and_the_values(tmp_path: Path) -> None:
    """The terminal's own language words a bad option (German unless told)."""
    out = _run("play", "--set", "schneider=sometimes", "--games", "1", "--lang", "de")
    assert out.returncode == 2
    assert out.stderr.strip() == (
        "schafkopf: Die Option „schneider“ muss einer dieser Werte sein: loser_30, official "
        "(nicht „sometimes“)."
    )
    out = _run("play", "--set", "schneider=sometimes", "--lang", "en")
    assert out.returncode == 2 and "The option “schneider” must be one of: loser_30" in out.stderr
    rules = tmp_path / "house.toml"
    rules.write_text('preset = "bsv"\n[tarif]\nsolo = "viel"\n', encoding="utf-8")
    out = _run("play", "--rules", str(rules), "--lang", "de")
    assert out.returncode == 2
    assert "Die Option „tarif.solo“ muss eine ganze Zahl ab 0 sein (nicht „viel“)." in out.stderr
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    out = _run("play", "--rules", str(broken), "--lang", "en")
    assert out.returncode == 2 and f"The rules file {broken} is not valid JSON" in out.stderr
    out = _run("play", "--set", "klopfen", "--lang", "de")
    assert out.returncode == 2 and "--set braucht Option=Wert" in out.stderr
    out = _run("advise", "EO", "--set", "stock=ja", "--lang", "de")
    assert (
        out.returncode == 2 and "„stock“ kann nur true oder false sein (nicht „ja“)" in out.stderr
    )
    # advise takes a rules file as arena does (it took a preset's name only)
    out = _run("advise", "EO", "GO", "HO", "EU", "HA", "HZ", "H9", "SA", "--rules", str(rules))
    assert out.returncode == 2 and "“tarif.solo” must be a whole number" in out.stderr, out.stderr


def test_version_and_short_help() -> None:
    from schafkopf import __version__

    out = _run("--version")
    assert out.returncode == 0 and out.stdout.strip() == f"schafkopf {__version__}"
    out = _run("-h")
    assert out.returncode == 0 and "Usage:" in out.stdout and "--version" in out.stdout
    out = _run("rules", "-h")
    assert out.returncode == 0 and "schafkopf rules [OPTIONS]" in out.stdout


def test_input_errors_speak_the_commands_language(tmp_path: Path) -> None:
    out = _run("analyze", str(tmp_path / "none.jsonl"), "--lang", "de")
    assert out.returncode == 2 and "none.jsonl: lässt sich nicht lesen (" in out.stderr
    out = _run("analyze", "-", "--seat", "4", "--lang", "de", stdin="")
    assert out.returncode == 2 and "--seat muss zwischen 0 und 3 liegen (nicht 4)" in out.stderr
    out = _run("stats", str(tmp_path / "none.jsonl"), "--lang", "en")
    assert out.returncode == 2 and "none.jsonl: cannot read it (" in out.stderr
    (tmp_path / "bin.gz").write_bytes(b"\x1f\x8b broken")
    out = _run("play", "--from", str(tmp_path / "bin.gz"), "--lang", "de")
    assert out.returncode == 1 and "bin.gz: eine beschädigte gzip-Datei (" in out.stderr
    g = play_game(Game(seed=3), [RandomPlayer()] * 4)
    one = tmp_path / "one.jsonl"
    one.write_text(json.dumps(game_to_record(g)) + "\n", encoding="utf-8")
    out = _run("play", "--from", str(one), "--game", "3", "--lang", "de")
    assert (
        out.returncode == 2
        and f"{one}: --game muss zwischen 1 und 1 liegen (nicht 3)" in out.stderr
    )
    out = _run("play", "--from", str(one), "--game", "3", "--lang", "en")
    assert out.returncode == 2 and f"{one}: --game must be 1..1, got 3" in out.stderr


def test_score_reads_stdin_and_reports_bad_lines() -> None:
    g = play_game(Game(seed=3), [RandomPlayer()] * 4)
    good = json.dumps(game_to_record(g))
    out = _run("score", "-", stdin=good + "\n{broken\n")
    assert out.returncode == 1
    assert len(out.stdout.splitlines()) == 1
    assert "-:2: not JSON" in out.stderr


def test_compile_builds_every_kernel() -> None:
    from typer.testing import CliRunner

    from schafkopf.cli import app

    out = CliRunner().invoke(app, ["compile"])
    assert out.exit_code == 0, out.output
    for step in ("playout kernels", "open-hand solver", "PIMC player", "in all"):
        assert step in out.stdout


def test_help_names_no_python_types_for_flags_and_repeated_options() -> None:
    """A flag takes no value (no ``<bool>``); ``--set`` takes a word each time (``<str>``, not
    typer's ``<list[str]>``); the group's --version and --help too."""
    from typer.testing import CliRunner

    from schafkopf.cli import app

    runner = CliRunner()
    for command in ([], ["play"], ["arena"], ["advise"], ["import"]):
        out = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "100"}).output
        assert "Show this message and exit" in out, out
        options = out.split("─ Options ─")[1]  # an argument's type stays typer's
        assert "<bool>" not in options and "<list[str]>" not in options, out
    out = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "100"}).output
    assert "--set" in out and "<str>" in out and "--no-until-equal" in out
