"""Statistics over played games, per player: games, declared share and wins by contract,
money per game, Kontra said and won, Schneider and Schwarz, Ramsch and all-pass games.

>>> import random
>>> from schafkopf import Game
>>> from schafkopf.players import HeuristicPlayer, play_game
>>> from schafkopf.record import Record
>>> games = [play_game(Game(seed=s), [HeuristicPlayer()] * 4, random.Random(s)) for s in (1, 2)]
>>> stats = compute_stats(Record.from_game(g, players=["Anna", "Sepp", "Resi", "Hias"])
...                       for g in games)
>>> stats.games, [p.name for p in stats.players], [p.games for p in stats.players]
(2, ['Anna', 'Sepp', 'Resi', 'Hias'], [2, 2, 2, 2])
>>> sum(p.money["points"].total for p in stats.players) + stats.units["points"].stock
0
>>> sorted(stats.to_json())
['all_pass', 'contracts', 'games', 'players', 'ramsch', 'unfinished', 'units']

Each record is replayed through the engine (:mod:`.collect`), so the figures are the
engine's, whatever a record claims. A player is a name (the record's ``players``, else
``seat N``), the same across files; money stays apart per unit (``ct``, ``points``). The
result is plain data with ``to_json()`` (:mod:`.model`), for ``schafkopf stats --json`` and
for a page; :mod:`.text` writes it as a table and :mod:`.html` as a report with charts.
"""

from .collect import StatsCollector, compute_stats, contract_key, seat_names
from .inputs import is_session_line, records_in
from .model import CONTRACT_KEYS, PlayerStats, Stats, Tally

__all__ = [
    "CONTRACT_KEYS",
    "PlayerStats",
    "Stats",
    "StatsCollector",
    "Tally",
    "compute_stats",
    "contract_key",
    "is_session_line",
    "records_in",
    "seat_names",
]
