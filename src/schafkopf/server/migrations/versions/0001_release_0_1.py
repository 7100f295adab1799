"""The schema of release 0.1, the last one before migrations.

Its databases have no ``alembic_version``, and those of its earlier development states lack
some of its tables (``closed_tables``, ``server_lease``, ``table_info``, ``seat_changes``,
``analyses`` came one by one): the missing ones are made, the rest are kept as they are.

Revision ID: 0001
Revises:
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _table_ref() -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(["table_id"], ["tables.id"])


_TABLES: dict[str, Callable[[], list[Any]]] = {
    "tables": lambda: [
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("config", sa.JSON(), nullable=False),
        sa.Column("invite", sa.String(64), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
    ],
    "seats": lambda: [
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("token", sa.String(64), nullable=True, unique=True),
        _table_ref(),
    ],
    "actions": lambda: [
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.Integer(), nullable=False),
        sa.Column("by", sa.String(16), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        _table_ref(),
    ],
    "table_info": lambda: [
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("public", sa.Boolean(), nullable=False),
        sa.Column("creator", sa.Integer(), nullable=True),
        sa.Column("next_table", sa.String(32), nullable=True),
        _table_ref(),
    ],
    "seat_changes": lambda: [
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(16), nullable=False),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("person", sa.String(60), nullable=True),
        sa.Column("after", sa.Integer(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        _table_ref(),
    ],
    "closed_tables": lambda: [
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("at", sa.Float(), nullable=False),
        _table_ref(),
    ],
    "analyses": lambda: [
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.Integer(), primary_key=True),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        _table_ref(),
    ],
    "server_lease": lambda: [
        sa.Column("name", sa.String(16), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("host", sa.String(255), nullable=False),
        sa.Column("pid", sa.Integer(), nullable=False),
        sa.Column("renewed", sa.Float(), nullable=False),
    ],
}


def upgrade() -> None:
    present = set(sa.inspect(op.get_bind()).get_table_names())
    for name, items in _TABLES.items():
        if name not in present:
            op.create_table(name, *items())


def downgrade() -> None:
    for name in reversed(list(_TABLES)):
        op.drop_table(name)
