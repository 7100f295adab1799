"""The logistic function the bots' fitted models share (hand inference, Kontra/Re, bids)."""

from __future__ import annotations

import math


def sigmoid(z: float) -> float:
    """1 / (1 + e^-z), with ``z`` clipped to ±30 so that no input overflows.

    >>> sigmoid(0.0), round(sigmoid(2.0), 4), sigmoid(-1e9) > 0
    (0.5, 0.8808, True)
    """
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
