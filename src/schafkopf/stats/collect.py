"""Counting games into :class:`~.model.Stats`: each record is replayed through the engine, and
every figure comes from the engine's own result and history, never from what a record says."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from schafkopf.actions import DOUBLE, action_name
from schafkopf.game import Game
from schafkopf.record import Record, record_to_game
from schafkopf.rules import Contract, Kind
from schafkopf.scoring import Result, tariff_unit

from .model import PlayerStats, Stats, UnitTotals


def contract_key(contract: Contract) -> str:
    """The row of a declared contract in :data:`~.model.CONTRACT_KEYS`: its kind, or
    ``tout`` for any Tout."""
    return "tout" if contract.tout else contract.kind.value


def seat_names(players: Sequence[str] | None, seats: int) -> list[str]:
    """Who sits where: the record's names, ``seat N`` where a record names nobody."""
    given = list(players or [])
    return [given[s] if s < len(given) and given[s] else f"seat {s}" for s in range(seats)]


class StatsCollector:
    """Adds games one by one (:meth:`add_record`, :meth:`add_game`); :attr:`stats` holds the
    figures so far. Players are told apart by name, across files and sessions."""

    def __init__(self) -> None:
        self.stats = Stats()
        self._by_name: dict[str, PlayerStats] = {}

    def add_record(self, record: Record | Mapping[str, Any]) -> bool:
        """Replay a record and count its game; raises :class:`~schafkopf.record.RecordError`
        when it does not replay. False (and counted as unfinished) for a game not over."""
        if isinstance(record, Record):
            return self.add_game(record.to_game(), record.players)
        game = record_to_game(record)  # checks that ``players`` are names, one per seat
        return self.add_game(game, record.get("players"))

    def add_game(self, game: Game, players: Sequence[str] | None = None) -> bool:
        """Count a game, its seats played by ``players`` (names; default ``seat N``). False
        (and counted as unfinished) for a game not over."""
        stats = self.stats
        if not game.is_over():
            stats.unfinished += 1
            return False
        result = game.result()
        unit = tariff_unit(game.rules)
        totals = stats.units.setdefault(unit, UnitTotals())
        totals.games += 1
        totals.stock += result.stock
        stats.games += 1
        contract = result.contract
        if contract is None:
            stats.all_pass += 1
        elif contract.kind is Kind.RAMSCH:
            stats.ramsch += 1
        else:
            stats.contracts[contract_key(contract)].add(bool(result.won))
        for seat, name in enumerate(seat_names(players, game.rules.players)):
            player = self._player(name)
            player.games += 1
            player.money_in(unit).add(result.payouts[seat])
            player.klopfen += seat in game.knocks
            if contract is None:
                player.all_pass += 1
            elif contract.kind is Kind.RAMSCH:
                _count_ramsch(player, seat, result)
            else:
                _count_sides(player, seat, game, contract, result)
        return True

    def _player(self, name: str) -> PlayerStats:
        player = self._by_name.get(name)
        if player is None:
            player = self._by_name[name] = PlayerStats(name)
            self.stats.players.append(player)
        return player


def _count_ramsch(player: PlayerStats, seat: int, result: Result) -> None:
    """A Ramsch game of ``seat``: lost, Jungfrau, Durchmarsch."""
    ramsch = player.ramsch
    ramsch.games += 1
    ramsch.lost += seat == result.ramsch_loser
    ramsch.jungfrau += seat in result.jungfrauen
    ramsch.durchmarsch += seat == result.durchmarsch


def _count_sides(
    player: PlayerStats, seat: int, game: Game, contract: Contract, result: Result
) -> None:
    """A declared game of ``seat``: its role, Schneider and Schwarz, its doublings."""
    declaring = seat in result.declarers
    won = bool(result.won) == declaring
    if seat == contract.declarer:
        player.declared.add(won)
        player.contracts[contract_key(contract)].add(won)
    elif declaring:
        player.partner.add(won)
    else:
        player.defender.add(won)
    if result.schneider:
        player.schneider.side(declaring).add(won)
    if result.schwarz:
        player.schwarz.side(declaring).add(won)
    words = [action_name(DOUBLE, i) for i, (s, _at) in enumerate(game.doublings) if s == seat]
    if words:
        doublings = player.doublings
        doublings.said += len(words)
        for word in words:
            doublings.words[word] = doublings.words.get(word, 0) + 1
        doublings.games.add(won)


def compute_stats(records: Iterable[Record | Mapping[str, Any] | Game]) -> Stats:
    """The statistics of ``records`` (records, their JSON form, or games without names);
    raises :class:`~schafkopf.record.RecordError` at the first that does not replay."""
    collector = StatsCollector()
    for item in records:
        if isinstance(item, Game):
            collector.add_game(item)
        else:
            collector.add_record(item)
    return collector.stats


__all__ = ["StatsCollector", "compute_stats", "contract_key", "seat_names"]
