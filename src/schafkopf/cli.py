"""The ``schafkopf`` command: play, score and import records, show rules, benchmark."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

app = typer.Typer(
    name="schafkopf",
    help="Schafkopf: play in the terminal, score and import game records, benchmark the engine.",
    no_args_is_help=True,
    add_completion=False,
)
import_app = typer.Typer(help="Convert other programs' logs into schafkopf-record/1 records.")
app.add_typer(import_app, name="import")


def _rules_from(preset: str, rules_file: Path | None, options: list[str] | None) -> Any:
    """A ruleset from ``--preset``, ``--rules FILE`` and ``--set key=value`` options."""
    from schafkopf.rules import RulesError, Ruleset

    try:
        rules = Ruleset.from_file(rules_file) if rules_file else Ruleset.preset(preset)
        if options:
            overrides: dict[str, Any] = {}
            for opt in options:
                key, sep, raw = opt.partition("=")
                if not sep:
                    raise RulesError(f"--set needs key=value, got {opt!r}")
                try:
                    overrides[key.strip()] = json.loads(raw)
                except json.JSONDecodeError:
                    overrides[key.strip()] = raw.strip()
            rules = rules.with_options(overrides)
    except (RulesError, OSError) as e:
        typer.echo(f"schafkopf: {e}", err=True)
        raise typer.Exit(2) from None
    return rules


@app.command()
def play(
    preset: Annotated[
        str, typer.Option(help="Rules preset: standard, sauspiel or bsv.")
    ] = "standard",
    rules_file: Annotated[
        Path | None, typer.Option("--rules", help="JSON or TOML file: preset plus options.")
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--set", help="Override one option, e.g. tarif.solo=5.")
    ] = None,
    games: Annotated[int, typer.Option(help="Games in the session (0: until Ctrl-D).")] = 8,
    until_equal: Annotated[
        bool, typer.Option(help="Go on past --games until every seat has dealt equally often.")
    ] = False,
    opponents: Annotated[
        str, typer.Option(help="Computer players: heuristic or random.")
    ] = "heuristic",
    seed: Annotated[int | None, typer.Option(help="Seed for the deals and the bots.")] = None,
    name: Annotated[str, typer.Option(help="Your name at the table.")] = "Du",
    session_file: Annotated[
        Path | None,
        typer.Option("--session", help="Session file (JSON Lines); resumed if it exists."),
    ] = None,
    french: Annotated[bool, typer.Option(help="Show French suit symbols.")] = False,
) -> None:
    """Play a session against three computer players in the terminal."""
    from schafkopf.tui import run_terminal_session

    rules = _rules_from(preset, rules_file, option)
    code = run_terminal_session(
        rules=rules,
        games=games,
        until_equal=until_equal,
        opponents=opponents,
        seed=seed,
        name=name,
        session_file=session_file,
        french=french,
    )
    raise typer.Exit(code)


@app.command()
def score(
    file: Annotated[
        str, typer.Argument(help="A record file, JSON Lines of records, or - for stdin.")
    ] = "-",
) -> None:
    """Replay records through the engine and write them back with their result filled in."""
    from schafkopf.record import score_stream

    text = sys.stdin.read() if file == "-" else _read_text(file)
    failures = score_stream(text, sys.stdout, sys.stderr, source=file)
    raise typer.Exit(1 if failures else 0)


@import_app.command("netschafkopf")
def import_netschafkopf(
    files: Annotated[list[Path], typer.Argument(help="NetSchafkopf protocol logs.")],
) -> None:
    """Convert NetSchafkopf protocol logs into records, one JSON line per game."""
    from schafkopf.importers.netschafkopf import NetSchafkopfError, import_netschafkopf_file

    errors = 0
    for path in files:
        try:
            games = import_netschafkopf_file(path)
        except (NetSchafkopfError, OSError) as e:
            typer.echo(f"{path}: {e}", err=True)
            errors += 1
            continue
        for g in games:
            if g.record is None:
                typer.echo(f"{g.file}:{g.line}: game {g.game} not imported: {g.error}", err=True)
                errors += 1
            else:
                sys.stdout.write(json.dumps(g.record, ensure_ascii=False) + "\n")
    raise typer.Exit(1 if errors else 0)


@app.command()
def text(
    file: Annotated[
        str, typer.Argument(help="Records (JSON Lines) or text lines, or - for stdin.")
    ] = "-",
) -> None:
    """Convert records to the one-line text form, or text lines back to records."""
    from schafkopf.record import RecordError, record_from_text, record_to_text

    src = sys.stdin.read() if file == "-" else _read_text(file)
    bad = 0
    for lineno, line in enumerate(src.splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        try:
            if line.startswith("{"):
                sys.stdout.write(record_to_text(json.loads(line)) + "\n")
            else:
                sys.stdout.write(json.dumps(record_from_text(line), ensure_ascii=False) + "\n")
        except (RecordError, json.JSONDecodeError) as e:
            typer.echo(f"{file}:{lineno}: {e}", err=True)
            bad += 1
    raise typer.Exit(1 if bad else 0)


@app.command()
def rules(
    preset: Annotated[str, typer.Argument(help="standard, sauspiel or bsv.")] = "standard",
) -> None:
    """Print every option of a preset as JSON."""
    r = _rules_from(preset, None, None)
    typer.echo(json.dumps({"preset": preset, **r.to_dict()}, indent=2, ensure_ascii=False))


@app.command()
def bench(
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    seconds: Annotated[float, typer.Option(help="Seconds per measurement.")] = 2.0,
) -> None:
    """Measure the engine: random games through the API, and bitmask playouts."""
    from schafkopf.benchmark import run_benchmarks

    figures = run_benchmarks(seconds=seconds)
    if as_json:
        typer.echo(json.dumps(figures))
    else:
        for k, v in figures.items():
            typer.echo(f"{k:32s} {v:,.1f}" if isinstance(v, float) else f"{k:32s} {v}")


def _read_text(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as e:
        typer.echo(f"schafkopf: cannot read {path}: {e.strerror}", err=True)
        raise typer.Exit(2) from None
    except UnicodeDecodeError:
        typer.echo(f"schafkopf: {path} is not UTF-8 text", err=True)
        raise typer.Exit(2) from None


def main() -> None:
    """Entry point of the ``schafkopf`` command."""
    app()
