"""What the fault tests start, break and stop: a PostgreSQL cluster (one per test process:
``fault_cluster``) and a redis-server of the test's own (never the machine's), a whole
deployment on them (gunicorn with uvicorn workers, a Celery worker, beat), and players
that keep playing through a fault while every answer they get is recorded.

The ports are the fault tests' own: PostgreSQL on 5441-5449, Redis on 6381-6389; under
pytest-xdist each of its N test processes takes every Nth port of them, so two never pick
one alike.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import pytest

from . import stack
from .helpers import ApiClient, choose_move, submit

PG_VERSION = "15"
PG_PORTS = range(5441, 5450)
REDIS_PORTS = range(6381, 6390)
# What a client may be answered besides a 2xx while a dependency of the server fails:
# a refusal it can act on, or "try again"; never a 500.
ALLOWED_STATUSES = frozenset({409, 412, 503})


def own_port(ports: range) -> int:
    """A port of ``ports`` that nothing listens on (on the loopback, nor a PostgreSQL
    server listening elsewhere: its socket's lock names a live process), from this xdist
    process's share."""
    index = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))
    processes = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    for port in ports[index % processes::processes]:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) != 0 and not _postgres_holds(port):
                return port
    raise AssertionError(f"no free port in {ports}")


def _postgres_holds(port: int) -> bool:
    """Whether a live PostgreSQL server holds ``port``'s socket (a stale lock does not)."""
    try:
        pid = int(Path(f"/var/run/postgresql/.s.PGSQL.{port}.lock").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return False
    return Path(f"/proc/{pid}").exists()


# --- PostgreSQL ---------------------------------------------------------------------------


@dataclass
class PostgresCluster:
    """A PostgreSQL cluster of the test's own (Debian's ``pg_createcluster``), trusting
    local connections; its server's URL is ``server_url``."""

    name: str
    port: int

    @property
    def server_url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/postgres"

    def ctl(self, *args: str) -> None:
        """``pg_ctlcluster`` on this cluster: start, stop (``-m fast``: clients cut at once),
        restart, status."""
        subprocess.run(["pg_ctlcluster", PG_VERSION, self.name, *args], check=True,
                       capture_output=True, timeout=60)

    def stop(self) -> None:
        self.ctl("stop", "-m", "fast")

    def start(self) -> None:
        self.ctl("start")

    def restart(self) -> None:
        self.ctl("restart", "-m", "fast")

    def started(self) -> PostgresCluster:
        """This cluster, started if a test left it stopped."""
        try:
            self.ctl("status")
        except subprocess.CalledProcessError:
            self.start()
        return self


@contextmanager
def postgres_cluster(prefix: str) -> Iterator[PostgresCluster]:
    """A started cluster made for the caller, dropped after it. Skips without Debian's
    ``pg_createcluster`` run as root."""
    if shutil.which("pg_createcluster") is None or os.geteuid() != 0:
        pytest.skip("needs Debian's pg_createcluster, run as root, to make a cluster of its own")
    cluster = PostgresCluster(f"{prefix}_{os.getpid()}", own_port(PG_PORTS))
    subprocess.run(["pg_createcluster", PG_VERSION, cluster.name, "-p", str(cluster.port),
                    "--start-conf=manual", "--", "--auth=trust"],
                   check=True, capture_output=True, timeout=120)
    try:
        cluster.start()
        yield cluster
    finally:
        stack.forget_migrated_template(cluster.server_url)
        subprocess.run(["pg_dropcluster", PG_VERSION, cluster.name, "--stop"],
                       capture_output=True, timeout=120)


# --- Redis --------------------------------------------------------------------------------


class RedisServer:
    """A redis-server of the test's own on ``port``, keeping nothing on disk: a restart
    loses every queued and unacknowledged task, as a Redis without persistence does."""

    def __init__(self, port: int, log_dir: Path) -> None:
        self.port, self.log_dir, self.starts = port, log_dir, 0
        self.url = f"redis://127.0.0.1:{port}/0"
        self.process: stack.ManagedProcess | None = None

    def start(self) -> None:
        """Start it (again, on the same port); returns once it answers PING."""
        server = shutil.which("redis-server")
        if server is None:
            pytest.skip("needs redis-server to run a Redis of its own")
        self.starts += 1
        self.process = stack.ManagedProcess(f"redis-server {self.starts}", [
            server, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
            "--appendonly", "no"], {}, self.log_dir / f"redis-{self.starts}.log").start()
        stack.wait_until(lambda: stack.redis_unreachable(self.url) is None, timeout=20,
                         what=f"redis-server on {self.port}", process=self.process)

    def stop(self) -> None:
        if self.process is not None:
            self.process.stop()
            self.process = None

    def client(self) -> Any:
        import redis

        return redis.Redis.from_url(self.url, socket_connect_timeout=1, socket_timeout=2)

    def unacknowledged(self) -> int:
        """How many tasks a worker holds unacknowledged (kombu's ``unacked`` hash): waiting
        for their countdown or deadline, or running."""
        client = self.client()
        try:
            return int(client.hlen("unacked"))
        finally:
            client.close()


# --- the deployment -----------------------------------------------------------------------


@dataclass
class Deployment:
    """Everything of a production set-up, each its own process: gunicorn at ``base_url``,
    a Celery worker, beat, on ``cluster`` and ``redis``."""

    cluster: PostgresCluster
    redis: RedisServer
    env: dict[str, str]
    base_url: str
    log_dir: Path
    worker: stack.ManagedProcess
    workers_started: int = 1

    def kill_worker(self) -> None:
        """SIGKILL the worker and its pool's children at once: no task is given back."""
        assert self.worker.popen is not None
        os.killpg(self.worker.popen.pid, signal.SIGKILL)
        self.worker.popen.wait(timeout=10)
        self.worker.stop()  # its children, should any linger, and the running list

    def start_worker(self) -> None:
        """A new worker (its log beside the last one's); returns once it answers a ping."""
        self.workers_started += 1
        log_dir = self.log_dir / f"worker-{self.workers_started}"
        log_dir.mkdir()
        self.worker = stack.start_celery_worker(self.env, log_dir, self.redis.url)

    def health(self) -> httpx.Response:
        return httpx.get(f"{self.base_url}/healthz", timeout=30, verify=stack.TLS)


@contextmanager
def deployment(log_dir: Path, cluster: PostgresCluster, **env: str) -> Iterator[Deployment]:
    """A migrated database on ``cluster``, a redis-server, gunicorn (2 uvicorn workers, as
    ``make serve`` runs it on PostgreSQL), a Celery worker and beat, all of the caller's own,
    stopped and dropped after it. ``env`` is added to the processes' environment. What does
    not wait on another starts alongside it."""
    redis = RedisServer(own_port(REDIS_PORTS), log_dir)
    with ExitStack() as cleanup, ThreadPoolExecutor(max_workers=3) as starting:
        cleanup.callback(redis.stop)
        redis_up = starting.submit(redis.start)
        database_url = stack.create_migrated_database(cluster.server_url, "hearts")
        cleanup.callback(lambda: stack.drop_database(cluster.started().server_url, "hearts"))
        redis_up.result()
        service_env = {**stack.service_env(database_url, redis.url), "DB_POOL_TIMEOUT": "2", **env}
        worker_up = starting.submit(stack.start_celery_worker, service_env, log_dir, redis.url)
        web_up = starting.submit(stack.start_gunicorn, service_env, log_dir)
        running: dict[str, stack.ManagedProcess] = {}
        cleanup.callback(lambda: _stop_together(list(running.values())))
        if worker_up.exception() is None:  # waits for both; one that failed stopped itself
            running["worker"] = worker_up.result()
        if web_up.exception() is None:
            running["web"] = web_up.result()[0]
        found = Deployment(cluster, redis, service_env, web_up.result()[1], log_dir,
                           worker_up.result())
        running["beat"] = stack.ManagedProcess("celery beat", [
            str(stack.BIN / "celery"), "-A", "config", "beat", "-l", "INFO",
            "--schedule", str(log_dir / "beat-schedule")], service_env, log_dir / "beat.log").start()
        try:
            yield found
        finally:
            running["worker"] = found.worker  # the test may have replaced it


def _stop_together(processes: list[stack.ManagedProcess]) -> None:
    with ThreadPoolExecutor(max_workers=len(processes) or 1) as stopping:
        for process in processes:
            stopping.submit(process.stop)


# --- players ------------------------------------------------------------------------------


@dataclass
class Answer:
    """One request a player made: when it was sent (``time.time()``), what it was (``view``,
    ``wait``, ``pass``, ``play``), the status (None: no answer, ``error`` says why) and how
    many seconds the answer took."""

    at: float
    what: str
    status: int | None
    seconds: float
    error: str = ""


@dataclass
class SeatPlayer:
    """Plays one seat of a match to its end in a thread of its own, as a client that meets
    an outage would: it retries after a 503 or no answer, re-reads after a 409 or 412, and
    sends every move with ``If-Match`` so a move retried after it committed is a 412, never
    a second move. While ``gate`` is clear it waits at its turn (``at_gate`` set) instead of
    moving: a test holds the moves back while it sets a fault up. Once ``closing`` is set
    it stops (its test is over)."""

    client: ApiClient
    match_id: str
    gate: threading.Event
    closing: threading.Event
    timeout: float = 120
    answers: list[Answer] = field(default_factory=list)
    at_gate: threading.Event = field(default_factory=threading.Event)
    failure: BaseException | None = None
    thread: threading.Thread | None = None

    def start(self) -> SeatPlayer:
        self.thread = threading.Thread(target=self._run, name=f"{self.client.username}", daemon=True)
        self.thread.start()
        return self

    def join(self) -> None:
        assert self.thread is not None
        self.thread.join(self.timeout + 30)
        assert not self.thread.is_alive(), f"{self.client.username} still playing {self.match_id}"
        if self.failure is not None:
            raise self.failure

    def moves(self) -> list[Answer]:
        return [answer for answer in self.answers if answer.what in ("pass", "play")]

    def _run(self) -> None:
        try:
            self._play()
        except BaseException as error:  # handed to the test by join
            self.failure = error

    def _request(self, what: str, send: Callable[[], httpx.Response]) -> httpx.Response | None:
        """``send()``, its answer recorded; None when there was none."""
        at = time.time()
        try:
            response = send()
        except httpx.TransportError as error:
            self.answers.append(Answer(at, what, None, time.time() - at, repr(error)))
            return None
        self.answers.append(Answer(at, what, response.status_code, time.time() - at))
        return response

    def _play(self) -> None:
        deadline = time.monotonic() + self.timeout
        path = f"/matches/{self.match_id}"
        while time.monotonic() < deadline:
            if self.closing.is_set():
                return
            response = self._request("view", partial(self.client.request, "GET", f"{path}/view"))
            if response is None or response.status_code != 200:
                time.sleep(0.2)  # an outage: a 503's Retry-After is 3 s, too long for a test
                continue
            view = response.json()
            if view["status"] == "finished":
                return
            if view["is_your_turn"]:
                if not self.gate.is_set():
                    self.at_gate.set()
                    self.gate.wait()
                    self.at_gate.clear()
                move = choose_move(view)
                self._request(move[0], partial(submit, self.client, self.match_id, move,
                                               headers={"If-Match": f'"{view["version"]}"'}))
                continue
            self._request("wait", partial(self.client.request, "GET", f"{path}/events", params={
                "after": view["version"], "limit": 1, "wait": 1}))
        raise AssertionError(f"{self.client.username}: match {self.match_id} not finished "
                             f"after {self.timeout}s")


# --- after the fault ----------------------------------------------------------------------


def next_event_after(database_url: str, match_id: str, moment: float) -> tuple[float, str] | None:
    """Seconds from ``moment`` (``time.time()``) to the match's first event committed after
    it, and what that event was (its type, and its seat's number for a seat's move); None
    when there is none."""
    import psycopg

    with psycopg.connect(stack.libpq(database_url)) as conn:
        row = conn.execute(
            "SELECT type, seat, created_at FROM games_event WHERE match_id = %s AND created_at > %s"
            " ORDER BY seq LIMIT 1", (uuid.UUID(match_id), datetime.fromtimestamp(moment, UTC)),
        ).fetchone()
    if row is None:
        return None
    type_, seat, created_at = row
    return created_at.timestamp() - moment, type_ if seat is None else f"{type_} (seat {seat})"
