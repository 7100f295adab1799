"""Ratings: each rated player's current rating, and each rated game's change of it.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("key", sa.String(80), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated", sa.Float(), nullable=False),
    )
    op.create_table(
        "rated_games",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.Integer(), primary_key=True),
        sa.Column("key", sa.String(80), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("before_mu", sa.Float(), nullable=False),
        sa.Column("before_sigma", sa.Float(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"]),
    )
    op.create_index("ix_rated_games_key", "rated_games", ["key"])


def downgrade() -> None:
    op.drop_table("rated_games")
    op.drop_table("ratings")
