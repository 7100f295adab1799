"""Golden results for the page's result panel (web/src/ui/Result.tsx): one finished game of each
kind of settlement, exactly as the server sends it in a ``game_over`` event's ``result``.

Each game is played at a real :class:`~schafkopf.server.table.Table` (the server's own table:
its session deals, its engine scores, its ``result_json`` builds the message with the
:func:`~schafkopf.scoring.breakdown`), by bots on every seat. Seeds are searched in order
from 0, so the same seeds are found and the file comes out byte for byte the same each run:

- a Sauspiel with a knock, Kontra and Re (``sauspiel`` preset, cents), rule-based bots;
- a Solo won Schneider with Laufende (``standard`` preset, points), rule-based bots;
- Ramsch with a Jungfrau (``standard``, all pass plays Ramsch), everybody passes, then
  rule-based card play;
- Ramsch Durchmarsch (the same rules): everybody passes; the seat with the strongest trumps
  plays its highest card, the others their lowest, until a deal is found that it takes
  every trick of;
- all pass with a redeal (``standard``), and with the Stock (``sauspiel`` with ``stock``), and
  the Sauspiel after it that settles the Stock.

    .venv/bin/python scripts/make_result_fixtures.py            # writes the file
    .venv/bin/python scripts/make_result_fixtures.py --check    # exit 1 when it differs
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from schafkopf.actions import DOUBLE, WEITER, Action
from schafkopf.cards import iter_bits
from schafkopf.game import BIDDING, PLAY, Game, View
from schafkopf.players.base import Player, doubling_order
from schafkopf.players.heuristic import HeuristicPlayer
from schafkopf.rules import Kind, Ruleset, play_tables
from schafkopf.scoring import tariff_unit
from schafkopf.server.table import Table, TableConfig

ROOT: Final = Path(__file__).resolve().parents[1]
OUT: Final = ROOT / "web" / "src" / "fixtures" / "results.json"
NAMES: Final = ("Anna", "Sepp", "Resi", "Hias")
"""The seats' names: distinct, and none a part of another or of a word of the panel."""
MAX_SEEDS: Final = 2000
GAMES_PER_TABLE: Final = 4

Result = dict[str, Any]
"""A finished game's result as the server sends it (:meth:`Table.result_json`)."""


class Passing:
    """Passes in the interest round (so that everybody passes); otherwise the rule-based bot."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.bot = HeuristicPlayer(name)

    def choose(self, view: View, rng: random.Random) -> Action:
        if view.phase == BIDDING and WEITER in view.legal:
            return WEITER
        return self.bot.choose(view, rng)

    def wants_to_double(self, view: View, rng: random.Random) -> bool:
        return self.bot.wants_to_double(view, rng)


class Marching(Passing):
    """Passes; in play the ``runner`` seat plays its highest card, every other its lowest."""

    def __init__(self, name: str, runner: bool) -> None:
        super().__init__(name)
        self.runner = runner

    def choose(self, view: View, rng: random.Random) -> Action:
        if view.phase != PLAY or view.contract is None:
            return super().choose(view, rng)
        power = play_tables(view.contract.kind, view.contract.suit, view.rules.short).power
        cards = [a for a in view.legal if a < 32]
        if not cards:
            return super().choose(view, rng)
        pick = max if self.runner else min
        return pick(cards, key=lambda c: power[c])


def ramsch_strength(game: Game, seat: int) -> int:
    """The sum of the Ramsch trump powers ``seat`` was dealt (who should march through)."""
    t = play_tables(Kind.RAMSCH, None, game.rules.short)
    return sum(t.power[c] for c in iter_bits(game.dealt[seat] & t.trump_mask))


Seating = Callable[[Game], Sequence[Player]]


def heuristic(game: Game) -> Sequence[Player]:
    return [HeuristicPlayer(n) for n in NAMES[: game.rules.players]]


def passing(game: Game) -> Sequence[Player]:
    return [Passing(n) for n in NAMES[: game.rules.players]]


def marching(game: Game) -> Sequence[Player]:
    n = game.rules.players
    runner = max(range(n), key=lambda s: (ramsch_strength(game, s), -s))
    return [Marching(NAMES[s], s == runner) for s in range(n)]


@dataclass(frozen=True)
class Case:
    """A fixture to find: its rules, who plays, and what its result must show."""

    label: str
    preset: str
    overrides: dict[str, Any]
    seating: Seating
    wanted: Callable[[Result], bool]


def _doubled(r: Result) -> bool:
    b = r["breakdown"]
    return b["settlement"] == "rufspiel" and len(b["doublings"]) >= 2 and len(b["knocks"]) >= 1


def _schneider_laufende(r: Result) -> bool:
    b = r["breakdown"]
    return (
        b["settlement"] == "solo"
        and r["contract"]["kind"] == "solo"
        and b["won"] is True
        and b["schneider"]["counted"]
        and not b["schwarz"]["reached"]
        and b["laufende"]["counted"] >= 3
    )


def _jungfrau(r: Result) -> bool:
    b = r["breakdown"]
    return b["settlement"] == "ramsch" and len(b["jungfrauen"]) == 1 and len(b["tied"]) == 1


def _durchmarsch(r: Result) -> bool:
    return bool(r["breakdown"]["settlement"] == "durchmarsch")


def _all_pass(r: Result) -> bool:
    return bool(r["breakdown"]["settlement"] == "all_pass")


def _stock_taken(r: Result) -> bool:
    b = r["breakdown"]
    return bool(b["settlement"] == "rufspiel" and b.get("stock", {}).get("change", 0) != 0)


RAMSCH: Final = {"all_pass": "ramsch"}
STOCK: Final = {"stock": True}

CASES: Final = (
    Case("sauspiel_klopfen_kontra_re", "sauspiel", {}, heuristic, _doubled),
    Case("solo_schneider_laufende", "standard", {}, heuristic, _schneider_laufende),
    Case("ramsch_jungfrau", "standard", RAMSCH, passing, _jungfrau),
    Case("ramsch_durchmarsch", "standard", RAMSCH, marching, _durchmarsch),
    Case("all_pass_redeal", "standard", {}, passing, _all_pass),
    Case("all_pass_stock", "sauspiel", STOCK, passing, _all_pass),
    Case("sauspiel_takes_stock", "sauspiel", STOCK, heuristic, _stock_taken),
)


@dataclass(frozen=True)
class Found:
    """A fixture found: its case, the table's seed, the game's number, the table and the
    server's result message."""

    case: Case
    seed: int
    game: int
    table: Table
    result: Result

    @property
    def rules(self) -> Ruleset:
        return self.table.rules

    def fixture(self) -> dict[str, Any]:
        return {
            "label": self.case.label,
            "unit": tariff_unit(self.rules),
            "names": list(self.table.names),
            "result": self.result,
        }


def play_table(case: Case, seed: int) -> Found | None:
    """Play a table of ``case`` with ``seed`` game by game (as the server's bots would: every
    seat that may double is asked before each move); the first game ``case`` wants."""
    config = TableConfig.build(
        preset=case.preset, overrides=case.overrides, games=GAMES_PER_TABLE,
        seats=["heuristic"] * len(NAMES), seed=seed, allow_bot_tables=True,
    )  # fmt: skip
    table = Table("fixtures", config, names=NAMES)
    rng = random.Random(seed)
    while table.game is not None:
        game = table.game
        players = case.seating(game)
        while not game.is_over():
            mover = game.to_move
            assert mover is not None
            for s in doubling_order(game):
                if players[s].wants_to_double(game.view(s), rng):
                    table.apply(s, table.parse(s, DOUBLE))
            action = players[mover].choose(game.view(mover), rng)
            table.apply(mover, table.parse(mover, action))
        over = [e for e in table.events if e.kind == "game_over"][-1]
        result: Result = over.public["result"]
        if case.wanted(result):
            return Found(case, seed, over.game, table, result)
    return None


def find(case: Case) -> Found:
    """The first seed whose table plays a game ``case`` wants."""
    for seed in range(MAX_SEEDS):
        found = play_table(case, seed)
        if found is not None:
            return found
    raise SystemExit(f"no game for {case.label} in {MAX_SEEDS} seeds")


def build() -> list[Found]:
    """Every case's fixture, in the order of :data:`CASES`."""
    return [find(case) for case in CASES]


def render(found: Sequence[Found]) -> str:
    """The fixtures file's text: sorted keys, so the same games give the same bytes."""
    fixtures = [f.fixture() for f in found]
    return json.dumps(fixtures, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="only compare with the file")
    args = parser.parse_args(argv)
    found = build()
    text = render(found)
    for f in found:
        print(f"{f.case.label}: seed {f.seed}, game {f.game}")
    if args.check:
        same = OUT.is_file() and OUT.read_text(encoding="utf-8") == text
        print("up to date" if same else f"{OUT} differs: run without --check")
        return 0 if same else 1
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
