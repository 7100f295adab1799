"""Verdicts and accuracy: how bad a decision's loss is, and how well a seat chose overall.

The thresholds are in units of the ruleset's Rufspiel tariff ``T`` (what one opponent pays
for a plain won Sauspiel), so they mean the same in cents and in points:

- **inaccuracy**: a loss of at least 0.2 T: a little of a game's worth, about a Laufender or
  a Schneider's share at common tariffs;
- **mistake**: at least 0.5 T: half a Sauspiel's price;
- **blunder**: at least 1 T: a whole Sauspiel's price, as much as turning a won Sauspiel
  into a drawn one for a seat.

Accuracy (0 to 100) is the share of the available value a seat kept: for each decision its
spread is the best option's value minus the worst's, and accuracy is ``100 x (1 - sum of
losses / sum of spreads)`` over the seat's decisions (100 without any choice that mattered).
A seat that always took the best option scores 100, one that always took the worst 0.

A verdict needs more than a mean: the option values are means over sampled worlds, so a
loss gets a verdict only where it is clear of the sampling noise, at least 1.96 standard
errors of the world-by-world differences between the best option and the one taken (the
95% level; every option is valued on the same worlds, so these differences are exact
where all worlds agree). A loss that a few more worlds might undo is shown, not judged.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Final

from schafkopf.rules import Kind, Ruleset

VERDICTS: Final = ("inaccuracy", "mistake", "blunder")
"""The verdicts, mildest first."""
THRESHOLDS: Final = (0.2, 0.5, 1.0)
"""Each verdict's least loss, in units of the Rufspiel tariff."""


def tariff_unit_of(rules: Ruleset) -> float:
    """The unit of the thresholds: the Rufspiel tariff (the Solo tariff where it is 0)."""
    return float(rules.tarif.rufspiel or rules.base_price(Kind.SOLO) or 1)


def verdict(loss: float, rules: Ruleset) -> str | None:
    """The verdict for a loss in the game's money, or None below an inaccuracy."""
    unit = tariff_unit_of(rules)
    found = None
    for word, least in zip(VERDICTS, THRESHOLDS, strict=True):
        if loss >= least * unit - 1e-9:
            found = word
    return found


def accuracy(losses_and_spreads: Iterable[tuple[float, float]]) -> float:
    """``100 x (1 - sum of losses / sum of spreads)``, rounded to 0.1; 100 without spread."""
    lost = spread = 0.0
    for loss, s in losses_and_spreads:
        lost += loss
        spread += s
    if spread <= 1e-9:
        return 100.0
    return round(100.0 * max(0.0, 1.0 - lost / spread), 1)


SURE_Z: Final = 1.96
"""How many standard errors a loss must clear to be judged (the 95% level)."""


def significant(differences: Sequence[float]) -> bool:
    """Whether the mean of world-by-world differences (best option minus the one taken) is
    clear of the sampling noise: at least :data:`SURE_Z` standard errors above 0. One world
    tells no noise, so it judges nothing (``--worlds 1`` shows losses without verdicts)."""
    n = len(differences)
    if n < 2:
        return False
    mean = sum(differences) / n
    if mean <= 0:
        return False
    var = sum((d - mean) ** 2 for d in differences) / (n - 1)
    return mean >= SURE_Z * math.sqrt(var / n) - 1e-12
