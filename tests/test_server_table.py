"""The authoritative table: replay gives the same state, and no seat sees a hidden card."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from typing import Any

import pytest

from schafkopf.cards import card_token
from schafkopf.game import KLOPFEN_PHASE
from schafkopf.players.heuristic import HeuristicPlayer
from schafkopf.players.random_player import RandomPlayer
from schafkopf.record import record_to_game
from schafkopf.server.table import BOT_NAMES, GUT, HUMAN, Table, TableConfig, TableError

TOKEN = re.compile(r"\b[EGHS][AZKOU987]\b")


def _play(table: Table, rng: random.Random, moves: int | None = None) -> None:
    """Random but legal play (rule-based and random players mixed) for ``moves`` actions."""
    players = [HeuristicPlayer(), RandomPlayer(), HeuristicPlayer(), RandomPlayer()]
    done = 0
    while not table.is_over() and (moves is None or done < moves):
        _say_gut(table)
        game = table.game
        assert game is not None
        seat = game.to_move
        assert seat is not None
        action = players[seat % len(players)].choose(game.view(seat), rng)
        table.apply(seat, table.parse(seat, action))
        done += 1
    _say_gut(table)


def _say_gut(table: Table) -> None:
    """Each person the table waits on for Kontra/Re says "gut" (no doubling)."""
    for seat in table.waiting_for_doubling:
        table.apply(seat, table.parse(seat, "gut"))


def _config(**kw: Any) -> TableConfig:
    return TableConfig.build(seed=7, **kw)


def test_config_checks_every_field() -> None:
    with pytest.raises(TableError, match="unknown preset") as e:
        TableConfig.build(preset="nope")
    assert e.value.code == "bad_rules"
    with pytest.raises(TableError) as e:
        TableConfig.build(seats=["human", "heuristic"])
    assert e.value.code == "bad_seats"
    with pytest.raises(TableError) as e:
        TableConfig.build(seats=["human", "heuristic", "alien", "heuristic"])
    assert e.value.code == "bad_seats"
    with pytest.raises(TableError) as e:
        TableConfig.build(games=0)
    assert e.value.code == "bad_games"
    with pytest.raises(TableError) as e:
        TableConfig.build(turn_seconds=-1)
    assert e.value.code == "bad_turn_seconds"
    three = TableConfig.build(overrides={"players": 3})
    assert three.seats == (HUMAN, "heuristic", "heuristic")
    assert TableConfig.from_json(json.loads(json.dumps(three.to_json()))) == three
    # a game played on keeps where it came from across a restart
    on = dataclasses.replace(three, deal=("EO", "GO", "HO"), played_from=("t1", 3, 17))
    assert TableConfig.from_json(json.loads(json.dumps(on.to_json()))) == on


@pytest.mark.parametrize(
    "overrides",
    [{}, {"klopfen": True, "all_pass": "ramsch"}, {"deck": "short"}, {"players": 3}],
)
def test_replaying_the_actions_rebuilds_the_table(overrides: dict[str, Any]) -> None:
    config = _config(overrides=overrides, games=3)
    table = Table("t", config)
    _play(table, random.Random(3))
    assert table.is_over() and table.session.played == 3
    again = Table("t", config)
    again.replay(table.actions)
    assert again.version == table.version
    assert [(e.kind, e.game, e.public) for e in again.events] == [
        (e.kind, e.game, e.public) for e in table.events
    ]
    for seat in range(table.rules.players):
        assert again.state_for(seat) == table.state_for(seat)
    # Every finished game's record replays through the engine to the same result.
    for number in range(1, 4):
        rec = table.record(number)
        assert record_to_game(rec).result().payouts == tuple(rec["result"]["payouts"])


def test_half_a_session_resumes_exactly() -> None:
    config = _config(games=2)
    table = Table("t", config)
    rng = random.Random(5)
    _play(table, rng, moves=23)
    again = Table("t", config)
    again.replay(table.actions)
    assert again.state_for(1) == table.state_for(1)
    _play(table, random.Random(1))
    _play(again, random.Random(1))
    assert again.actions == table.actions and again.ledger() == table.ledger()


def _hidden_leaks(table: Table, seat: int, message: dict[str, Any]) -> list[str]:
    """Card tokens in ``message`` that ``seat`` may not know."""
    game = table.game
    view = message["state"].get("view")
    if game is None or view is None:
        return []
    own = game.view(seat).hand
    expected = sorted(card_token(c) for c in own)
    if sorted(view["hand"]) != expected:
        return [f"hand {view['hand']} != {expected}"]
    public = {card_token(c) for t in game.tricks for c in t.cards}
    public |= {card_token(c) for c in game.trick}
    rest = {k: v for k, v in view.items() if k != "hand"}
    seen = set(TOKEN.findall(json.dumps(rest)))
    leaks = sorted(seen - public - {card_token(c) for c in own})
    if game.phase == KLOPFEN_PHASE and len(own) != table.rules.hand_size // 2:
        leaks.append("more than the first packet during Klopfen")
    result = message["state"].get("last_result")
    if result is not None and result["game"] >= table.game_number:
        leaks.append("a result of the game in progress")
    return leaks


@pytest.mark.parametrize("overrides", [{}, {"klopfen": True}, {"players": 3}])
def test_no_message_shows_a_seat_a_hidden_card(overrides: dict[str, Any]) -> None:
    """Leak test: many bot games; every message to every seat holds only its own hand and
    cards played in the open, also the ``seats`` news of a bot taking a person's seat over
    and giving it back (the state each seat gets then)."""
    config = _config(overrides=overrides, games=12)
    table = Table("t", config)
    rng = random.Random(11)
    players = [HeuristicPlayer(), RandomPlayer(), HeuristicPlayer()]
    n = table.rules.players
    checked = 0
    for seat in range(n):
        assert not _hidden_leaks(table, seat, table.snapshot_for(seat))
    while not table.is_over():
        if rng.random() < 0.1:  # the person's seat: a bot stands in, or the person is back
            status = list(table.seat_status)
            status[0] = rng.choice(["person", "away", "left", "empty"])
            table.set_seating(status)
            for seat in (*range(n), None):
                news = {"type": "seats", "state": table.state_for(seat)}
                assert news["state"]["seat_status"] == status
                if seat is not None:
                    assert not _hidden_leaks(table, seat, news), (status, seat)
                elif table.game is not None:
                    assert news["state"]["view"]["hand"] == []
            if table.game is None:
                break
        game = table.game
        assert game is not None
        mover = game.to_move
        assert mover is not None
        if table.waiting_for_doubling:  # a person waited on for Kontra/Re says "gut"
            mover, action = table.waiting_for_doubling[0], "gut"
        else:
            action = players[mover % 3].choose(game.view(mover), rng)
        for event in table.apply(mover, table.parse(mover, action)):
            for seat in range(n):
                msg = table.message_for(seat, event)
                assert not _hidden_leaks(table, seat, msg), (event, seat)
                checked += 1
            spectator = table.message_for(None, event)
            if table.game is not None:
                assert spectator["state"]["view"]["hand"] == []
    assert checked > 12 * 8 * n


def test_refusals_change_nothing() -> None:
    table = Table("t", _config())
    game = table.game
    assert game is not None
    mover = game.to_move
    assert mover is not None
    other = (mover + 1) % 4
    before = (table.version, list(table.actions))
    for seat, action, code in [
        (other, "weiter", "illegal"),  # out of turn
        (mover, "EO", "illegal"),  # a card during bidding
        (mover, "blah", "bad_action"),
        (mover, 999, "illegal"),
        (mover, 3.5, "bad_action"),
        (mover, True, "bad_action"),
        (7, "weiter", "bad_seat"),
        (mover, "x" * 41, "bad_action"),
    ]:
        with pytest.raises(TableError) as e:
            table.parse(seat, action)
        assert e.value.code == code, (seat, action)
    assert (table.version, table.actions) == before
    with pytest.raises(TableError) as e:
        table.record(1)
    assert e.value.code == "no_game"


def test_message_text_equals_the_message() -> None:
    """The spliced JSON text the server sends is exactly the message dict, for every seat."""
    table = Table("t", _config(games=3, overrides={"klopfen": True}))
    rng = random.Random(8)
    player = HeuristicPlayer()
    while not table.is_over():
        game = table.game
        assert game is not None
        mover = game.to_move
        assert mover is not None
        if table.waiting_for_doubling:  # a person waited on for Kontra/Re says "gut"
            events = table.apply(table.waiting_for_doubling[0], GUT)
        else:
            events = table.apply(mover, table.parse(mover, player.choose(game.view(mover), rng)))
        for i, event in enumerate(events):
            last = i == len(events) - 1
            for seat in (*range(4), None):
                text = table.message_text(seat, event, state=last)
                assert json.loads(text) == table.message_for(seat, event, state=last)


def test_bots_have_bavarian_names_and_the_state_says_each_seat_kind() -> None:
    """Bot seats get distinct Bavarian first names (drawn by the table's seed, so a rebuilt
    table names them alike); a free seat for a person is "Spieler N"; ``kinds`` gives each
    seat's kind as clients know it (``human`` or the bot level's id)."""
    for seed in range(50):
        config = TableConfig.build(
            seats=["human", "heuristic", "pimc", "random"], seed=seed, allow_bot_tables=True
        )
        table = Table("t", config)
        assert table.names[0] == "Spieler 1"
        assert set(table.names[1:]) <= set(BOT_NAMES) and len(set(table.names[1:])) == 3
        assert Table("t", config).names == table.names
        state = table.state_for(0)
        assert state["kinds"] == ["human", "heuristic", "pimc", "random"]
        assert state["seats"][2].startswith("pimc:")  # the stored player spec
    bots = TableConfig.build(seats=["random"] * 4, allow_bot_tables=True)
    assert len(set(Table("t", bots).names)) == 4
