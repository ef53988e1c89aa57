"""Alembic's entry: run the migrations on the store's database, in one transaction.

The database is the connection :func:`tracer.service.storage.store.upgrade` hands over
(``config.attributes["connection"]``), else the ``-x db=...`` of the command line
(``alembic -x db=postgresql://host/gametrace upgrade head``), else ``sqlalchemy.url`` of
alembic.ini, else the default store of ``gametrace serve``.  A path is a SQLite file.
"""

from __future__ import annotations

from logging.config import fileConfig

from alembic import context
from sqlalchemy import Connection

from tracer.service.storage.store import connect_engine, locked_migration
from tracer.service.storage.store_schema import metadata


def run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    context.run_migrations()


def main() -> None:
    config = context.config
    given = config.attributes.get("connection")
    if given is not None:
        run(given)  # the store's own transaction, locked already
        return
    if config.config_file_name is not None:  # the alembic command: log as alembic.ini says
        fileConfig(config.config_file_name, disable_existing_loggers=False)
    url = context.get_x_argument(as_dictionary=True).get("db") \
        or config.get_main_option("sqlalchemy.url")
    if not url:
        from tracer.service.storage.places import default_db

        url = str(default_db())
    engine = connect_engine(url)
    try:
        with locked_migration(engine) as connection:
            run(connection)
    finally:
        engine.dispose()


main()
