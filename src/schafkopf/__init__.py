"""schafkopf: an exact, fast Schafkopf rules engine, game records, bots and play."""

__version__ = "0.1.0"
