"""The ``schafkopf`` command: play, score and import records, show rules, benchmark."""

from __future__ import annotations

import gzip
import io
import json
import logging
import os
import socket
import sys
import zlib
from pathlib import Path
from typing import Annotated, Any, Final

import typer

from schafkopf.cli_usage import DEFAULT_LANGUAGE, WordedUsageGroup

app = typer.Typer(
    name="schafkopf",
    cls=WordedUsageGroup,  # usage errors (--deals abc) in the command's language
    help="Schafkopf: play in the browser or the terminal, score, analyse and import game "
    "records, match the bots.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="markdown",
    context_settings={"help_option_names": ["--help", "-h"]},
)
import_app = typer.Typer(help="Convert other programs' logs into schafkopf-record/1 records.")
app.add_typer(import_app, name="import")


def _print_version(asked: bool) -> None:
    """``--version``: the package's version, then exit."""
    if asked:
        from schafkopf import __version__

        typer.echo(f"schafkopf {__version__}")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option(
            "--version", help="Print the version and exit.", is_eager=True, callback=_print_version
        ),
    ] = False,
) -> None:
    """Schafkopf: play in the browser or the terminal, score, analyse and import game
    records, match the bots."""


def _rules_from(
    preset: str, rules_file: Path | None, options: list[str] | None, lang: str = "en"
) -> Any:
    """A ruleset from ``--preset``, ``--rules FILE`` and ``--set key=value`` options; a bad
    one exits 2 with the reason worded in ``lang``."""
    from schafkopf.rules import RulesError, Ruleset, option_value
    from schafkopf.tui.error_texts import error_text

    try:
        rules = Ruleset.from_file(rules_file) if rules_file else Ruleset.preset(preset)
        if options:
            overrides: dict[str, Any] = {}
            for opt in options:
                key, sep, raw = opt.partition("=")
                if not sep:
                    raise RulesError(
                        f"--set needs key=value, got {opt!r}", "not_key_value", given=opt
                    )
                overrides[key.strip()] = option_value(raw)
            rules = rules.with_options(overrides)
    except RulesError as e:
        typer.echo(f"schafkopf: {error_text(e, lang)}", err=True)
        raise typer.Exit(EXIT_CANNOT_READ) from None
    return rules


def _rules_named(name: str, options: list[str] | None, lang: str = "en") -> Any:
    """A ruleset from ``--rules NAME``: a preset's name, or a JSON or TOML file (a path that
    ends so or exists), with ``--set`` options; a bad one exits 2 worded in ``lang``."""
    from schafkopf.rules import PRESETS

    is_file = name not in PRESETS and (
        Path(name).suffix.lower() in (".json", ".toml") or Path(name).exists()
    )
    return _rules_from(
        "standard" if is_file else name, Path(name) if is_file else None, options, lang
    )


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            help="Database URL (default: SCHAFKOPF_DATABASE_URL or sqlite:///schafkopf.db)."
        ),
    ] = None,
    bot_delay: Annotated[float, typer.Option(help="Seconds before each bot action.")] = 0.6,
    bot_workers: Annotated[
        int | None,
        typer.Option(
            help="Processes in which the searching bots (PIMC) think; 0: threads of the "
            "server (default: one less than the CPUs, at least 1).",
            min=0,
        ),
    ] = None,
    setting: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            help="A server setting, e.g. tables_per_minute=20 or allow_bot_tables=true "
            "(README: Security and limits).",
        ),
    ] = None,
) -> None:
    """Play in the browser: tables for four with friends and bots (Ctrl-C stops)."""
    import uvicorn

    from schafkopf.server.app import create_app, tune_gc_for_serving
    from schafkopf.server.settings import ServerSettings, SettingsError
    from schafkopf.server.store import DatabaseInUse, StoreError, database_url

    url = database_url(database)
    try:
        settings = ServerSettings.parse(setting or [])
    except SettingsError as e:
        typer.echo(f"schafkopf: {e}", err=True)
        raise typer.Exit(2) from None
    try:
        listener = _bound_socket(host, port)
    except OSError as e:
        typer.echo(
            f"schafkopf: cannot listen on {host}:{port}: {e.strerror or e} (is another server "
            "there? choose another port with --port)",
            err=True,
        )
        raise typer.Exit(2) from None
    try:
        workers = bot_workers if bot_workers is not None else max(1, (os.cpu_count() or 2) - 1)
        application = create_app(url, bot_delay=bot_delay, bot_workers=workers, settings=settings)
    except DatabaseInUse as e:
        listener.close()
        typer.echo(f"schafkopf: cannot serve {url}: {e}", err=True)
        raise typer.Exit(1) from None
    except (StoreError, OSError) as e:
        listener.close()
        typer.echo(f"schafkopf: cannot open the database {url}: {e}", err=True)
        raise typer.Exit(1) from None
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s: %(message)s"
    )
    tune_gc_for_serving()
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    typer.echo(f"Schafkopf is served at http://{shown}:{port}/  (database: {url}; Ctrl-C stops)")
    config = uvicorn.Config(
        application,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=max(65536, 4 * settings.message_bytes),  # larger frames: closed (1009)
        ws_per_message_deflate=False,  # small messages: compressing costs more than it saves
        timeout_graceful_shutdown=2,  # SIGTERM/Ctrl-C: connections get 2 s, then the hub stops
    )
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[listener])
    except KeyboardInterrupt:
        return  # Ctrl-C, also before the server was up: stopped as asked
    finally:
        listener.close()
    if not server.started:  # uvicorn logged why
        raise typer.Exit(1)


def _bound_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host:port`` before the server opens its database or starts
    its bot workers, so that a port in use is said at once (the server listens on it)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    return sock


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
    games: Annotated[
        int | None,
        typer.Option(
            help="Games in the session (0: until q or Ctrl-D; default 8). With --session on a "
            "file: the file's, or a new number to play on to."
        ),
    ] = None,
    until_equal: Annotated[
        bool, typer.Option(help="Go on past --games until every seat has dealt equally often.")
    ] = False,
    opponents: Annotated[
        str | None,
        typer.Option(
            help="Computer players: a player spec (heuristic, random, pimc, "
            "pimc:samples=20,seconds=0.5) or a level (level:1 to level:5); default: heuristic, "
            "or a resumed session's."
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for the deals and the bots.")] = None,
    name: Annotated[str, typer.Option(help="Your name at the table.")] = "Du",
    session_file: Annotated[
        Path | None,
        typer.Option("--session", help="Session file (JSON Lines); resumed if it exists."),
    ] = None,
    french: Annotated[
        bool | None,
        typer.Option(
            "--french/--german",
            help="Play with the French deck: its symbols (Q♣) and words (Kreuz-Dame, Pik-Ass; "
            "Queen of Clubs in English); French tokens are read too. Default: the German "
            "deck, or a resumed session's.",
        ),
    ] = None,
    lang: Annotated[
        str | None,
        typer.Option(
            help="Language of the terminal: de or en (default: the locale's, else German)."
        ),
    ] = None,
    auto: Annotated[
        bool, typer.Option(help="Play a card by itself when it is the only legal one.")
    ] = True,
    unit: Annotated[
        str | None,
        typer.Option(
            help="Unit shown with every amount, e.g. ct, Punkte (default: ct for the sauspiel "
            "and bsv presets, else points)."
        ),
    ] = None,
    from_record: Annotated[
        str | None,
        typer.Option(
            "--from", help="What if: play on a finished game of this record file instead."
        ),
    ] = None,
    at: Annotated[
        int, typer.Option(help="With --from: the step to play on from (1: the first action).")
    ] = 1,
    seat: Annotated[
        int | None,
        typer.Option(help="With --from: your seat (default: the seat to move at that step)."),
    ] = None,
    game: Annotated[
        int, typer.Option(help="With --from: which game of the file (1: the first).")
    ] = 1,
) -> None:
    """Play a session against three computer players in the terminal, or with --from play a
    recorded game on from one of its steps."""
    from schafkopf.tui import run_terminal_session

    # with --session, a resumed file's language unless given
    code_lang = _language(lang, DEFAULT_LANGUAGE["play"])
    if from_record is not None:
        raise typer.Exit(
            _what_if(
                from_record,
                game,
                at,
                seat,
                opponents or "heuristic",
                seed,
                bool(french),
                auto,
                unit,
                code_lang,
            )
        )
    rules = _rules_from(preset, rules_file, option, code_lang)
    code = run_terminal_session(
        rules=rules,
        games=games,
        until_equal=until_equal,
        opponents=opponents,
        seed=seed,
        name=name,
        session_file=session_file,
        french=french,
        auto=auto,
        unit=None if unit is None or not unit.strip() else unit.strip(),
        lang=None if lang is None else code_lang,
    )
    raise typer.Exit(code)


def _what_if(
    path: str,
    game: int,
    at: int,
    seat: int | None,
    opponents: str,
    seed: int | None,
    french: bool,
    auto: bool,
    unit: str | None,
    lang: str,
) -> int:
    """``play --from``: the chosen game of a record file, played on from step ``at``."""
    from schafkopf.record import RecordError, is_session_line, read_records, record_to_game
    from schafkopf.tui.error_texts import message
    from schafkopf.tui.what_if import run_what_if

    found = [r for _line, r in read_records(_read_input(path, lang)) if not is_session_line(r)]
    if not found:
        typer.echo(message("no_record", lang, name=path), err=True)
        return EXIT_BAD_DATA
    if not 1 <= game <= len(found):
        typer.echo(message("game_range", lang, name=path, count=len(found), game=game), err=True)
        return EXIT_CANNOT_READ
    record = found[game - 1]
    try:
        if isinstance(record, RecordError):
            raise record
        record_to_game(record)
    except RecordError as e:
        typer.echo(message("bad_game", lang, name=path, game=game, detail=e), err=True)
        return EXIT_BAD_DATA
    return run_what_if(
        record, at, seat=seat, opponents=opponents, seed=seed, french=french, auto=auto,
        unit=unit, lang=lang,
    )  # fmt: skip


@app.command()
def score(
    file: Annotated[
        str, typer.Argument(help="A record file, JSON Lines of records, or - for stdin.")
    ] = "-",
) -> None:
    """Replay records through the engine and write them back with their result filled in."""
    from schafkopf.record import score_stream

    failures = score_stream(_read_input(file), sys.stdout, sys.stderr, source=file)
    raise typer.Exit(EXIT_BAD_DATA if failures else EXIT_OK)


@import_app.command("netschafkopf")
def import_netschafkopf(
    files: Annotated[list[Path], typer.Argument(help="NetSchafkopf protocol logs.")],
) -> None:
    """Convert NetSchafkopf protocol logs into records, one JSON line per game."""
    from schafkopf.importers.netschafkopf import NetSchafkopfError, import_netschafkopf_file
    from schafkopf.record import ErrorReport

    code = EXIT_OK
    for path in files:
        report = ErrorReport(sys.stderr, str(path))
        try:
            games = import_netschafkopf_file(path)
        except OSError as e:
            report(None, f"cannot read it: {e.strerror or e}")
            code = EXIT_CANNOT_READ
            continue
        except NetSchafkopfError as e:
            report(None, str(e))
            code = max(code, EXIT_BAD_DATA)
            continue
        for g in games:
            if g.record is None:
                report(g.line, f"game {g.game} not imported: {g.error}")
            else:
                sys.stdout.write(json.dumps(g.record, ensure_ascii=False) + "\n")
        if not games:
            report(None, "no game in this log")
        report.close()
        imported = sum(g.record is not None for g in games)
        if games and imported < len(games):  # how much of the log came through
            sys.stderr.write(f"{path}: {imported} of {len(games)} games imported\n")
        if report.count:
            code = max(code, EXIT_BAD_DATA)
    raise typer.Exit(code)


@app.command()
def text(
    file: Annotated[
        str,
        typer.Argument(
            help="Records (one JSON document or JSON Lines) or text lines, or - for stdin."
        ),
    ] = "-",
) -> None:
    """Convert records to the one-line text form, or text lines back to records."""
    from schafkopf.record import (
        ErrorReport,
        RecordError,
        is_session_line,
        read_records,
        record_from_text,
        record_to_text,
    )

    src = _read_input(file)
    report = ErrorReport(sys.stderr, file)
    seen = 0
    if src.lstrip().startswith(("{", "[")):  # records, read as score reads them
        items: Any = read_records(src)
    else:  # text lines
        items = ((n, line.strip()) for n, line in enumerate(src.splitlines(), 1) if line.strip())
    for lineno, item in items:
        if is_session_line(item):
            continue
        seen += 1
        try:
            if isinstance(item, RecordError):
                raise item
            if isinstance(item, str):
                out = json.dumps(record_from_text(item), ensure_ascii=False)
            else:
                out = record_to_text(item)
        except RecordError as e:
            report(lineno, str(e))
            continue
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
            report(lineno, f"a malformed record ({type(e).__name__}: {e})")
            continue
        sys.stdout.write(out + "\n")
    if seen == 0:
        report(None, "no record in the input")
    report.close()
    raise typer.Exit(EXIT_BAD_DATA if report.count else EXIT_OK)


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
    from schafkopf.benchmark import figures_table, run_benchmarks

    figures = run_benchmarks(seconds=seconds)
    typer.echo(json.dumps(figures) if as_json else figures_table(figures))


@app.command("compile")
def compile_kernels() -> None:
    """Compile the search kernels (solver, playouts, PIMC) now, with progress; they are
    cached, so the first solve or bot decision is fast (make runs it during set-up)."""
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from schafkopf.search.warmup import STEPS, compile_all

    with Progress(
        TextColumn("compiling {task.description}"), BarColumn(), TimeElapsedColumn(),
        transient=True,
    ) as progress:  # fmt: skip
        task = progress.add_task("", total=len(STEPS))

        def on_step(name: str, done: int, _total: int) -> None:
            progress.update(task, description=name, completed=done)

        times = compile_all(on_step)
    for name, seconds in times:
        typer.echo(f"{name:18s} {seconds:6.1f} s")
    typer.echo(f"{'in all':18s} {sum(s for _n, s in times):6.1f} s (cached for the next runs)")


@app.command()
def arena(
    players: Annotated[
        str,
        typer.Option(
            help="Two player specs for a duplicate match (e.g. pimc:samples=50,heuristic), "
            "or one per seat."
        ),
    ] = "heuristic,random",
    deals: Annotated[int, typer.Option(help="Deals; each is played in every seating.")] = 100,
    seed: Annotated[
        int | None, typer.Option(help="Seed for deals and bots (default: random).")
    ] = None,
    rules_name: Annotated[
        str, typer.Option("--rules", help="Rules preset (standard, sauspiel, bsv) or a file.")
    ] = "standard",
    option: Annotated[
        list[str] | None, typer.Option("--set", help="Override one option, e.g. tarif.solo=5.")
    ] = None,
    workers: Annotated[
        int | None, typer.Option(help="Processes (default: all cores; 1 plays in-process).")
    ] = None,
    scheme: Annotated[
        str, typer.Option(help="Seatings per deal: full (6 per deal) or swap (2).")
    ] = "full",
    out: Annotated[Path | None, typer.Option(help="Output folder (default `arena-SEED/`).")] = None,
    quiet: Annotated[bool, typer.Option(help="No progress bar.")] = False,
    backend: Annotated[
        str, typer.Option(help="Where deals run: local (process pool) or ray (Ray tasks).")
    ] = "local",
    address: Annotated[
        str | None,
        typer.Option(help="Ray cluster to use (auto, ray://host:10001); default: start one."),
    ] = None,
    resume: Annotated[
        bool,
        typer.Option(
            help="Keep the deals an earlier run of this match finished in --out; play the rest."
        ),
    ] = False,
    streams: Annotated[
        str,
        typer.Option(
            help="The bots' random numbers: game (one stream per game) or seat (one per seat "
            "and deal, alike in every seating: less noise between players that differ little)."
        ),
    ] = "game",
) -> None:
    """Duplicate matches between computer players: statistics, records and a JSON summary."""
    import random
    from concurrent.futures.process import BrokenProcessPool

    from schafkopf.arena import ArenaError, render_summary, run_arena, split_specs

    ruleset = _rules_named(rules_name, option)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    out_dir = out if out is not None else Path(f"arena-{seed}")
    try:
        summary = run_arena(
            ruleset,
            split_specs(players),
            deals=deals,
            seed=seed,
            workers=workers,
            out_dir=out_dir,
            progress=not quiet,
            scheme=scheme,
            backend=backend,
            address=address,
            resume=resume,
            streams=streams,
        )
    except ArenaError as e:
        typer.echo(f"schafkopf: {e}", err=True)
        raise typer.Exit(2) from None
    except KeyboardInterrupt:
        typer.echo(
            f"schafkopf: interrupted; finished games are in {out_dir}/games.jsonl "
            "(--resume carries on)",
            err=True,
        )
        raise typer.Exit(130) from None
    except BrokenProcessPool:
        typer.echo(
            f"schafkopf: a worker process died (a crash in a player?); finished games are in "
            f"{out_dir}/games.jsonl; --workers 1 shows the error",
            err=True,
        )
        raise typer.Exit(1) from None
    render_summary(summary)
    typer.echo(f"games: {out_dir / 'games.jsonl'}  summary: {out_dir / 'summary.json'}")


@app.command()
def solve(
    file: Annotated[str, typer.Argument(help="A record (JSON) in card play, or - for stdin.")],
    threshold: Annotated[
        int | None,
        typer.Option(help="Only answer whether the declarer side reaches this many points."),
    ] = None,
) -> None:
    """Solve a position with all hands open: the declarer side's card points under perfect play."""
    from schafkopf.cards import card_token
    from schafkopf.record import RecordError, is_session_line, read_records, record_to_game
    from schafkopf.rules import Kind
    from schafkopf.search import solver

    records = [r for _line, r in read_records(_read_input(file)) if not is_session_line(r)]
    try:
        if len(records) != 1:
            raise RecordError(f"expected one record, found {len(records)}")
        if isinstance(records[0], RecordError):
            raise records[0]
        game = record_to_game(records[0])
        if threshold is not None:
            out: dict[str, Any] = {
                "reaches": solver.reaches(game, threshold),
                "threshold": threshold,
            }
        else:
            sol = solver.solve(game)
            moves = {card_token(c): v for c, v in sol.moves.items()}
            # who is to move, and which card is best for that seat's side (the declarers
            # want the most points, the defenders the fewest)
            declaring = game.to_move in game.declarers
            pick = max if declaring else min
            best = pick(moves, key=lambda k: moves[k]) if moves else None
            if game.contract is not None and game.contract.kind is Kind.BETTEL:
                best = None  # a Bettel is won by tricks, not the points these values count
            out = {
                "declarer_points": sol.declarer_points,
                "moves": moves,
                "to_move": game.to_move,
                "side": "declarers" if declaring else "defenders",
                "best": best,
            }
    except (RecordError, ValueError) as e:
        typer.echo(f"{file}: {e}", err=True)
        raise typer.Exit(EXIT_BAD_DATA) from None
    typer.echo(json.dumps(out))


@app.command()
def analyze(
    file: Annotated[
        str,
        typer.Argument(
            help="Records: a file of records or JSON Lines (server games, arena games.jsonl, "
            "NetSchafkopf imports, a terminal session file), or - for stdin."
        ),
    ],
    seat: Annotated[
        list[int] | None,
        typer.Option(help="Judge only this seat's decisions, 0 to 3 as in records (repeatable)."),
    ] = None,
    worlds: Annotated[
        int, typer.Option(min=1, max=1000, help="Worlds per card or doubling decision.")
    ] = 32,
    bid_worlds: Annotated[
        int, typer.Option(min=1, max=1000, help="Worlds per bidding decision and for luck.")
    ] = 16,
    seed: Annotated[int, typer.Option(help="Seed of the sampled worlds.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per game.")] = False,
    html: Annotated[
        Path | None, typer.Option(help="Also write a self-contained HTML report here.")
    ] = None,
    lang: Annotated[
        str | None,
        typer.Option(help="Language of the summary: en or de (default: the locale's, else en)."),
    ] = None,
    quiet: Annotated[bool, typer.Option(help="No progress bar.")] = False,
) -> None:
    """Judge every decision of played games: what each cost, what was best instead, and each
    seat's accuracy and luck."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from schafkopf.analysis import analyze as judge_game
    from schafkopf.analysis.summary import render
    from schafkopf.record import ErrorReport, RecordError, record_to_game
    from schafkopf.stats import records_in
    from schafkopf.tui.error_texts import message
    from schafkopf.tui.texts import lang as texts_of

    lang = _language(lang, "en")
    for bad in (s for s in seat or () if not 0 <= s <= 3):  # seats count from 0, as in records
        typer.echo(f"schafkopf: {message('seat_range', lang, low=0, high=3, seat=bad)}", err=True)
        raise typer.Exit(EXIT_CANNOT_READ)
    words = texts_of(lang)
    report = ErrorReport(sys.stderr, file)
    games: list[tuple[int, dict[str, Any], Any]] = []
    # (a session file's header is passed over)
    for line, item in records_in(_read_input(file, lang)):
        if isinstance(item, RecordError):
            report(line, str(item))
            continue
        try:
            game = record_to_game(item)
        except RecordError as e:
            report(line, str(e))
            continue
        games.append((line, item, game))
    if not games and not report.count:
        report(None, message("no_record_here", lang))
    analyses = []
    console = Console(stderr=True)
    with Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
        console=console, transient=True, disable=quiet,
    ) as bar:  # fmt: skip
        for k, (line, item, game) in enumerate(games, 1):
            task = bar.add_task(
                f"{'Spiel' if lang == 'de' else 'game'} {k}/{len(games)}", total=None
            )

            def step(done: int, total: int, task: Any = task) -> None:
                bar.update(task, completed=done, total=total)

            try:
                result = judge_game(
                    item, seats=seat, worlds=worlds, bid_worlds=bid_worlds, seed=seed,
                    progress=step,
                )  # fmt: skip
            except ValueError as e:
                report(line, str(e))
                continue
            bar.remove_task(task)
            analyses.append((line, item, result))
            if as_json:
                typer.echo(json.dumps(result.to_json(), ensure_ascii=False))
            else:
                contract = words.contract_name(game.contract) if game.contract else "–"
                title = f"{k} ({file}:{line}) · {contract}"
                typer.echo(render(result, title, lang) + "\n")
    if html is not None and analyses:
        from schafkopf.analysis.html import write_report

        write_report(html, [(item, result) for _line, item, result in analyses], lang)
        typer.echo(f"report: {html}", err=True)
    report.close()
    raise typer.Exit(EXIT_BAD_DATA if report.count else EXIT_OK)


@app.command()
def stats(
    files: Annotated[
        list[str],
        typer.Argument(
            help="Records: files of records, JSON Lines or text-form lines (server games, "
            "arena games.jsonl, NetSchafkopf imports, terminal session files), or - for stdin."
        ),
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object (README: Statistics).")
    ] = False,
    html: Annotated[
        Path | None, typer.Option(help="Also write a self-contained HTML report with charts.")
    ] = None,
    lang: Annotated[
        str | None,
        typer.Option(
            help="Language of the table and report: en or de (default: the locale's, else en)."
        ),
    ] = None,
) -> None:
    """Statistics per player over played games: games, declared share and wins by contract,
    money per game, Kontra said and won, Schneider and Schwarz, Ramsch and all-pass games."""
    from schafkopf.record import MAX_ERROR_LINES, ErrorReport, RecordError
    from schafkopf.stats import StatsCollector, records_in
    from schafkopf.stats.text import render
    from schafkopf.tui.error_texts import message

    lang = _language(lang, "en")
    texts = [(file, _read_input(file, lang)) for file in files]  # all read before any output
    collector = StatsCollector()
    errors = shown = 0
    for file, text in texts:  # at most MAX_ERROR_LINES error lines over all the files
        report = ErrorReport(sys.stderr, file, most=max(0, MAX_ERROR_LINES - shown))
        counted = 0
        for line, item in records_in(text):
            try:
                if isinstance(item, RecordError):
                    raise item
                collector.add_record(item)
            except RecordError as e:
                report(line, str(e))
                continue
            except (ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
                report(line, f"a malformed record ({type(e).__name__}: {e})")
                continue
            counted += 1
        if not counted and not report.count:
            report(None, message("no_record_here", lang))
        report.close()
        shown += min(report.count, report.most)
        errors += report.count
    figures = collector.stats
    if as_json:
        typer.echo(json.dumps(figures.to_json(), ensure_ascii=False))
    else:
        typer.echo(render(figures, lang))
    if html is not None:
        from schafkopf.stats.html import write_report

        try:
            write_report(html, figures, lang)
        except OSError as e:
            why = e.strerror or str(e)
            typer.echo(message("cannot_write_file", lang, name=html, why=why), err=True)
            raise typer.Exit(EXIT_CANNOT_READ) from None
        typer.echo(f"report: {html}", err=True)
    raise typer.Exit(EXIT_BAD_DATA if errors else EXIT_OK)


@app.command()
def advise(
    hand: Annotated[
        list[str], typer.Argument(help="The hand's cards: tokens (EO GU HA ...) or names.")
    ],
    rules_name: Annotated[
        str, typer.Option("--rules", help="Rules preset (standard, sauspiel, bsv) or a file.")
    ] = "standard",
    option: Annotated[
        list[str] | None, typer.Option("--set", help="Override one option, e.g. tarif.solo=5.")
    ] = None,
    seat: Annotated[
        int, typer.Option(help="The hand's place in the bidding: 1 Vorhand ... 4 the dealer.")
    ] = 1,
    worlds: Annotated[int, typer.Option(min=1, max=1000, help="Deals of the other cards.")] = 32,
    seed: Annotated[int, typer.Option(help="Seed of the deals.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="The figures as JSON.")] = False,
    lang: Annotated[
        str | None, typer.Option(help="Language: en or de (default: the locale's, else en).")
    ] = None,
) -> None:
    """What a hand may play before the bidding: each contract's chance to win, chance of
    Schneider and expected payout, and what to bid."""
    from schafkopf.analysis.advice import AdviceError
    from schafkopf.analysis.advice import advise as advice_for
    from schafkopf.rules import Contract
    from schafkopf.tui.error_texts import error_text, message
    from schafkopf.tui.texts import lang as texts_of

    lang = _language(lang, "en")
    ruleset = _rules_named(rules_name, option, lang)
    if not 1 <= seat <= ruleset.players:
        said = message("seat_range", lang, low=1, high=ruleset.players, seat=seat)
        typer.echo(f"schafkopf: {said}", err=True)
        raise typer.Exit(EXIT_CANNOT_READ)
    try:
        advice = advice_for(hand, ruleset, position=seat, worlds=worlds, seed=seed)
    except AdviceError as e:  # the hand or the seat on the command line
        typer.echo(f"schafkopf: {error_text(e, lang)}", err=True)
        raise typer.Exit(EXIT_CANNOT_READ) from None
    if as_json:
        typer.echo(json.dumps(advice.to_json()))
        return
    words = texts_of(lang)
    de = lang == "de"
    unit = "ct" if advice.unit == "ct" else ("P." if de else "pts")

    def money(x: float) -> str:
        number = f"{x:+.2f}".replace("-", "−")
        return f"{number.replace('.', ',') if de else number} {unit}"

    head = ("Spiel", "gewinnt", "Schneider", "Erwartung") if de else (
        "contract", "win", "Schneider", "expected")  # fmt: skip
    names = [words.contract_name(Contract(c.kind, 0, c.suit, c.tout)) for c in advice.contracts]
    passing = "weiter (passen)" if de else "weiter (pass)"
    playing = "spiel (die anderen reizen mit)" if de else "spiel (the others bid on)"
    width = max(len(x) for x in [head[0], *names, passing, playing])
    typer.echo(f"{head[0]:{width}s} {head[1]:>8s} {head[2]:>10s} {head[3]:>14s}")
    for c, name in zip(advice.contracts, names, strict=True):
        schneider = "–" if c.tout or c.kind.name == "BETTEL" else f"{c.schneider:.0%}"
        typer.echo(f"{name:{width}s} {c.win:8.0%} {schneider:>10s} {money(c.expected):>14s}")
    typer.echo(f"{passing:{width}s} {'':8s} {'':>10s} {money(advice.passing):>14s}")
    if advice.playing is not None:
        typer.echo(f"{playing:{width}s} {'':8s} {'':>10s} {money(advice.playing):>14s}")
    best = next((c for c in advice.contracts if c.action == advice.bid), None)
    if best is None:
        typer.echo("Rat: weiter" if de else "Advice: pass (weiter)")
    else:
        name = words.contract_name(Contract(best.kind, 0, best.suit, best.tout))
        typer.echo(f"Rat: spiel, dann {name}" if de else f"Advice: spiel, then {name}")


GZIP_MAGIC: Final = b"\x1f\x8b"
"""The first two bytes of a gzip file."""
MAX_UNPACKED: Final = 1 << 30
"""The most a gzipped input may unpack to (1 GiB: a million games), so that a gzip bomb is
bad data, not a memory error."""

EXIT_OK: Final = 0
"""Every command: all went well."""
EXIT_BAD_DATA: Final = 1
"""Every reading command: some input is not a valid record, log or game (each is named)."""
EXIT_CANNOT_READ: Final = 2
"""Every command: an input cannot be read (missing, unreadable), or the command line is
wrong (as typer reports usage errors)."""


def _read_input(path: str, lang: str = "en") -> str:
    """The text of a file, or of standard input for ``-``, gzipped or not (the arena's
    ``games.jsonl.gz``); exits 2 when it cannot be read, 1 when it is not UTF-8 text or a
    broken gzip file (bad data, not a record), saying so in ``lang``."""
    from schafkopf.tui.error_texts import message

    name = message("stdin", lang) if path == "-" else path
    try:
        data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as e:
        typer.echo(message("input_cannot_read", lang, name=name, why=e.strerror or e), err=True)
        raise typer.Exit(EXIT_CANNOT_READ) from None
    if data[:2] == GZIP_MAGIC:
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(data)) as packed:
                data = packed.read(MAX_UNPACKED + 1)
        except (OSError, EOFError, zlib.error) as e:
            typer.echo(message("broken_gzip", lang, name=name, detail=e), err=True)
            raise typer.Exit(EXIT_BAD_DATA) from None
        if len(data) > MAX_UNPACKED:
            typer.echo(message("too_big", lang, name=name, mib=MAX_UNPACKED >> 20), err=True)
            raise typer.Exit(EXIT_BAD_DATA)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        typer.echo(message("input_not_utf8", lang, name=name, byte=e.start), err=True)
        raise typer.Exit(EXIT_BAD_DATA) from None


def _language(value: str | None, fallback: str) -> str:
    """The language a command speaks: ``--lang`` where given, else the locale's (``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``: ``de_*`` German, any other set locale English), else the
    command's own ``fallback`` (no locale, or C/POSIX). An unknown ``--lang`` exits 2."""
    from schafkopf.tui.texts import LANGS, locale_language

    if value is None:
        return locale_language(fallback)
    code = value.strip().lower()
    if code not in LANGS:
        typer.echo(f"schafkopf: unknown --lang {value!r}: one of {', '.join(LANGS)}", err=True)
        raise typer.Exit(EXIT_CANNOT_READ)
    return code


def main() -> None:
    """Entry point of the ``schafkopf`` command."""
    app()
