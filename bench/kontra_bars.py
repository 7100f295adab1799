"""What a stricter Kontra bar would have earned on the deals of a doubling match.

Reads a folder of ``bench/kontra_gain.py --player`` (a player with ``doubling=model`` against
itself without doubling, sauspiel's Kontra before the first card) and, for every deal in which
a Kontra was said, asks each defending seat of the doubling player for its calibrated chance
(the same question from the same seat stream as in the match). A stricter bar only takes
Kontras away: at bar ``b`` the first seat in the asking order whose chance is at most ``b``
says it. Where that is the seat that said it in the match, the deal's games stand; where no
seat says it, the deal scores zero; where another seat would say it, that deal is played out
with the new bar. Prints, for each bar, the duplicate difference over all the match's deals
with its bootstrap interval, the Kontras said and their win rate.

    python bench/kontra_bars.py runs/kg-81 --deals 2968 --bars 0.53,0.50,0.47,0.45,0.42,0.40

The figures are in-sample for the match's seed: choose a bar here, then measure it afresh with
another seed (``bench/kontra_gain.py --player "<spec>,model_kontra_bar=<b>" --seed <other>``).
"""

from __future__ import annotations

import argparse
import json
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from schafkopf.actions import DOUBLE
from schafkopf.arena import (
    GameFacts,
    MatchJob,
    _labels,
    deal_game,
    finished_deals,
    play_deal,
    seated_players,
    seatings,
)
from schafkopf.doubling_match import summarize_match
from schafkopf.game import PLAY
from schafkopf.players.base import doubling_order
from schafkopf.players.doubling import default_model
from schafkopf.rules import Ruleset

Chances = list[tuple[int, float]]
"""(seat, calibrated declarers' chance) of the doubling player's defending seats, in the order
they are asked before the first card."""


def chances(job: MatchJob, deal: int) -> list[Chances]:
    """Per seating, the doubling player's defenders' chances at the first card."""
    rules = Ruleset.from_json(job.rules)
    assert rules.kontra_deadline == "before_first_card", "sauspiel's Kontra deadline only"
    out = []
    for seating in job.seatings:
        game = deal_game(rules, job.seed, deal)
        players = seated_players(job, deal, seating)
        while game.phase != PLAY and not game.is_over():
            mover = game.to_move
            assert mover is not None
            game.apply(players[mover].choose(game.view(mover), random.Random(0)), mover)
        said: Chances = []
        if not game.is_over():
            mover = game.to_move
            assert mover is not None
            for s in [*doubling_order(game), mover]:
                if seating[s] != 0 or DOUBLE not in game.legal_actions(s):
                    continue
                view = game.view(s)
                stream = players[s]
                sampled = stream.player.doubling_chance(view, stream.doubling_rng)  # type: ignore[attr-defined]
                if sampled is not None:
                    said.append((s, default_model().chance(view, sampled)))
        out.append(said)
    return out


def _chances_of(args: tuple[MatchJob, int]) -> tuple[int, list[Chances]]:
    job, deal = args
    return deal, chances(job, deal)


def _play_with_bar(args: tuple[MatchJob, int]) -> tuple[int, list[GameFacts]]:
    job, deal = args
    return deal, [f for f, _line in play_deal(job, Ruleset.from_json(job.rules), deal)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("--deals", type=int, required=True, help="the first deals of the match")
    ap.add_argument("--bars", default="0.53,0.50,0.47,0.45,0.42,0.40,0.35")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    rows = (args.folder / "screen.jsonl").read_text().splitlines()
    header = json.loads(rows[0])
    screened = {json.loads(r)["deal"]: json.loads(r)["doubled"] for r in rows[1:] if r.strip()}
    rules = Ruleset.from_json(header["rules"])
    specs, seed = header["specs"], header["seed"]
    labels = _labels(specs)
    seats = seatings(rules.players, 2, "swap")
    done = finished_deals(args.folder / "games.jsonl", rules, labels, seats, seed, "seat")
    played = {d: [f for f, _line in g] for d, g in done.items() if d < args.deals}
    missing = [d for d in range(args.deals) if d not in played and screened.get(d) is not False]
    if missing:
        raise SystemExit(f"kontra_bars: deals {missing[:5]}... are neither played nor screened")
    doubled = sorted(d for d, g in played.items() if any(f.doublings for f in g))
    job = MatchJob(rules.to_json(), tuple(specs), tuple(labels), tuple(seats), seed, (), "seat")
    with ProcessPoolExecutor(args.workers) as pool:
        asked = dict(pool.map(_chances_of, [(job, d) for d in doubled]))
    wrong = 0
    for d in doubled:
        for rot, said in enumerate(asked[d]):
            first = next((s for s, p in said if p <= default_model().kontra_bar), None)
            actual = played[d][rot].doublings[0] if played[d][rot].doublings else None
            wrong += first != actual
    print(f"{args.deals} deals, {len(doubled)} with a Kontra; chances that do not give the "
          f"match's Kontras: {wrong}")  # fmt: skip
    for bar in (float(b) for b in args.bars.split(",")):
        # the match at this bar: kept deals, deals played anew, and deals where no seat says
        # Kontra any more (zero, as if screened out); summed up as the doubling match sums up
        bar_played = {d: g for d, g in played.items() if d not in asked}
        bar_screened = dict(screened)
        replay: list[int] = []
        for d in doubled:
            sayers = [next((s for s, p in said if p <= bar), None) for said in asked[d]]
            said_then = [g.doublings[0] if g.doublings else None for g in played[d]]
            if sayers == said_then:
                bar_played[d] = played[d]
            elif any(s is not None for s in sayers):
                replay.append(d)
            else:
                bar_screened[d] = False
        if replay:
            spec = f"{specs[0]},model_kontra_bar={bar}"
            barred = MatchJob(
                rules.to_json(), (spec, specs[1]), tuple(_labels([spec, specs[1]])),
                tuple(seats), seed, (), "seat",
            )  # fmt: skip
            with ProcessPoolExecutor(args.workers) as pool:
                for d, facts in pool.map(_play_with_bar, [(barred, d) for d in replay]):
                    bar_played[d] = facts
        m = summarize_match(rules, specs, seed, args.deals, bar_played, bar_screened)
        rate = "-" if m.kontra.rate is None else f"{m.kontra.rate:.1%}"
        print(
            f"bar {bar:.2f}: {m.mean:+.3f} cents a game, 95% CI [{m.ci95[0]:+.3f}, "
            f"{m.ci95[1]:+.3f}]; {m.kontra.played} Kontras, won {rate}; "
            f"{len(replay)} deals played out anew"
        )


if __name__ == "__main__":
    main()
