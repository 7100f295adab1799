"""How much could better play earn at most? A player that sees every card, in the arena.

    python bench/oracle_bound.py --sees all --against heuristic --deals 1000 --seed 54 \\
        --out runs/oracle-all-54

The oracle is level 5 (PIMC) whose sampled worlds are the one true deal: it plays each card
that is best with every hand open (the double-dummy solver), and with ``--sees all`` it also
bids the contract that pays it the most open-handed (of every contract its hand may name) when
it wins one, and says Kontra (Re) exactly when the declarers lose (win) open-handed. With ``--sees cards`` it bids and doubles as level 5 does and sees the
cards only in its card play: what the best card play could add to level 5's bids and Kontras.

It cheats, so it is no player of the registry: this script registers it for its own arena
match (the deals of ``--seed``, which it looks up by its hand). Open-handed play is not the
best answer to a given opponent, but no fair player comes near it: its margin over a player
bounds what better card play (``cards``) or better play in all (``all``) could earn against it.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from schafkopf.actions import NAME_BASE, NAMES
from schafkopf.arena import ArenaError, deal_game, render_summary, run_arena
from schafkopf.cards import Card
from schafkopf.errors import IllegalActionError
from schafkopf.game import Game, View
from schafkopf.players.heuristic import dealt_hand
from schafkopf.players.levels import ladder_spec
from schafkopf.players.pimc import PimcPlayer, _Candidate, _declared
from schafkopf.players.registry import PlayerSpecError, parse_spec, register
from schafkopf.rules import Kind, Ruleset
from schafkopf.search.solver import declarer_tricks_reach, move_brackets
from schafkopf.search.stakes import bracket_stakes, payout_thresholds, seat_money, tricks_stake

SEES = ("all", "cards")


class Oracle(PimcPlayer):
    """Level 5 whose worlds are the true deal of arena ``seed`` (found by the seat's hand).

    ``sees="all"``: bids, doublings and cards from the true deal; ``"cards"``: the cards
    only (bids and doublings as level 5)."""

    def __init__(self, name: str = "Oracle", seed: int = 0, deals: int = 0, sees: str = "all",
                 rules: str = "sauspiel") -> None:  # fmt: skip
        if sees not in SEES:
            raise ValueError(f"sees must be one of {', '.join(SEES)}, got {sees!r}")
        level5 = parse_spec(ladder_spec(5) or "")[1]
        if sees == "all":  # one world: a chance of 0 or 1, the bars just split them
            level5 |= {"bidding": "worlds", "doubling": "worlds",
                       "doubling_worlds": 1, "kontra_bar": 0.5, "re_bar": 0.5}  # fmt: skip
        level5 |= {"samples": 1, "seconds": None}
        super().__init__(name=name, **level5)
        self.seed, self.deals, self.sees, self.rules_name = seed, deals, sees, rules
        self._index: dict[tuple[int, int, int], list[Sequence[Sequence[Card]]]] | None = None
        self._in_play = False

    def _true_deal(self, view: View) -> Sequence[Sequence[Card]]:
        """The hands at the deal, looked up by the dealer, the seat and its dealt hand; of the
        deals that share those (one pair in about twenty runs of 1,000 deals), the first on
        which the view's history can be played (in the bidding: the first)."""
        if self._index is None:
            rules = Ruleset.of(self.rules_name)
            self._index = {}
            for d in range(self.deals):
                g = deal_game(rules, self.seed, d)
                for s, hand in enumerate(g.deal):
                    key = (g.dealer, s, sum(1 << c for c in hand))
                    self._index.setdefault(key, []).append(g.deal)
        found = self._index.get((view.dealer, view.seat, dealt_hand(view)), [])
        for deal in found:
            if len(found) == 1 or self._replayed(view, deal) is not None:
                return deal
        raise LookupError(f"seat {view.seat}'s hand is in none of the {self.deals} deals")

    @staticmethod
    def _replayed(view: View, deal: Sequence[Sequence[Card]]) -> Game | None:
        """The game on ``deal`` with the view's history played, or None where it cannot be."""
        g = Game(view.rules, dealer=view.dealer, hands=deal)
        try:
            g.replay(view.history)
        except IllegalActionError:
            return None
        return g

    def worlds(self, view: View, rng: random.Random, count: int) -> list[tuple[Game, float]]:
        if self.sees == "cards" and not self._in_play:
            return super().worlds(view, rng, count)
        g = self._replayed(view, self._true_deal(view))
        assert g is not None
        return [(g, 1.0)]

    def _play(self, view: View, cards: list[Card], rng: random.Random) -> Card:
        self._in_play = True
        try:
            return super()._play(view, cards, rng)
        finally:
            self._in_play = False

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
        deal = [list(hand) for hand in self._true_deal(view)]
        thresholds = payout_thresholds(view.rules)
        plans: list[_Candidate] = []
        for i, (kind, _suit, tout) in enumerate(NAMES):
            if kind is Kind.RAMSCH or not view.rules.allows(kind, tout):
                continue
            try:
                g = _declared(view, deal, NAME_BASE + i)
            except IllegalActionError:
                continue  # the hand may not name it (the called Sau, Sie)
            c = g.contract
            assert c is not None
            if kind is Kind.BETTEL or tout:
                whole = view.rules.hand_size
                won = not declarer_tricks_reach(g, 1) if kind is Kind.BETTEL else (
                    declarer_tricks_reach(g, whole))  # fmt: skip
                stake = tricks_stake(g, c, won)
            else:
                brackets = move_brackets(g, thresholds).values()
                mover_declares = g.to_move in g.declarers
                k = max(brackets) if mover_declares else min(brackets)
                stake = bracket_stakes(g, c, thresholds)[k]
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
    args = parser.parse_args()
    register("oracle", __name__ if __name__ != "__main__" else "oracle_bound", "Oracle")
    sys.modules.setdefault("oracle_bound", sys.modules[__name__])
    oracle = f"oracle:seed={args.seed},deals={args.deals},sees={args.sees},rules={args.rules}"
    try:
        result = run_arena(args.rules, [oracle, args.against], deals=args.deals,
                           seed=args.seed, workers=args.workers, scheme="swap",
                           out_dir=args.out)  # fmt: skip
    except (ArenaError, PlayerSpecError) as e:
        sys.exit(f"oracle_bound: {e}")
    render_summary(result)


if __name__ == "__main__":
    main()
