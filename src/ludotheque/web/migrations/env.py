"""Alembic environment: the URL comes from the caller's Config (`sqlalchemy.url`)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from ludotheque.web.db import metadata

config = context.config
engine = create_engine(config.get_main_option("sqlalchemy.url"))
with engine.connect() as connection:
    context.configure(connection=connection, target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()
engine.dispose()
