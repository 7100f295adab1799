"""The duplicate challenge: each participant's table per deal, and the server's secrets.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "challenge_entries",
        sa.Column("challenge", sa.String(10), primary_key=True),
        sa.Column("account_id", sa.String(32), primary_key=True),
        sa.Column("deal", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.String(32), nullable=False, unique=True),
        sa.Column("ranked", sa.Boolean(), nullable=False),
        sa.Column("payout", sa.Integer(), nullable=True),
        sa.Column("started", sa.Float(), nullable=False),
        sa.Column("finished", sa.Float(), nullable=True),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"]),
    )
    op.create_table(
        "server_secrets",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("server_secrets")
    op.drop_table("challenge_entries")
