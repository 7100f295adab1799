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
    """One bot level: ``id`` for clients, ``spec`` for the player registry."""

    id: str
    spec: str
    de: str
    en: str

    def to_json(self) -> dict[str, str]:
        """The level as ``GET /api/options`` lists it (the spec stays on the server)."""
        return {"id": self.id, "de": self.de, "en": self.en}


LEVELS: Final = (
    Level("heuristic", "heuristic", "Regelbasiert", "Rule-based"),
    Level("pimc", "pimc:samples=20,seconds=0.5", "Stark (PIMC)", "Strong (PIMC)"),
    Level(
        "pimc_inference",
        "pimc:samples=20,seconds=0.5,inference=true",
        "Am stärksten (PIMC mit Handschätzung)",
        "Strongest (PIMC with hand inference)",
    ),
    Level("random", "random", "Zufall", "Random"),
)
"""The levels, weakest-to-strongest order aside: the page lists them as here."""

BY_ID: Final = {level.id: level for level in LEVELS}


def level(level_id: str) -> Level | None:
    """The level with this id, or None."""
    return BY_ID.get(level_id)
