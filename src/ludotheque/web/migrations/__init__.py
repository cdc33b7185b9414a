"""Alembic migrations of the web tables' schema (shipped in the package).

`ludotheque migrate --database URL` runs them; a server refuses a schema it does not know.
"""
