"""The web server: real-time Schafkopf tables for people and bots (FastAPI, WebSocket, SQL).

``schafkopf serve`` runs :func:`schafkopf.server.app.create_app` under uvicorn. The pieces:
:mod:`~schafkopf.server.table` (one table's authoritative state, pure), :mod:`~.store` (every
accepted action in SQL), :mod:`~.hub` (live tables, bots, timers, news per seat),
:mod:`~.protocol` (the messages) and :mod:`~.app` (routes).
"""
