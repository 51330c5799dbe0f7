"""Fixtures of the end-to-end tests: real gunicorn and Celery worker processes on a database
of their own (PostgreSQL + Redis), or gunicorn alone on a SQLite file (the embedded default).

These tests never use pytest-django's ``db`` fixture: the processes they start own their
database, and the tests read it with psycopg / sqlite3 directly.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from . import stack
from .faults import PostgresCluster, postgres_cluster
from .helpers import DURATIONS
from .stack import Stack


@pytest.fixture(scope="session")
def e2e_stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    """A fresh PostgreSQL database (migrated), gunicorn and a Celery worker on Redis.
    Skips only when PostgreSQL or Redis cannot be reached. Under pytest-xdist the tests
    using it run in one process (tests/scheduling.py, ``UNITS``)."""
    with serving(tmp_path_factory.mktemp("e2e-logs"), f"hearts_e2e_{os.getpid()}",
                 stack.broker_url()) as found:
        yield found


@pytest.fixture(scope="session")
def _fault_cluster() -> Iterator[PostgresCluster]:
    with postgres_cluster("hearts_faults") as cluster:
        yield cluster


@pytest.fixture
def fault_cluster(_fault_cluster: PostgresCluster) -> PostgresCluster:
    """This test process's PostgreSQL cluster of its own (tests/e2e/faults.py), started: the
    tests that stop or restart PostgreSQL share it, each with a database of its own."""
    return _fault_cluster.started()


@pytest.fixture
def own_stack(tmp_path: Path) -> Iterator[Stack]:
    """A stack like ``e2e_stack``'s, of the test's own: nothing another test left runs on it."""
    with serving(tmp_path, f"hearts_own_{os.getpid()}", stack.own_broker_url()) as found:
        yield found


@contextmanager
def serving(log_dir: Path, name: str, broker: str) -> Iterator[Stack]:
    """A database ``name`` (migrated), a Celery worker, beat and gunicorn on the Redis
    database ``broker`` (emptied first); all stopped and the database dropped after."""
    server_url = stack.postgres_server_url()
    unreachable = [r for r in (stack.postgres_unreachable(server_url), stack.redis_unreachable(broker)) if r]
    if unreachable:
        pytest.skip("the PostgreSQL + Redis end-to-end stack is not available: " + "; ".join(unreachable))
    database_url = stack.create_migrated_database(server_url, name)
    processes: list[stack.ManagedProcess] = []
    try:
        env = stack.service_env(database_url, broker)
        stack.purge_broker(broker)
        with ThreadPoolExecutor(max_workers=2) as starting:  # neither waits on the other
            worker_up = starting.submit(stack.start_celery_worker, env, log_dir, broker)
            web_up = starting.submit(stack.start_gunicorn, env, log_dir)
        # One that failed stopped itself; the other is stopped below.
        processes += [worker_up.result()] if worker_up.exception() is None else []
        processes += [web_up.result()[0]] if web_up.exception() is None else []
        worker_up.result()
        _, base_url = web_up.result()
        processes.append(stack.start_celery_beat(env, log_dir))
        yield Stack(base_url, database_url, env)
    finally:
        for process in reversed(processes):
            process.stop()
        stack.drop_database(server_url, name)


@pytest.fixture
def sqlite_stack(tmp_path: Path) -> Iterator[Stack]:
    """The embedded default (a SQLite file, eager Celery) behind gunicorn with 2 uvicorn workers:
    two processes writing one file, which the embedded default must survive."""
    database_url = f"sqlite:///{tmp_path / 'db.sqlite3'}"  # an absolute path: sqlite:////tmp/…
    env = stack.service_env(database_url, broker="")
    stack.manage_ok(["migrate", "--noinput", "-v", "0"], env)
    web, base_url = stack.start_gunicorn(env, tmp_path)
    try:
        yield Stack(base_url, database_url, env)
    finally:
        web.stop()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Any:
    """A failing e2e test's report carries the logs of the processes still running; a
    report carries the match durations its test recorded (to the summary, across xdist)."""
    report = yield
    if report.failed:
        for process in stack.RUNNING:
            report.sections.append((f"log of {process.name}", process.log_tail()))
    if report.when == "call":
        report.user_properties.extend(("e2e_duration", entry) for entry in DURATIONS)
        DURATIONS.clear()
    return report
