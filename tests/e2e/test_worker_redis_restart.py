"""A worker outlives a Redis restart while it holds an unacknowledged task (config/broker.py:
without that fix kombu 5.7.0 and celery 5.7.0 end it with ``Unrecoverable error:
AttributeError("'NoneType' object has no attribute 'hostname'")``), reconnects, and runs
the tasks queued after. On a redis-server of the test's own (the machine's is never
restarted)."""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import redis
from celery import Celery

from . import stack

pytestmark = pytest.mark.e2e


def _redis_server(port: int) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1",
                               "--save", "", "--appendonly", "no"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    stack.wait_until(lambda: redis.Redis(port=port, socket_timeout=1).ping(), timeout=10,
                     what=f"redis-server on port {port}")
    return server


@pytest.fixture
def own_redis() -> Iterator[tuple[int, list[subprocess.Popen[bytes]]]]:
    """A free port and the redis-server(s) started on it (the test restarts it), all stopped
    after."""
    if shutil.which("redis-server") is None:
        pytest.skip("needs redis-server to run a Redis of its own")
    port = stack.free_port()
    servers = [_redis_server(port)]
    try:
        yield port, servers
    finally:
        for server in servers:
            server.terminate()
            server.wait(timeout=10)


def test_a_worker_holding_an_unacknowledged_task_outlives_a_redis_restart(
        own_redis: tuple[int, list[subprocess.Popen[bytes]]], tmp_path: Path) -> None:
    port, servers = own_redis
    broker = f"redis://127.0.0.1:{port}/0"
    # A work ticket with no move owed does nothing: an empty SQLite database is enough.
    env = stack.service_env(f"sqlite:///{tmp_path / 'db.sqlite3'}", broker)
    stack.manage_ok(["migrate", "--noinput", "-v", "0"], env)
    node = f"restart-{uuid.uuid4().hex[:6]}@{socket.gethostname()}"
    worker = stack.ManagedProcess("celery worker", [
        str(stack.BIN / "celery"), "-A", "config", "worker", "--concurrency", "1", "-l", "INFO",
        "--hostname", node, "--without-gossip", "--without-mingle",
    ], env, tmp_path / "worker.log").start()
    app = Celery("e2e-restart", broker=broker, set_as_current=False)
    try:
        stack.wait_until(lambda: app.control.ping(destination=[node], timeout=1.0), timeout=60,
                         what="the worker to answer ping", process=worker, interval=0.5)
        due = datetime.now(UTC) + timedelta(minutes=10)
        # To a queue of the worker's (config/settings/workers.py, CELERY_TASK_QUEUES): this bare app
        # knows none of the project's routes.
        held = app.send_task("bots.tasks.work", eta=due, queue="bots")
        stack.wait_until(lambda: f"work[{held.id}] received" in worker.log_path.read_text(),
                         timeout=20, what="the worker to hold the task", process=worker)

        servers[0].terminate()  # SIGTERM: Redis shuts down, closing every connection
        servers[0].wait(timeout=10)
        stack.wait_until(lambda: "Connection to broker lost" in worker.log_path.read_text(),
                         timeout=20, what="the worker to see Redis gone", process=worker)
        servers.append(_redis_server(port))

        after = app.send_task("bots.tasks.work", queue="bots")
        stack.wait_until(lambda: f"work[{after.id}] succeeded" in worker.log_path.read_text(),
                         timeout=60, what="the worker to run a task queued after the restart",
                         process=worker)
        assert not worker.exited
        log = worker.log_path.read_text()
        assert not re.search(r"Unrecoverable error|CRITICAL", log), worker.log_tail()
    finally:
        app.close()
        worker.stop()
