"""Real processes for the end-to-end tests: a database of their own, gunicorn, a Celery worker.

Everything here runs the project the way production does, as separate processes
started from ``.venv/bin``; the test process only talks HTTP to them and reads
the database directly (never through Django's connection, which pytest-django owns).
"""

from __future__ import annotations

import atexit
import json
import os
import secrets
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent  # the venv's bin: gunicorn, celery and python live there
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/hearts"
DEFAULT_BROKER_URL = "redis://127.0.0.1:6379/15"
# The TLS context every HTTP client of the tests is given (``verify=TLS``): httpx otherwise
# builds one for each client, reading certifi's bundle (about 30 ms of CPU), and the tests
# make hundreds of clients, one for each ``httpx.get``.
TLS = httpx.create_ssl_context()

# Processes started and not yet stopped: their logs go into the report of a failing test.
RUNNING: list[ManagedProcess] = []


@dataclass(frozen=True)
class Stack:
    """Running services: the server's base URL, the database URL and the environment they run
    with (also right for ``manage.py`` runs against that database)."""

    base_url: str
    database_url: str
    env: dict[str, str]


# --- configuration ------------------------------------------------------------------------


def postgres_server_url() -> str:
    """The PostgreSQL server to create the e2e database on: DATABASE_URL's, or the default."""
    url = os.environ.get("DATABASE_URL", "")
    return url if url.startswith(("postgres://", "postgresql://", "pgsql://")) else DEFAULT_DATABASE_URL


def broker_url() -> str:
    """The broker the e2e server and worker share (``make test`` exports E2E_BROKER_URL).
    Under pytest-xdist each test process has a stack of its own, so worker gwN takes the
    Redis database N below the URL's (15, 14, …): no Celery worker takes another's task."""
    url = (os.environ.get("E2E_BROKER_URL") or os.environ.get("CELERY_BROKER_URL")
           or DEFAULT_BROKER_URL)
    index = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))
    parts = urlsplit(url)
    database = int(parts.path.strip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{database - index}")) if index else url


def own_broker_url() -> str:
    """A Redis database four below the e2e stacks' base (11 by default), for the one stack a
    test starts of its own (``own_stack``): no worker of a shared stack takes its tickets."""
    base = (os.environ.get("E2E_BROKER_URL") or os.environ.get("CELERY_BROKER_URL")
            or DEFAULT_BROKER_URL)
    parts = urlsplit(base)
    return urlunsplit(parts._replace(path=f"/{int(parts.path.strip('/') or 0) - 4}"))


def with_database(url: str, name: str) -> str:
    """``url`` naming database ``name`` instead of its own."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


def libpq(url: str) -> str:
    """``url`` as libpq takes it (django-environ also takes pgsql://; libpq wants
    postgres:// or postgresql://)."""
    return "postgresql://" + url.split("://", 1)[1]


# The services' SECRET_KEY when none is exported (``make test`` exports one): one for every
# process this one starts, as a deployment's processes share theirs.
SECRET_KEY = os.environ.get("SECRET_KEY") or secrets.token_urlsafe(50)


def service_env(database_url: str, broker: str = "") -> dict[str, str]:
    """The environment of a server, worker or manage.py run (empty ``broker``: eager Celery)."""
    env = dict(os.environ)
    env.update({
        "DATABASE_URL": database_url,
        "CELERY_BROKER_URL": broker,
        "SECRET_KEY": SECRET_KEY,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "false",
        "PYTHONUNBUFFERED": "1",
        "LOG_LEVEL": "ERROR",  # not a line per refused move; errors (any 500) still logged
        "WEBHOOK_ALLOW_PRIVATE": "true",  # the tests' receivers listen on loopback
        # Hints and analyses search a tenth as long: these tests check their path, the
        # benchmarks their strength.
        "HINT_BUDGET_MS": "20",
        "ANALYSIS_WORK": "5000",
    })
    return env


# --- reachability and databases -----------------------------------------------------------


def postgres_unreachable(server_url: str) -> str | None:
    """Why PostgreSQL at ``server_url`` cannot be used, or None when it answers."""
    import psycopg

    try:
        with psycopg.connect(libpq(with_database(server_url, "postgres")), connect_timeout=3):
            return None
    except Exception as error:
        where = urlsplit(server_url).netloc
        return f"PostgreSQL at {where} unreachable ({_first_line(error)})"


def redis_unreachable(url: str) -> str | None:
    """Why the Redis broker at ``url`` cannot be used, or None when it answers PING."""
    import redis

    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)
        client.ping()
        client.close()
        return None
    except Exception as error:
        return f"Redis at {url} unreachable ({_first_line(error)})"


def _first_line(error: Exception) -> str:
    return f"{error.__class__.__name__}: {(str(error).splitlines() or [''])[0]}"


def create_database(server_url: str, name: str, template: str = "template1") -> str:
    """Create database ``name`` as a copy of ``template`` (dropping a leftover of that name
    first); return its URL."""
    import psycopg
    from psycopg import sql

    with psycopg.connect(libpq(with_database(server_url, "postgres")), autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        conn.execute(sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(
            sql.Identifier(name), sql.Identifier(template)))
    return with_database(server_url, name)


# server URL -> this process's migrated database there, which new ones copy (dropped at exit).
_MIGRATED_TEMPLATES: dict[str, str] = {}


def create_migrated_database(server_url: str, name: str) -> str:
    """``create_database`` of a database migrated as ``manage.py migrate`` leaves it: a copy
    of one this process migrated the first time (a copy takes a fraction of a migrate)."""
    if server_url not in _MIGRATED_TEMPLATES:
        template = f"hearts_migrated_{os.getpid()}"
        manage_ok(["migrate", "--noinput", "-v", "0"],
                  service_env(create_database(server_url, template)))
        _MIGRATED_TEMPLATES[server_url] = template
        atexit.register(_drop_migrated_template, server_url)
    return create_database(server_url, name, _MIGRATED_TEMPLATES[server_url])


def forget_migrated_template(server_url: str) -> None:
    """Forget this process's migrated database on ``server_url``: that server is gone."""
    _MIGRATED_TEMPLATES.pop(server_url, None)


def _drop_migrated_template(server_url: str) -> None:
    if (template := _MIGRATED_TEMPLATES.pop(server_url, None)) is not None:
        drop_database(server_url, template)


def add_deployment_arguments(parser: Any) -> None:
    """A benchmark's ``--root`` (the checkout to run), ``--database-url`` and ``--broker-url``
    (for ``scratch_deployment``) on its ``argparse`` parser."""
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--database-url", default=postgres_server_url())
    parser.add_argument("--broker-url", default="redis://127.0.0.1:6379/5")


@contextmanager
def scratch_deployment(server_url: str, broker: str, root: Path, name: str,
                       **settings: str) -> Iterator[tuple[dict[str, str], Path, list[ManagedProcess]]]:
    """A benchmark's deployment of the code in ``root``: database ``name`` on ``server_url``,
    migrated, and the Redis database ``broker`` emptied; yields the services' environment
    (``settings`` added), a log directory and a list of processes, which are stopped, and
    the database dropped, after."""
    database_url = create_database(server_url, name)
    env = {**service_env(database_url, broker), "PYTHONPATH": str(root), **settings}
    log_dir = Path(f"/tmp/{name}")
    log_dir.mkdir()
    processes: list[ManagedProcess] = []
    try:
        manage_ok(["migrate", "--noinput", "-v", "0"], env, cwd=root)
        purge_broker(broker)
        yield env, log_dir, processes
    finally:
        for process in reversed(processes):
            process.stop()
        purge_broker(broker)
        drop_database(server_url, name)


def drop_database(server_url: str, name: str) -> None:
    import psycopg
    from psycopg import sql

    with psycopg.connect(libpq(with_database(server_url, "postgres")), autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def read_event_log(database_url: str, match_id: str) -> list[tuple[int, str, dict[str, Any]]]:
    """The match's full, unredacted log ``(seq, type, payload)`` read straight from the
    ``games_event`` table (PostgreSQL or SQLite), oldest first."""
    query = "SELECT seq, type, payload FROM games_event WHERE match_id = {} ORDER BY seq"
    if database_url.startswith("sqlite"):
        path = Path(urlsplit(database_url).path[1:]).resolve()  # sqlite:////abs -> /abs
        conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=30)
        try:
            rows = conn.execute(query.format("?"), (uuid.UUID(match_id).hex,)).fetchall()
        finally:
            conn.close()
        return [(seq, type_, json.loads(payload)) for seq, type_, payload in rows]
    import psycopg

    with psycopg.connect(libpq(database_url)) as conn:
        rows = conn.execute(query.format("%s"), (uuid.UUID(match_id),)).fetchall()
    return [(seq, type_, payload) for seq, type_, payload in rows]


# --- processes ----------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def run_manage(args: list[str], env: dict[str, str], timeout: float = 120,
               cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """``python manage.py ARGS`` as a subprocess (in the checkout ``cwd``); stdout and
    stderr captured as text."""
    return subprocess.run([str(BIN / "python"), "manage.py", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout, check=False)


def manage_ok(args: list[str], env: dict[str, str], timeout: float = 120,
              cwd: Path = ROOT) -> str:
    """Run ``manage.py ARGS``; fail with its output unless it exits 0. Returns stdout."""
    done = run_manage(args, env, timeout, cwd)
    assert done.returncode == 0, (f"manage.py {' '.join(args)} exited {done.returncode}\n"
                                  f"stdout:\n{done.stdout}\nstderr:\n{done.stderr}")
    return done.stdout


@dataclass
class ManagedProcess:
    """A long-running subprocess in its own process group, its output in ``log_path``, run
    in the checkout ``cwd``."""

    name: str
    argv: list[str]
    env: dict[str, str]
    log_path: Path
    popen: subprocess.Popen[bytes] | None = field(default=None, repr=False)
    cwd: Path = ROOT

    def start(self) -> ManagedProcess:
        with open(self.log_path, "wb") as log:
            self.popen = subprocess.Popen(self.argv, cwd=self.cwd, env=self.env, stdout=log,
                                          stderr=subprocess.STDOUT, start_new_session=True)
        RUNNING.append(self)
        return self

    @property
    def exited(self) -> bool:
        return self.popen is not None and self.popen.poll() is not None

    def stop(self, grace: float = 10) -> None:
        """SIGTERM the whole group (gunicorn's and celery's children too), SIGKILL if slow."""
        if self in RUNNING:
            RUNNING.remove(self)
        if self.popen is None:
            return
        for sig, wait in ((signal.SIGTERM, grace), (signal.SIGKILL, 5)):
            try:
                os.killpg(self.popen.pid, sig)
            except ProcessLookupError:
                break
            try:
                self.popen.wait(timeout=wait)
            except subprocess.TimeoutExpired:
                continue
            if not _group_alive(self.popen.pid):
                break
            time.sleep(0.2)  # the leader is gone; give its children a moment, then insist

    def log_tail(self, lines: int = 150) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError as error:
            return f"(no log: {error})"
        tail = text.splitlines()[-lines:]
        return f"--- {self.name} (pid {self.popen.pid if self.popen else '-'}), " \
               f"last {len(tail)} lines of {self.log_path} ---\n" + "\n".join(tail)


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
        return True
    except ProcessLookupError:
        return False


def wait_until(check: Callable[[], Any], *, timeout: float, what: str,
               process: ManagedProcess | None = None, interval: float = 0.2) -> Any:
    """Call ``check`` until it returns something truthy; fail after ``timeout`` seconds or as
    soon as ``process`` exits, with its log."""
    deadline = time.monotonic() + timeout
    last: Any = None
    while time.monotonic() < deadline:
        if process is not None and process.exited:
            raise AssertionError(f"{process.name} exited ({process.popen.returncode}) while "  # type: ignore[union-attr]
                                 f"waiting for {what}\n{process.log_tail()}")
        try:
            last = check()
        except Exception as error:  # not up yet
            last = error
        if last and not isinstance(last, Exception):
            return last
        time.sleep(interval)
    logs = f"\n{process.log_tail()}" if process is not None else ""
    raise AssertionError(f"timed out after {timeout}s waiting for {what} (last: {last!r}){logs}")


@contextmanager
def _stopped_on_failure(process: ManagedProcess) -> Iterator[None]:
    """Stop ``process`` if it never gets ready (its log is in the failure message already)."""
    try:
        yield
    except BaseException:
        process.stop()
        raise


def healthy(base_url: str) -> bool:
    """Whether the server at ``base_url`` says ok at /healthz."""
    response = httpx.get(f"{base_url}/healthz", timeout=5, verify=TLS)
    return response.status_code == 200 and response.json().get("status") == "ok"


def start_gunicorn(env: dict[str, str], log_dir: Path, *, workers: int = 2,
                   extra: Sequence[str] = (), cwd: Path = ROOT) -> tuple[ManagedProcess, str]:
    """gunicorn with uvicorn workers serving config.asgi on a free port, as ``make serve``
    does (gunicorn.conf.py; ``extra``: more gunicorn options, after its own); waits until
    /healthz says ok."""
    port = free_port()
    web = ManagedProcess("gunicorn", [
        str(BIN / "gunicorn"), "config.asgi", "-c", "gunicorn.conf.py",
        "--bind", f"127.0.0.1:{port}", "--workers", str(workers),
        "--graceful-timeout", "5",  # tests stop their servers often; nothing here needs 10 s
        *extra,
    ], env, log_dir / "gunicorn.log", cwd=cwd).start()
    base_url = f"http://127.0.0.1:{port}"
    with _stopped_on_failure(web):
        wait_until(lambda: healthy(base_url), timeout=60, what=f"{base_url}/healthz to say ok", process=web)
    return web, base_url


def bare_celery(broker: str) -> Any:
    """A Celery app knowing only the broker: enough to purge and ping, no Django needed."""
    from celery import Celery

    return Celery("e2e-control", broker=broker, set_as_current=False)


def purge_broker(broker: str) -> None:
    """Empty the broker's Redis database, which the stack owns: no task an earlier run left
    in its queues, and no rate counter of its players (whose ids a fresh database gives
    again)."""
    import redis

    client = redis.Redis.from_url(broker, socket_connect_timeout=2, socket_timeout=5)
    try:
        client.flushdb()
    finally:
        client.close()


def start_celery_beat(env: dict[str, str], log_dir: Path, cwd: Path = ROOT) -> ManagedProcess:
    """``celery -A config beat``, as every deployment runs it (``make up``): its tick makes
    any due move whose ticket was lost (config/settings/workers.py)."""
    return ManagedProcess("celery beat", [
        str(BIN / "celery"), "-A", "config", "beat", "-l", "WARNING",
        "--schedule", str(log_dir / "celerybeat-schedule"),
    ], env, log_dir / "celery-beat.log", cwd=cwd).start()


def start_celery_worker(env: dict[str, str], log_dir: Path, broker: str,
                        cwd: Path = ROOT) -> ManagedProcess:
    """``celery -A config worker`` (prefork, 2 children); waits until it answers a ping."""
    node = f"e2e-{os.getpid()}@{socket.gethostname()}"
    worker = ManagedProcess("celery worker", [
        str(BIN / "celery"), "-A", "config", "worker", "--concurrency", "2", "--pool", "prefork",
        "-l", "WARNING", "--hostname", node, "--without-gossip", "--without-mingle",
    ], env, log_dir / "celery-worker.log", cwd=cwd).start()
    app = bare_celery(broker)
    with _stopped_on_failure(worker):
        try:
            wait_until(lambda: app.control.ping(destination=[node], timeout=1.0), timeout=60,
                       what=f"celery worker {node} to answer ping", process=worker, interval=0.5)
        finally:
            app.close()
    return worker
