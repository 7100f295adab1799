"""The importer checks each game against its log's own lines and words its errors for people.

Each test edits a copy of a real log from the conformance folder (an Augen number, a ninth card,
a card replaced by XX, a ledger row) and imports it through :func:`import_netschafkopf_file` and
through ``schafkopf import netschafkopf``: the game is not imported, the error names the log line
that disagrees, the file is named once, the exit code is 1 and there is no traceback.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from schafkopf.cli import app
from schafkopf.importers.netschafkopf import (
    ImportedGame,
    NetSchafkopfError,
    import_netschafkopf_file,
    read_log_text,
)

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "netschafkopf"
SHORT = "Schafkopfprotokoll_vom_04.08.24.txt"  # 4 games, short deck (6 cards each)
LONG = "Schafkopfprotokoll_vom_14.12.22.txt"  # 40 games, long deck, Ramsch with Augen


def edited(tmp_path: Path, name: str, old: str, new: str, line: int | None = None) -> Path:
    """A copy of a conformance log with ``old`` replaced by ``new`` once (on ``line`` if given)."""
    lines = read_log_text(DATA / name).split("\n")
    where = line - 1 if line else next(i for i, x in enumerate(lines) if old in x)
    assert old in lines[where], (old, lines[where])
    lines[where] = lines[where].replace(old, new, 1)
    path = tmp_path / f"edited_{name}"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def line_of(path: Path, text: str) -> int:
    """The 1-based number of the first line of ``path`` that contains ``text``."""
    return next(i for i, x in enumerate(read_log_text(path).split("\n"), 1) if text in x)


def failed(path: Path) -> list[ImportedGame]:
    return [g for g in import_netschafkopf_file(path) if g.record is None]


def cli(path: Path) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["import", "netschafkopf", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.stderr
    return result.exit_code, result.stderr


def test_the_unchanged_logs_import_cleanly(tmp_path: Path) -> None:
    for name in (SHORT, LONG):
        assert failed(DATA / name) == []
        code, err = cli(DATA / name)
        assert code == 0 and err == ""


def test_a_changed_augen_line_is_named(tmp_path: Path) -> None:
    path = edited(tmp_path, SHORT, "Die Gegner haben 42 Augen", "Die Gegner haben 43 Augen")
    line = line_of(path, "Die Gegner haben 43 Augen")
    bad = failed(path)
    assert [g.game for g in bad] == [1]
    assert bad[0].error is not None
    assert bad[0].error.startswith(f"line {line}: ")
    assert "the tricks give the opponents 42 Augen, not 43" in bad[0].error
    code, err = cli(path)
    assert code == 1
    total = len(import_netschafkopf_file(path))
    assert err.splitlines() == [
        f"{path}:{bad[0].line}: game 1 not imported: {bad[0].error}",
        f"{path}: {total - 1} of {total} games imported",
    ]


def test_a_changed_ramsch_augen_line_is_named(tmp_path: Path) -> None:
    path = edited(tmp_path, LONG, "PcLinks hat 45 Augen", "PcLinks hat 44 Augen", line=158)
    bad = failed(path)
    assert len(bad) == 1 and bad[0].error is not None
    assert bad[0].error.startswith("line 158: ")
    assert "the tricks give PcLinks 45 Augen, not 44" in bad[0].error
    code, err = cli(path)
    assert code == 1 and f"{path}:{bad[0].line}: game {bad[0].game} not imported: line 158" in err


def test_a_changed_ramsch_loser_is_named(tmp_path: Path) -> None:
    old, new = "PcLinks verliert den Ramsch. PcLinks", "PcOben verliert den Ramsch. PcOben"
    path = edited(tmp_path, LONG, old, new, line=158)
    bad = failed(path)
    assert len(bad) == 1 and bad[0].error is not None
    assert bad[0].error.startswith("line 158: ")
    assert "by the tricks PcLinks loses the Ramsch, not PcOben" in bad[0].error


def test_a_changed_winner_is_named(tmp_path: Path) -> None:
    path = edited(
        tmp_path, SHORT, "Du gewinnst den Schellen-Geier", "Du verlierst den Schellen-Geier"
    )
    line = line_of(path, "Du verlierst")
    bad = failed(path)
    assert [g.game for g in bad] == [1] and bad[0].error is not None
    assert bad[0].error.startswith(f"line {line}: ")
    assert "the declarer wins, the log says loses" in bad[0].error


def test_a_changed_ledger_row_is_named(tmp_path: Path) -> None:
    row = "    1        5           -5           -5           -5          +15        0"
    path = edited(tmp_path, SHORT, row, row.replace("-5           -5", "-4           -6"))
    line = line_of(path, "-4           -6")
    bad = failed(path)
    # The balances are running totals: the next game's change is measured from this row too.
    assert [g.game for g in bad] == [1, 2]
    assert bad[0].error is not None and bad[0].error.startswith(f"line {line}: ")
    assert "the rules pay PcLinks -5, PcOben -5, PcRechts -5, Gast +15" in bad[0].error
    assert "this row's balances say PcLinks -4, PcOben -6, PcRechts -5, Gast +15" in bad[0].error
    assert bad[1].error is not None and f"less line {line}'s say" in bad[1].error
    code, err = cli(path)
    assert code == 1 and len(err.splitlines()) == 3  # two games named, then the count
    assert err.splitlines()[-1] == f"{path}: 2 of 4 games imported"


def test_a_changed_price_line_is_named(tmp_path: Path) -> None:
    old = "Das Einzelspiel kostet 5 Punkte. Mit Schneider 6 Punkte."
    path = edited(tmp_path, SHORT, old, "Das Einzelspiel kostet 5 Punkte. Mit Schneider 7 Punkte.")
    line = line_of(path, "Mit Schneider 7 Punkte")
    bad = failed(path)
    assert [g.game for g in bad] == [2] and bad[0].error is not None
    assert bad[0].error.startswith(f"line {line}: ") and "adds up to 7, not 6" in bad[0].error


def test_nine_cards_are_nine_cards(tmp_path: Path) -> None:
    lines = read_log_text(DATA / LONG).split("\n")
    number, hand = next((i, x) for i, x in enumerate(lines, 1) if "PcRechts hat:" in x)
    other = next(x for x in lines[number - 6 : number + 4] if " hat: " in x and x != hand)
    ninth = other.split()[-1]  # a card that another hand holds
    path = edited(tmp_path, LONG, hand, f"{hand} {ninth}", line=number)
    bad = failed(path)
    assert len(bad) == 1 and bad[0].error is not None
    assert f"line {number}: " in bad[0].error
    assert "PcRechts (seat 2) holds 9 cards, not 8" in bad[0].error
    assert "dealt twice" not in bad[0].error
    code, err = cli(path)
    assert code == 1 and "holds 9 cards, not 8" in err and f"{path}:" in err


def test_seven_cards_in_the_short_deck(tmp_path: Path) -> None:
    path = edited(tmp_path, SHORT, "Gast hat: SO SZ GA SA GO G9", "Gast hat: SO SZ GA SA GO G9 S9")
    bad = failed(path)
    assert [g.game for g in bad] == [1] and bad[0].error is not None
    assert "Gast (seat 3) holds 7 cards, not 6" in bad[0].error
    assert "dealt twice" not in bad[0].error


def test_a_card_dealt_twice_stays_dealt_twice(tmp_path: Path) -> None:
    path = edited(tmp_path, SHORT, "Gast hat: SO SZ GA SA GO G9", "Gast hat: SO SZ GA SA GO HU")
    bad = failed(path)
    assert [g.game for g in bad] == [1] and bad[0].error is not None
    hu, g9 = line_of(path, "PcRechts hat:"), line_of(path, "Gast hat:")
    assert f"dealt twice: HU by PcRechts (line {hu}) and Gast (line {g9}); not dealt: G9" in (
        bad[0].error
    )
    assert "holds" not in bad[0].error


def test_a_token_that_is_not_a_card_is_named(tmp_path: Path) -> None:
    path = edited(tmp_path, SHORT, "Gast hat: SO SZ GA SA GO G9", "Gast hat: SO SZ XX SA GO G9")
    line = line_of(path, "XX")
    bad = failed(path)
    assert [g.game for g in bad] == [1] and bad[0].error is not None
    assert (
        f"line {line}: 'Gast hat: SO SZ XX SA GO G9': 'XX' (Gast's hand, card 3) is not a card"
        in (bad[0].error)
    )
    assert "are not cards" not in bad[0].error
    code, err = cli(path)
    assert code == 1 and "'XX' (Gast's hand, card 3) is not a card" in err


def test_a_token_in_a_trick_that_is_not_a_card_is_named(tmp_path: Path) -> None:
    path = edited(tmp_path, SHORT, "spielt aus: EZ SO EA EK", "spielt aus: EZ SO XX EK")
    line = line_of(path, "EZ SO XX EK")
    bad = failed(path)
    assert [g.game for g in bad] == [1] and bad[0].error is not None
    assert bad[0].error.startswith(f"line {line}: ")
    assert "'XX' (the trick, card 3) is not a card" in bad[0].error


def test_a_binary_file_is_one_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "binary.bin"
    path.write_bytes(bytes(range(256)) * 40)
    with pytest.raises(NetSchafkopfError) as caught:
        import_netschafkopf_file(path)
    assert str(caught.value).startswith("not a NetSchafkopf log: binary data")
    code, err = cli(path)
    assert code == 1
    assert err.splitlines() == [f"{path}: {caught.value}"]
    assert err.count("binary.bin") == 1  # the file is named once


def test_a_log_with_nul_bytes_in_it_is_binary(tmp_path: Path) -> None:
    path = tmp_path / "nul.txt"
    path.write_bytes(b"Geber: Gast\n\x00\x00\x00" + (DATA / SHORT).read_bytes())
    with pytest.raises(
        NetSchafkopfError, match=r"binary data, not text \(character 0x00 on line 2"
    ):
        import_netschafkopf_file(path)


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "it is empty"),
        (b"  \n\n", "it is empty"),
        (b"Just some notes\nabout Schafkopf.\n", "it has no 'Geber:' line"),
        (b'{"format": "schafkopf-record/1"}\n', "it has no 'Geber:' line"),
    ],
)
def test_a_file_that_is_not_a_log(tmp_path: Path, content: bytes, reason: str) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(content)
    with pytest.raises(NetSchafkopfError) as caught:
        import_netschafkopf_file(path)
    message = str(caught.value)
    assert message.startswith("not a NetSchafkopf log: ") and reason in message
    assert "notes.txt" not in message
    code, err = cli(path)
    assert code == 1 and err.splitlines() == [f"{path}: {message}"]


def test_cli_names_file_and_line_for_every_bad_game(tmp_path: Path) -> None:
    path = edited(tmp_path, LONG, "Die Gegner haben 17 Augen", "Die Gegner haben 71 Augen")
    code, err = cli(path)
    assert code == 1
    line, count = err.splitlines()
    assert re.fullmatch(rf"{re.escape(str(path))}:\d+: game 3 not imported: line \d+: .*", line)
    assert re.fullmatch(rf"{re.escape(str(path))}: (\d+) of (\d+) games imported", count)
    assert "the tricks give the opponents 17 Augen, not 71" in line
