"""Alembic's entry: migrate over the connection :func:`schafkopf.server.migrations.upgrade`
hands over (online only; the schema's SQL is not written out offline)."""

from alembic import context

connection = context.config.attributes["connection"]
if connection is None:
    raise RuntimeError("migrations run through schafkopf.server.migrations.upgrade")
context.configure(connection=connection, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
