"""The analysis of one game as data: each judged decision and each seat's figures, with the
JSON form of ``schafkopf analyze --json``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Decision:
    """One judged decision. ``options`` maps each option's token to the seat's expected
    payout from its own information; ``open_options`` the same with all hands open (None
    where not computed: bidding). ``loss``: the best option's value minus the taken one's
    (never negative); ``index``: the decision's place in the game's history."""

    seat: int
    phase: str
    trick: int | None
    position: int | None
    action: str
    best: str
    loss: float
    open_loss: float | None
    verdict: str | None
    options: dict[str, float]
    open_options: dict[str, float] | None = None
    index: int = 0
    chance: float | None = None
    """For a card: the declarer side's chance to win after it, as the seat saw it (the share
    of its worlds the declarers win)."""
    expected: float | None = None
    """For a card: the declarer's expected payout after it, as the seat saw it."""
    open_expected: float | None = None
    """For a card: the declarer's payout after it with all hands open."""

    @property
    def spread(self) -> float:
        """The best option's value minus the worst's: what was at stake."""
        return max(self.options.values()) - min(self.options.values())

    def detailed_json(self) -> dict[str, Any]:
        """:meth:`to_json` with what a report draws: the place in the history, the open
        values, and for a card the declarers' chance and expected payout after it."""
        return {
            **self.to_json(),
            "index": self.index,
            "open_options": self.open_options,
            "chance": self.chance,
            "expected": self.expected,
            "open_expected": self.open_expected,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Decision:
        """A decision back from :meth:`detailed_json` (or :meth:`to_json`)."""
        return cls(
            seat=data["seat"], phase=data["phase"], trick=data["trick"],
            position=data["position"], action=data["action"], best=data["best"],
            loss=data["loss"], open_loss=data["open_loss"], verdict=data["verdict"],
            options=dict(data["options"]), open_options=data.get("open_options"),
            index=data.get("index", 0), chance=data.get("chance"),
            expected=data.get("expected"), open_expected=data.get("open_expected"),
        )  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        """The decision as ``--json`` writes it."""
        return {
            "seat": self.seat,
            "phase": self.phase,
            "trick": self.trick,
            "position": self.position,
            "action": self.action,
            "best": self.best,
            "loss": self.loss,
            "open_loss": self.open_loss,
            "verdict": self.verdict,
            "options": dict(self.options),
        }


@dataclass(frozen=True)
class SeatSummary:
    """A seat's figures: accuracy (0 to 100), luck (its expected payout from its cards alone,
    in the game's money) and how many decisions got each verdict."""

    seat: int
    accuracy: float
    luck: float
    inaccuracies: int
    mistakes: int
    blunders: int

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "accuracy": self.accuracy,
            "luck": self.luck,
            "inaccuracies": self.inaccuracies,
            "mistakes": self.mistakes,
            "blunders": self.blunders,
        }


@dataclass(frozen=True)
class GameAnalysis:
    """Every judged decision of a game, in the order made, and every seat's figures.
    ``payouts``: what each seat really got; ``unit``: the money's unit (``ct`` or
    ``points``)."""

    decisions: list[Decision]
    seats: list[SeatSummary]
    payouts: tuple[int, ...] = ()
    unit: str = "points"
    players: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The analysis as one line of ``--json`` (exactly ``decisions`` and ``seats``)."""
        return {
            "decisions": [d.to_json() for d in self.decisions],
            "seats": [s.to_json() for s in self.seats],
        }

    def detailed_json(self) -> dict[str, Any]:
        """:meth:`to_json` with each decision's details, the payouts and the unit (what the
        page and the report draw)."""
        return {
            "decisions": [d.detailed_json() for d in self.decisions],
            "seats": [s.to_json() for s in self.seats],
            "payouts": list(self.payouts),
            "unit": self.unit,
        }

    def worst(self, count: int = 5) -> list[Decision]:
        """The costliest decisions with a verdict, costliest first."""
        bad = [d for d in self.decisions if d.verdict is not None]
        return sorted(bad, key=lambda d: (-d.loss, d.index))[:count]
