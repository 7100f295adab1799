"""How much could better play earn at most? A player that sees every card, in the arena.

    python bench/oracle_bound.py --sees all --against heuristic --deals 1000 --seed 54 \\
        --out runs/oracle-all-54

The oracle is level 5 that knows the true deal (the double-dummy solver, with every hand
open). It plays the card that is best open-handed; among cards equal there (a game already won
or lost open-handed leaves many) it takes level 5's own choice from its sampled worlds, so it
still plays for the others' mistakes. With ``--sees all`` it also bids the contract that pays
it the most open-handed (of every contract its hand may name) when it wins one, and says Kontra
(Re) exactly when the declarers lose (win) open-handed; with ``--sees cards`` it bids and
doubles as level 5 does: what better card play alone could add to level 5's bids and Kontras.

It cheats, so it is no player of the registry: this script registers it for its own arena
match (the deals of ``--seed``, which it looks up by its hand). Open-handed play is not the
best answer to a given opponent (it reckons with a perfect partner and never passes to let a
weak declarer lose), so its margin is no strict bound, but no fair player comes near seeing
every card: its margin over a player shows what better play could earn against it.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from schafkopf.actions import NAME_BASE, NAMES, is_card
from schafkopf.arena import ArenaError, deal_game, render_summary, run_arena
from schafkopf.cards import Card
from schafkopf.errors import IllegalActionError
from schafkopf.game import Game, View
from schafkopf.players.heuristic import dealt_hand
from schafkopf.players.levels import ladder_spec
from schafkopf.players.pimc import PimcPlayer, _Candidate, _declared, world_card_values
from schafkopf.players.registry import PlayerSpecError, parse_spec, register
from schafkopf.rules import Kind
from schafkopf.search.stakes import payout_thresholds, seat_money, tricks_stake

SEES = ("all", "cards")


class Oracle(PimcPlayer):
    """Level 5 whose worlds are the true deal of arena ``seed`` (found by the seat's hand).

    ``sees="all"``: bids, doublings and cards from the true deal; ``"cards"``: the cards
    only (bids and doublings as level 5)."""

    def __init__(
        self, name: str = "Oracle", seed: int = 0, deals: int = 0, sees: str = "all"
    ) -> None:
        if sees not in SEES:
            raise ValueError(f"sees must be one of {', '.join(SEES)}, got {sees!r}")
        level5 = parse_spec(ladder_spec(5) or "")[1]
        if sees == "all":  # one world: a chance of 0 or 1, the bars just split them
            level5 |= {"bidding": "worlds", "doubling": "worlds",
                       "doubling_worlds": 1, "kontra_bar": 0.5, "re_bar": 0.5}  # fmt: skip
        super().__init__(name=name, **level5)
        self.seed, self.deals, self.sees = seed, deals, sees
        self._index: dict[tuple[int, int, int], list[Sequence[Sequence[Card]]]] | None = None
        self._truth = False
        """Whether :meth:`worlds` gives the true deal (for a doubling question) or samples."""

    def _true_game(self, view: View) -> Game:
        """The true deal with the view's history played. The deal is looked up by the dealer,
        the seat and its dealt hand; of the deals that share those (one pair in about twenty
        runs of 1,000 deals), the first on which the history can be played (in the bidding:
        the first)."""
        if self._index is None:
            self._index = {}
            for d in range(self.deals):
                g = deal_game(view.rules, self.seed, d)
                for s, hand in enumerate(g.deal):
                    key = (g.dealer, s, sum(1 << c for c in hand))
                    self._index.setdefault(key, []).append(g.deal)
        for deal in self._index.get((view.dealer, view.seat, dealt_hand(view)), []):
            g = Game(view.rules, dealer=view.dealer, hands=deal)
            try:
                g.replay(view.history)
            except IllegalActionError:
                continue  # the same hand in another deal, told apart by the others' cards
            return g
        raise LookupError(f"seat {view.seat}'s hand is in none of the {self.deals} deals")

    def worlds(self, view: View, rng: random.Random, count: int) -> list[tuple[Game, float]]:
        if not self._truth:
            return super().worlds(view, rng, count)
        return [(self._true_game(view), 1.0)]

    def doubling_chance(self, view: View, rng: random.Random) -> float | None:
        """With ``sees="all"``: 1 or 0, whether the declarers win open-handed."""
        if self.sees == "cards":
            return super().doubling_chance(view, rng)
        self._truth = True
        try:
            return super().doubling_chance(view, rng)
        finally:
            self._truth = False

    def _play(self, view: View, cards: list[Card], rng: random.Random) -> Card:
        """The card best open-handed; among cards equal there (a game already won or lost
        open-handed leaves many), level 5's own choice from its sampled worlds, which plays
        for the others' mistakes where open-handed play would give up."""
        g = self._true_game(view)
        sign = 1.0 if view.seat in g.declarers else -1.0
        values = world_card_values(g, cards, payout_thresholds(view.rules))
        top = max(sign * v for v in values.values())
        best = [c for c in cards if sign * values[c] == top]
        return best[0] if len(best) == 1 else super()._play(view, best, rng)

    def _evaluate(self, view: View, rng: random.Random) -> list[_Candidate]:
        """With ``sees="all"``: every contract the hand may name (none left out for its trumps),
        valued by the seat's own payout with every hand open (Schneider, Schwarz, Laufende and
        Klopfen included), dearest first."""
        if self.sees == "cards":
            return super()._evaluate(view, rng)
        key = (view.dealer, view.hand.mask, view.seat)
        cached = self._plans.get(key)
        if cached is not None:
            return cached
        deal = [list(hand) for hand in self._true_game(view).deal]
        thresholds = payout_thresholds(view.rules)
        plans: list[_Candidate] = []
        for i, (kind, _suit, tout) in enumerate(NAMES):
            if kind is Kind.RAMSCH or not view.rules.allows(kind, tout):
                continue
            try:
                g = _declared(view, deal, NAME_BASE + i)
            except IllegalActionError:
                continue  # the hand may not name it (the called Sau, Sie)
            c, mover = g.contract, g.to_move
            assert c is not None and mover is not None
            cards = [a for a in g.legal_actions(mover) if is_card(a)]
            values = world_card_values(g, cards, thresholds).values()
            best = max(values) if mover in g.declarers else min(values)  # the declarers' side
            stake = tricks_stake(g, c, best > 0) if kind is Kind.BETTEL or tout else best
            value = seat_money(g, view.seat, stake)
            plans.append(_Candidate(NAME_BASE + i, kind, tout, float(stake > 0), value))
        plans.sort(key=lambda p: -p.value)
        self._plans = {key: plans}
        return plans


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sees", choices=SEES, default="all")
    parser.add_argument("--against", default="heuristic", help="the other player's spec")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=54)
    parser.add_argument("--rules", default="sauspiel")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--out", type=Path, default=None, help="folder for games and figures")
    parser.add_argument("--resume", action="store_true", help="carry on the run in --out")
    args = parser.parse_args()
    register("oracle", __name__ if __name__ != "__main__" else "oracle_bound", "Oracle")
    sys.modules.setdefault("oracle_bound", sys.modules[__name__])
    oracle = f"oracle:seed={args.seed},deals={args.deals},sees={args.sees}"
    try:
        result = run_arena(args.rules, [oracle, args.against], deals=args.deals,
                           seed=args.seed, workers=args.workers, scheme="swap",
                           out_dir=args.out, resume=args.resume)  # fmt: skip
    except (ArenaError, PlayerSpecError) as e:
        sys.exit(f"oracle_bound: {e}")
    render_summary(result)


if __name__ == "__main__":
    main()
