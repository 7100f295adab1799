"""The records in a file's text, however it holds them: one JSON document, JSON Lines, or
text-form lines (``sk1 ...``); a terminal session file's header and the actions of its game
in progress are passed over, as ``schafkopf analyze`` does."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from schafkopf.record import RecordError, is_session_line, read_records, record_from_text

TEXT_TAG = "sk1"
"""How a text-form record starts (:func:`schafkopf.record.record_to_text`)."""


def records_in(text: str) -> Iterator[tuple[int, Any]]:
    """Yields ``(line, record)`` for every record in ``text``, or ``(line, RecordError)``
    for what cannot be read (a text-form line that does not replay, a line not JSON)."""
    if text.lstrip().startswith(TEXT_TAG):
        for lineno, line in enumerate(text.splitlines(), 1):
            if line.strip():
                yield lineno, _from_text(line.strip())
        return
    for lineno, item in read_records(text):
        if not is_session_line(item):
            yield lineno, item


def _from_text(line: str) -> Any:
    try:
        return record_from_text(line)
    except RecordError as e:
        return e


__all__ = ["TEXT_TAG", "is_session_line", "records_in"]
