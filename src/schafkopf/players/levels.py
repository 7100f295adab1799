"""The bot levels a server offers: an id for clients, the player spec behind it, and its
name in German and English.

Clients choose a level by id (``GET /api/options`` lists them); the server never takes a free
player spec from a client unless its operator allows it, since a spec such as
``pimc:samples=100000`` would take the bot pool for minutes per decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True)
class Level:
    """One bot level: ``id`` for clients, ``spec`` for the player registry; ``listed``: the
    page offers it (the others are the ids of earlier releases, still served)."""

    id: str
    spec: str
    de: str
    en: str
    listed: bool = True

    @property
    def key(self) -> str:
        """The level's name in ratings: ``level:<n>`` (an earlier release's ``level:<id>``)."""
        return self.id if self.id.startswith("level:") else f"level:{self.id}"

    def to_json(self) -> dict[str, str]:
        """The level as ``GET /api/options`` lists it (the spec stays on the server)."""
        return {"id": self.id, "de": self.de, "en": self.en}


SEARCH: Final = "pimc:samples=20,seconds=0.5,inference=true"
"""Level 4's spec: PIMC with hand inference (the strongest bot of release 0.1)."""
STRICT_MEISTER: Final = (
    f"{SEARCH},doubling=model,doubling_worlds=24,model_kontra_bar=0.42,bidding=model"
)
"""Level 5 before its bidding bars came down to 0.5 (the models' own bars: 0.6 and 0.66)."""

LADDER: Final = (
    Level("level:1", "heuristic:slips=0.3,rash=3", "Anfänger", "Beginner"),
    Level("level:2", "heuristic:rash=2.25", "Hobbyspieler", "Casual player"),
    Level("level:3", "heuristic:rash=1.75", "Stammtisch", "Regular"),
    Level("level:4", SEARCH, "Experte", "Expert"),
    Level("level:5", f"{STRICT_MEISTER},rufspiel_bar=0.5,solo_bar=0.5", "Meister", "Master"),
)
"""The ladder, weakest first: the registry builds ``level:N`` as the N-th's spec. Levels 1 to
3 are the rule-based player playing hands below its bar, as people who overrate their cards
do: level 3 by 1.75 rating points (a regular at the Stammtisch), level 2 by 2.25 (a hobby
player's many solos), level 1, a beginner, by 3, and slipping (a random legal card) in three
card decisions of ten. Level 4 searches (PIMC with hand inference: the page's strongest bot of
release 0.1); level 5 is the strongest we have: level 4 with Kontra/Re and the bids by
calibrated models, saying Kontra only at a declarers' chance of 42% or less (the bar at which
its Kontras earn money against itself without them: README, "Does saying Kontra pay?") and
spiel at a chance of 50% or more (its bars against weaker defence: README, "Level 5's bidding
bars"). Each
beats the one below by 10 cents a game or more, also with the Kontras a copy says against its
other copy's solo undone (README: the ladder's matches). The plain rule-based player
(``heuristic``) sits between levels 3 and 4 and anchors the ratings."""

LEVELS: Final = (
    *LADDER,
    Level("heuristic", "heuristic", "Regelbasiert", "Rule-based", listed=False),
    Level("pimc", "pimc:samples=20,seconds=0.5", "Stark (PIMC)", "Strong (PIMC)", listed=False),
    Level(
        "pimc_inference",
        SEARCH,
        "Am stärksten (PIMC mit Handschätzung)",
        "Strongest (PIMC with hand inference)",
        listed=False,
    ),
    Level("random", "random", "Zufall", "Random", listed=False),
    Level(
        "meister_strict",
        STRICT_MEISTER,
        "Meister (strenge Reizgrenzen)",
        "Master (strict bidding bars)",
        listed=False,
    ),
)
"""Every level a server takes: the ladder (the page lists it as here), then the ids of earlier
releases (tables saved with them still play) and level 5 as it was before its bidding bars
came down to 0.5 (the spec of the matches in ``data/matches`` played before that)."""

LISTED: Final = tuple(lv for lv in LEVELS if lv.listed)
"""The levels a page offers."""

BY_ID: Final = {level.id: level for level in LEVELS}

SEAT_KIND: Final = (
    {lv.spec: lv.id for lv in LISTED}
    | {lv.spec: lv.id for lv in LEVELS if not lv.listed}
    | {lv.id: lv.id for lv in LISTED}
)
"""A seat's stored player spec to the level id clients see: a ladder seat is stored by its id;
a spec an earlier release's level has keeps that id (a saved table shows what it showed)."""

RATING_KEY: Final = {lv.spec: lv.key for lv in reversed(LEVELS)} | {lv.id: lv.key for lv in LISTED}
"""A seat's stored player spec to its key in ratings: one key per player, the ladder's where a
ladder level plays the same spec."""


def level(level_id: str) -> Level | None:
    """The level with this id, or None."""
    return BY_ID.get(level_id)


def ladder_spec(n: int) -> str | None:
    """The player spec of ladder level ``n`` (1 to 5), or None."""
    return LADDER[n - 1].spec if 1 <= n <= len(LADDER) else None
