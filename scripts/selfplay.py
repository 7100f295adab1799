"""Self-play games for fitting the bots' models: every doubling decision with what the seat
saw, and how the game ended.

Four copies of one PIMC player (``--spec``) play ``--deals`` arena deals (``--seed``, rules
``--rules``). At each seat's first chance to say Kontra, or Re after a Kontra, the row holds the
seat's features for :mod:`schafkopf.players.doubling` (with the sampled chance of the declarer
side), and once the game is over whether the declarer side won and what the seat's payout was
before any doubling (what a doubling would have doubled). Each game's record goes to
``games.jsonl`` too. The run is resumable: deals already in ``--out`` are skipped. The deals
run on a process pool of ``--workers``, or with ``--backend ray`` as Ray tasks on the cluster
at ``--address`` (or a local Ray of ``--workers`` CPUs), as the arena's do.

    python scripts/selfplay.py --deals 1500 --seed 21 --out selfplay-21 --workers 2
    python scripts/selfplay.py --deals 9000 --seed 22 --out sp-22 --backend ray --address auto
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from schafkopf import arena_ray
from schafkopf.arena import deal_game
from schafkopf.game import View
from schafkopf.players.base import play_game
from schafkopf.players.doubling import features
from schafkopf.players.pimc import PimcPlayer
from schafkopf.players.registry import parse_spec
from schafkopf.record import game_to_record
from schafkopf.rules import Ruleset

SPEC = "pimc:samples=20,seconds=0.5,inference=true,doubling_worlds=24"
"""Today's strongest page bot, with 24 worlds for each doubling decision."""


class _Recording(PimcPlayer):
    """A PIMC player that notes each doubling decision's inputs."""

    rows: list[dict[str, Any]]

    def doubling_chance(self, view: View, rng: random.Random) -> float | None:
        p = super().doubling_chance(view, rng)
        if p is not None:
            self.rows.append(
                {
                    "seat": view.seat,
                    "level": len(view.doublings),
                    "sampled": round(p, 4),
                    "x": [round(v, 4) for v in features(view, p)],
                }
            )
        return p


def _play(job: tuple[str, int, int, str]) -> tuple[int, list[dict[str, Any]], str]:
    """Play deal ``deal``: its doubling rows and its record line."""
    rules_text, seed, deal, spec = job
    rules = Ruleset.from_json(json.loads(rules_text))
    _kind, options = parse_spec(spec)
    players = [_Recording(name=f"self{s}", **options) for s in range(rules.players)]
    rows: list[dict[str, Any]] = []
    for p in players:
        p.rows = rows
    game = deal_game(rules, seed, deal)
    play_game(game, players, random.Random(f"selfplay/{seed}/{deal}"))
    result = game.result()
    c = result.contract
    doubled = 2 ** len(game.doublings)
    for row in rows:
        row["deal"] = deal
        row["contract"] = None if c is None else c.kind.value + (" tout" if c.tout else "")
        row["won"] = bool(result.won)
        row["base"] = abs(result.payouts[row["seat"]]) / doubled
        row["said"] = [s for s, _at in game.doublings]
    names = [p.name for p in players]
    record = game_to_record(game, names, {"selfplay": {"seed": seed, "deal": deal, "spec": spec}})
    return deal, rows, json.dumps(record, ensure_ascii=False)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--rules", default="sauspiel")
    ap.add_argument("--spec", default=SPEC)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, default=Path("selfplay"))
    ap.add_argument("--backend", choices=("local", "ray"), default="local")
    ap.add_argument("--address", default=None, help="Ray cluster (auto, ray://host:10001)")
    args = ap.parse_args()
    kind, _options = parse_spec(args.spec)
    if kind != "pimc":
        sys.exit("selfplay: --spec must be a pimc player")
    args.out.mkdir(parents=True, exist_ok=True)
    rows_path, games_path = args.out / "doubling.jsonl", args.out / "games.jsonl"
    done: set[int] = set()
    if games_path.exists():
        for line in games_path.read_text(encoding="utf-8").splitlines():
            done.add(json.loads(line)["selfplay"]["deal"])
    rules_text = json.dumps(Ruleset.preset(args.rules).to_json())
    jobs = [(rules_text, args.seed, d, args.spec) for d in range(args.deals) if d not in done]
    start = time.perf_counter()
    with (
        ExitStack() as stack,
        rows_path.open("a", encoding="utf-8") as rows_file,
        games_path.open("a", encoding="utf-8") as games_file,
    ):
        played: Iterator[tuple[int, list[dict[str, Any]], str]]
        if args.backend == "ray":
            stack.enter_context(arena_ray.connected(args.address, args.workers))
            played = arena_ray.run_tasks(_play, jobs)
        else:
            played = stack.enter_context(Pool(args.workers)).imap_unordered(_play, jobs)
        for i, (_deal, rows, line) in enumerate(played, 1):
            for row in rows:
                rows_file.write(json.dumps(row) + "\n")
            games_file.write(line + "\n")
            rows_file.flush()
            games_file.flush()
            elapsed = time.perf_counter() - start
            print(
                f"\r{len(done) + i}/{args.deals} deals, {elapsed:.0f} s",
                end="",
                file=sys.stderr,
                flush=True,
            )
    print(file=sys.stderr)


if __name__ == "__main__":
    main()
