"""A real Celery worker (``celery -A config worker``) on a real Redis keeps the task markers
(``bots.worker``): it takes the marker of each task it receives (a task held until its eta
too), deletes it when the task ends, takes its queues in order (control, then players, then
bots), and once it is killed its markers read as a dead worker's, so the sweep queues those
tasks again (tests/bots/test_markers.py: the sweep's side)."""

from __future__ import annotations

import os
import re
import signal
import socket
import uuid
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
import redis
from celery import Celery
from django.db import connection
from django.utils import timezone
from kombu import Exchange, Queue

from bots import markers
from tests.e2e import stack

from .test_markers import MARKER_REDIS_URL

QUEUES = ("control", "players", "bots")
# The broker's own keys (kombu's Redis transport) besides the queues: left by a killed worker.
BROKER_KEYS = ("unacked", "unacked_index", "unacked_mutex")


@pytest.fixture
def broker(settings) -> Iterator[tuple[Celery, redis.Redis]]:
    """A bare Celery app sending to MARKER_REDIS_URL's queues (emptied before and after), and
    a Redis client on it; the markers (settings) on the same Redis, as in production."""
    reason = stack.redis_unreachable(MARKER_REDIS_URL)
    if reason:
        pytest.skip(reason)
    settings.BOT_MARKER_REDIS_URL = MARKER_REDIS_URL
    app = Celery("test-worker", broker=MARKER_REDIS_URL, set_as_current=False)
    app.conf.task_queues = [Queue(name, Exchange(name), routing_key=name) for name in QUEUES]
    client = redis.Redis.from_url(MARKER_REDIS_URL)

    def empty() -> None:
        client.delete(*QUEUES, *BROKER_KEYS)
        leftovers = list(client.scan_iter(f"{markers.PREFIX}*"))
        if leftovers:
            client.delete(*leftovers)

    empty()
    try:
        yield app, client
    finally:
        empty()
        app.close()
        client.close()


def _send(app: Celery, task: str, args: list[object], queue: str, **options: object) -> str:
    """Queue ``task`` as ``bots.tasks._queue`` does: its marker first, then the message."""
    task_id = str(uuid.uuid4())
    if task != "bots.tasks.sweep":
        markers.queued(markers.marker_key(task.rpartition(".")[2], args[0], args[1]), task_id,
                       ttl_s=300)
    app.send_task(task, args, queue=queue, task_id=task_id, **options)
    return task_id


def _worker(log_dir: Path) -> tuple[stack.ManagedProcess, str]:
    """One worker process (concurrency 1) on the test database and MARKER_REDIS_URL."""
    if connection.vendor != "postgresql":
        pytest.skip("the worker process needs the test database on PostgreSQL (DATABASE_URL)")
    database = connection.settings_dict
    database_url = f"postgres://{database['USER']}@{database['HOST']}:{database['PORT']}/{database['NAME']}"
    node = f"markers-{uuid.uuid4().hex[:6]}@{socket.gethostname()}"
    worker = stack.ManagedProcess("celery worker", [
        str(stack.BIN / "celery"), "-A", "config", "worker", "--concurrency", "1", "-l", "INFO",
        "--hostname", node, "--without-gossip", "--without-mingle",
    ], stack.service_env(database_url, MARKER_REDIS_URL), log_dir / "worker.log").start()
    return worker, node


def _succeeded(log: str) -> list[str]:
    """The ids of the tasks the worker's log says succeeded, in order."""
    return re.findall(r"Task [\w.]+\[([0-9a-f-]+)\] succeeded", log)


def test_a_worker_takes_and_drops_markers_in_queue_order_and_its_death_uncovers_them(
        db, broker, tmp_path) -> None:
    app, client = broker
    # Queued before the worker starts, in the order least urgent first.
    bot_only = _send(app, "bots.tasks.stand_in", [str(uuid.uuid4()), timezone.now().isoformat()], "bots")
    with_player = _send(app, "bots.tasks.stand_in", [str(uuid.uuid4()), timezone.now().isoformat()],
                        "players")
    control = _send(app, "bots.tasks.sweep", [], "control")
    held_match, due = str(uuid.uuid4()), timezone.now() + timedelta(minutes=5)
    held = _send(app, "bots.tasks.stand_in", [held_match, due.isoformat()], "players", eta=due)
    held_key = markers.marker_key("stand_in", held_match, due)
    worker, node = _worker(tmp_path)
    try:
        def all_ran() -> bool:
            return {bot_only, with_player, control} <= set(_succeeded(worker.log_path.read_text()))

        stack.wait_until(all_ran, timeout=60, what="the three tasks to run", process=worker)
        order = [task for task in _succeeded(worker.log_path.read_text())
                 if task in {bot_only, with_player, control}]
        assert order == [control, with_player, bot_only]
        # Ended: their markers are gone. Held until its eta: taken by this worker, alive.
        assert list(client.scan_iter(f"{markers.PREFIX}stand_in:*")) == [held_key.encode()]
        value = client.get(held_key).decode()
        assert value.startswith(f"{held} {node}/")
        assert markers.covered([held_key]) == [True]
        os.killpg(worker.popen.pid, signal.SIGKILL)  # type: ignore[union-attr]
    finally:
        worker.stop()
    # Its liveness key lapses: nothing holds the task now, and the sweep may queue it again.
    stack.wait_until(lambda: markers.covered([held_key]) == [False],
                     timeout=markers.LIVENESS_MS / 1000 + 2, what="the marker to be uncovered")
