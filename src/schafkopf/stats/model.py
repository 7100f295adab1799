"""The statistics as data: counters per player, added to game by game, and the JSON form of
``schafkopf stats --json`` (the shape is documented in :meth:`Stats.to_json`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from schafkopf.actions import DOUBLE, action_name

CONTRACT_KEYS: Final = (
    "rufspiel", "solo", "wenz", "geier", "farbwenz", "farbgeier", "bettel", "tout", "sie",
)  # fmt: skip
"""The rows of declared games, in this order: the kinds, and ``tout`` for every Tout (a Solo
Tout counts there, not under ``solo``), so the rows add up to the games declared."""


DOUBLING_WORDS: Final = tuple(action_name(DOUBLE, i) for i in range(4))
"""The doublings in the order said: kontra, re, sup, hirsch."""


def rate(part: int, whole: int) -> float | None:
    """``part / whole`` rounded to 4 places; None for no games (a rate of nothing)."""
    return round(part / whole, 4) if whole else None


@dataclass(slots=True)
class Tally:
    """Games and how many of them were won."""

    games: int = 0
    won: int = 0

    def add(self, won: bool) -> None:
        """Count one game, won or not."""
        self.games += 1
        self.won += won

    @property
    def win_rate(self) -> float | None:
        """The share won (None without games)."""
        return rate(self.won, self.games)

    def to_json(self, of_games: int | None = None) -> dict[str, Any]:
        """``{"games", "won", "win_rate"}``, with ``share`` (of ``of_games``) when given."""
        out: dict[str, Any] = {"games": self.games, "won": self.won}
        if of_games is not None:
            out["share"] = rate(self.games, of_games)
        out["win_rate"] = self.win_rate
        return out


@dataclass(slots=True)
class WonLost:
    """Games won and lost with one feature (Schneider, Schwarz) on one side."""

    won: int = 0
    lost: int = 0

    def add(self, won: bool) -> None:
        """Count one game, won or lost."""
        if won:
            self.won += 1
        else:
            self.lost += 1

    def to_json(self) -> dict[str, int]:
        return {"won": self.won, "lost": self.lost}


@dataclass(slots=True)
class BySide:
    """Schneider or Schwarz: won and lost as the declarer side and as the defenders."""

    declaring: WonLost = field(default_factory=WonLost)
    defending: WonLost = field(default_factory=WonLost)

    def side(self, declaring: bool) -> WonLost:
        """The counter of one side."""
        return self.declaring if declaring else self.defending

    def to_json(self) -> dict[str, dict[str, int]]:
        return {"declaring": self.declaring.to_json(), "defending": self.defending.to_json()}


@dataclass(slots=True)
class Money:
    """The sum of a player's payouts in one unit, over the games played in it."""

    games: int = 0
    total: int = 0

    def add(self, payout: int) -> None:
        """Count one game's payout."""
        self.games += 1
        self.total += payout

    @property
    def per_game(self) -> float | None:
        """The mean payout (None without games)."""
        return round(self.total / self.games, 4) if self.games else None

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "total": self.total, "per_game": self.per_game}


@dataclass(slots=True)
class Doublings:
    """Kontra, Re and the rest said by one player: how many words, in how many games, and
    how many of those games the player's side won."""

    said: int = 0
    words: dict[str, int] = field(default_factory=dict)
    games: Tally = field(default_factory=Tally)

    def ordered_words(self) -> dict[str, int]:
        """The words said, in the order they are said in a game (Kontra before Re)."""
        order = {word: i for i, word in enumerate(DOUBLING_WORDS)}
        return dict(sorted(self.words.items(), key=lambda kv: order.get(kv[0], len(order))))

    def to_json(self) -> dict[str, Any]:
        return {
            "said": self.said,
            "words": self.ordered_words(),
            "games": self.games.games,
            "won": self.games.won,
            "win_rate": self.games.win_rate,
        }


@dataclass(slots=True)
class Ramsch:
    """One player's Ramsch games: lost (paid as the loser), Jungfrau (no trick taken) and
    Durchmarsch (made by the player)."""

    games: int = 0
    lost: int = 0
    jungfrau: int = 0
    durchmarsch: int = 0

    def to_json(self) -> dict[str, int]:
        return {
            "games": self.games,
            "lost": self.lost,
            "jungfrau": self.jungfrau,
            "durchmarsch": self.durchmarsch,
        }


def _contract_tallies() -> dict[str, Tally]:
    return {key: Tally() for key in CONTRACT_KEYS}


@dataclass(slots=True)
class PlayerStats:
    """Everything counted for one player (a name; a name in two seats of a game counts each
    seat as a game). ``games`` counts every finished game, Ramsch and all-pass included."""

    name: str
    games: int = 0
    declared: Tally = field(default_factory=Tally)
    contracts: dict[str, Tally] = field(default_factory=_contract_tallies)
    partner: Tally = field(default_factory=Tally)
    defender: Tally = field(default_factory=Tally)
    money: dict[str, Money] = field(default_factory=dict)
    doublings: Doublings = field(default_factory=Doublings)
    klopfen: int = 0
    schneider: BySide = field(default_factory=BySide)
    schwarz: BySide = field(default_factory=BySide)
    ramsch: Ramsch = field(default_factory=Ramsch)
    all_pass: int = 0

    def money_in(self, unit: str) -> Money:
        """The money counter of ``unit`` (made when first needed)."""
        return self.money.setdefault(unit, Money())

    def to_json(self) -> dict[str, Any]:
        """One entry of ``players`` in :meth:`Stats.to_json`."""
        return {
            "name": self.name,
            "games": self.games,
            "declared": self.declared.to_json(self.games),
            "contracts": {k: t.to_json(self.games) for k, t in self.contracts.items()},
            "partner": self.partner.to_json(),
            "defender": self.defender.to_json(),
            "money": {unit: m.to_json() for unit, m in sorted(self.money.items())},
            "doublings": self.doublings.to_json(),
            "klopfen": self.klopfen,
            "schneider": self.schneider.to_json(),
            "schwarz": self.schwarz.to_json(),
            "ramsch": self.ramsch.to_json(),
            "all_pass": self.all_pass,
        }


@dataclass(slots=True)
class UnitTotals:
    """The games played in one unit of money and the Stock's change over them (positive:
    paid in), so that the players' money in the unit sums to minus ``stock``."""

    games: int = 0
    stock: int = 0

    def to_json(self) -> dict[str, int]:
        return {"games": self.games, "stock": self.stock}


@dataclass(slots=True)
class Stats:
    """The statistics of a set of games: the totals and each player's figures, players in
    the order they first appear."""

    games: int = 0
    unfinished: int = 0
    units: dict[str, UnitTotals] = field(default_factory=dict)
    contracts: dict[str, Tally] = field(default_factory=_contract_tallies)
    ramsch: int = 0
    all_pass: int = 0
    players: list[PlayerStats] = field(default_factory=list)

    def player(self, name: str) -> PlayerStats | None:
        """The figures of the player called ``name``, if it played."""
        return next((p for p in self.players if p.name == name), None)

    def to_json(self) -> dict[str, Any]:
        """Everything as one JSON object (plain dicts, lists, numbers, None)::

            {"games": 40, "unfinished": 0,
             "units": {"ct": {"games": 40, "stock": 0}},
             "contracts": {"rufspiel": {"games", "won", "share", "win_rate"}, ...},
             "ramsch": 9, "all_pass": 0,
             "players": [{"name": "Anna", "games": 40,
                          "declared": {"games", "won", "share", "win_rate"},
                          "contracts": {"rufspiel": {...}, ..., "tout": {...}, "sie": {...}},
                          "partner": {"games", "won", "win_rate"},
                          "defender": {"games", "won", "win_rate"},
                          "money": {"ct": {"games", "total", "per_game"}},
                          "doublings": {"said", "words": {"kontra": 2}, "games", "won",
                                        "win_rate"},
                          "klopfen": 0,
                          "schneider": {"declaring": {"won", "lost"},
                                        "defending": {"won", "lost"}},
                          "schwarz": {...the same...},
                          "ramsch": {"games", "lost", "jungfrau", "durchmarsch"},
                          "all_pass": 0}, ...]}

        ``contracts`` has every key of :data:`CONTRACT_KEYS` in that order; its won counts
        the declarer's wins, its share is of all games (of the player's games in a player's
        entry). Rates and shares are fractions rounded to 4 places, None where there is no
        game to divide by. Money is in the records' unit (``ct`` or ``points``), kept apart
        per unit when records mix them."""
        return {
            "games": self.games,
            "unfinished": self.unfinished,
            "units": {unit: u.to_json() for unit, u in sorted(self.units.items())},
            "contracts": {k: t.to_json(self.games) for k, t in self.contracts.items()},
            "ramsch": self.ramsch,
            "all_pass": self.all_pass,
            "players": [p.to_json() for p in self.players],
        }
