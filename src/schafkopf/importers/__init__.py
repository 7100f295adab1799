"""Importers that turn other programs' game logs into ``schafkopf-record/1`` records."""
