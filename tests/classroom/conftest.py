"""The class store under test: a SQLite file in a temporary folder, and a real PostgreSQL server (started once for
the session; on a machine without the server the PostgreSQL cases are skipped, except in CI, where they fail)."""

from __future__ import annotations

import os
import uuid
from contextlib import contextmanager

import pytest
import sqlalchemy as sa
from pg_server import postgres_server, server_programs

from classroom.store import open_store


@pytest.fixture(scope="session")
def postgres_url():
    if server_programs() is None:
        if os.environ.get("CI"):
            pytest.fail("CI must test the class store on PostgreSQL: install Debian's postgresql")
        pytest.skip("PostgreSQL's server is not installed")
    with postgres_server() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    """A new, empty class store's URL on each database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'class.db'}"
        return
    server = request.getfixturevalue("postgres_url")
    name = "t" + uuid.uuid4().hex[:12]
    admin = sa.create_engine(server.replace("postgresql://", "postgresql+psycopg://"), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.exec_driver_sql(f"CREATE DATABASE {name}")
    admin.dispose()
    yield server.rsplit("/", 1)[0] + "/" + name


@pytest.fixture
def store(store_url):
    opened = open_store(store_url)
    yield opened
    opened.close()


@pytest.fixture
def counted_queries():
    """``with counted_queries(store) as sent:`` the statements sent to the store's database inside the block (a
    transaction's BEGIN aside): what a page's look costs."""

    @contextmanager
    def counting(store):
        sent: list[str] = []

        def listen(conn, cursor, statement, *rest) -> None:
            if not statement.startswith("BEGIN"):
                sent.append(statement)

        sa.event.listen(store.engine, "before_cursor_execute", listen)
        try:
            yield sent
        finally:
            sa.event.remove(store.engine, "before_cursor_execute", listen)

    return counting
