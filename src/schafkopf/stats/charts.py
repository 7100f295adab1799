"""Bar charts as inline SVG for the HTML report: no script, no font, nothing from the
network, so the report opens from the file system and prints."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Final

GAIN: Final = "#1f6b2a"
LOSS: Final = "#a11"
SHARE: Final = "#4a6fa5"
WINS: Final = "#c98a00"
INK: Final = "#1d1d1d"
FRAME: Final = "#999"

_ROW: Final = 26
_LABEL: Final = 150
_WIDTH: Final = 640
_PAD: Final = 8


def _text(x: float, y: float, text: str, anchor: str = "start", size: int = 12) -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
        f'fill="{INK}">{escape(text)}</text>'
    )


def _svg(kind: str, title: str, height: float, body: Sequence[str]) -> str:
    return (
        f'<svg class="chart {kind}" viewBox="0 0 {_WIDTH} {height:.0f}" role="img">'
        f"<title>{escape(title)}</title>" + "".join(body) + "</svg>"
    )


def signed_bars(title: str, rows: Sequence[tuple[str, float, str]]) -> str:
    """One horizontal bar per row, from a zero line to the right for gains (green) and to
    the left for losses (red); each row is (label, value, the value as written)."""
    top = max((abs(v) for _l, v, _t in rows), default=0.0) or 1.0
    room = 90  # for the written value beyond the longest bar, on either side
    half = (_WIDTH - _LABEL - 2 * _PAD - 2 * room) / 2
    zero = _LABEL + _PAD + room + half
    height = _PAD * 2 + _ROW * len(rows)
    body = [
        f'<line x1="{zero:.1f}" x2="{zero:.1f}" y1="{_PAD}" y2="{height - _PAD}" stroke="{FRAME}"/>'
    ]
    for i, (label, value, written) in enumerate(rows):
        y = _PAD + i * _ROW
        length = half * abs(value) / top
        x = zero if value >= 0 else zero - length
        colour = GAIN if value >= 0 else LOSS
        body.append(_text(_LABEL, y + 17, label, "end"))
        body.append(
            f'<rect class="bar" x="{x:.1f}" y="{y + 4}" width="{length:.1f}" '
            f'height="{_ROW - 8}" fill="{colour}"><title>{escape(f"{label}: {written}")}'
            "</title></rect>"
        )
        if value >= 0:
            body.append(_text(zero + length + 4, y + 17, written))
        else:
            body.append(_text(zero - length - 4, y + 17, written, "end"))
    return _svg("signed", title, height, body)


def paired_bars(
    title: str,
    legend: tuple[str, str],
    rows: Sequence[tuple[str, float | None, float | None, str, str]],
) -> str:
    """Two bars per row on a scale of 0 to 100%: each row is (label, first fraction, second
    fraction, each as written); a fraction of None draws no bar. ``legend`` names the two."""
    plot = _WIDTH - _LABEL - 2 * _PAD - 60
    left = _LABEL + _PAD
    height = _PAD * 2 + 20 + _ROW * len(rows)
    body = []
    for k, (name, colour) in enumerate(zip(legend, (SHARE, WINS), strict=True)):
        x = left + k * 160
        body.append(f'<rect x="{x}" y="{_PAD}" width="12" height="12" fill="{colour}"/>')
        body.append(_text(x + 16, _PAD + 11, name))
    base = _PAD + 20
    body.append(
        f'<line x1="{left}" x2="{left}" y1="{base}" y2="{height - _PAD}" stroke="{FRAME}"/>'
    )
    for i, (label, first, second, first_text, second_text) in enumerate(rows):
        y = base + i * _ROW
        body.append(_text(_LABEL, y + 17, label, "end"))
        for k, (fraction, written, colour) in enumerate(
            ((first, first_text, SHARE), (second, second_text, WINS))
        ):
            if fraction is None:
                continue
            bar_y = y + 3 + k * 10
            length = plot * fraction
            body.append(
                f'<rect class="bar" x="{left}" y="{bar_y}" width="{length:.1f}" height="9" '
                f'fill="{colour}"><title>{escape(f"{label}: {written}")}</title></rect>'
            )
            body.append(_text(left + length + 4, bar_y + 8, written, size=10))
    return _svg("paired", title, height, body)


__all__ = ["paired_bars", "signed_bars"]
