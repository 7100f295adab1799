"""The terminal face: a session against computer players, rendered with rich.

A thin layer over the engine, in three parts: :mod:`~schafkopf.tui.render` draws from one
seat's :class:`~schafkopf.game.View` (so it can show nothing that seat may not know);
:mod:`~schafkopf.tui.human` reads the human's choices (:class:`HumanPlayer` is a
:class:`~schafkopf.players.base.Player`); :mod:`~schafkopf.tui.session` plays a
:class:`~schafkopf.session.Session` game by game (:func:`run_terminal_session`).
"""

from schafkopf.tui.human import (
    HELP,
    PROMPT,
    QUIT,
    HumanPlayer,
    InputError,
    QuitSession,
    Reader,
    parse_input,
)
from schafkopf.tui.render import (
    card_label,
    describe_changes,
    hand_numbers,
    render_choices,
    render_hand,
    render_ledger,
    render_result,
    render_status,
    render_to_text,
    render_turn,
    sort_cards,
)
from schafkopf.tui.session import bot_names, make_bots, run_terminal_session

__all__ = [
    "HELP",
    "PROMPT",
    "QUIT",
    "HumanPlayer",
    "InputError",
    "QuitSession",
    "Reader",
    "bot_names",
    "card_label",
    "describe_changes",
    "hand_numbers",
    "make_bots",
    "parse_input",
    "render_choices",
    "render_hand",
    "render_ledger",
    "render_result",
    "render_status",
    "render_to_text",
    "render_turn",
    "run_terminal_session",
    "sort_cards",
]
