"""``make up`` starts the web server, a worker and beat from the Procfile in one command,
against PostgreSQL and Redis: the server answers, the worker plays a match of bots to its
end, beat runs, and stopping ``make up`` stops all three; without a SECRET_KEY it refuses
to start."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import httpx
import pytest

from . import stack
from .helpers import ApiClient

pytestmark = pytest.mark.e2e


def _broker() -> str:
    """A Redis database two below the e2e stacks' base (13 by default): a worker of another
    stack must not take this one's tasks."""
    base = (os.environ.get("E2E_BROKER_URL") or os.environ.get("CELERY_BROKER_URL")
            or stack.DEFAULT_BROKER_URL)
    parts = urlsplit(base)
    return urlunsplit(parts._replace(path=f"/{int(parts.path.strip('/')) - 2}"))


def test_make_up_runs_web_worker_and_beat_in_one_command(tmp_path: Path) -> None:
    server_url = stack.postgres_server_url()
    name = f"hearts_up_{stack.free_port()}"
    database_url = stack.create_database(server_url, name)
    broker, port = _broker(), stack.free_port()
    unreachable = stack.redis_unreachable(broker)
    if unreachable:
        pytest.skip(unreachable)
    stack.purge_broker(broker)
    env = {**stack.service_env(database_url, broker), "PORT": str(port), "HOST": "127.0.0.1"}
    up = stack.ManagedProcess("make up", ["make", "--no-print-directory", "up"], env,
                              tmp_path / "make-up.log").start()
    base_url = f"http://127.0.0.1:{port}"
    try:
        def healthy() -> bool:
            body = httpx.get(f"{base_url}/healthz", timeout=5, verify=stack.TLS).json()
            return body["database"] == "ok" and body["broker"] == "ok"

        stack.wait_until(healthy, timeout=90, what="make up's server to be healthy", process=up)
        client = ApiClient.register(base_url, "up")
        match = client.create_match([{"kind": "bot", "level": "easy"}] * 4, {"target_score": 20})
        finished = stack.wait_until(
            lambda: client.summary(match["id"])["status"] == "finished", timeout=90,
            what="the worker to play the match out", process=up)
        assert finished
        log = (tmp_path / "make-up.log").read_text()
        assert "beat: Starting" in log and "celery@" in log  # beat and the worker both ran
    finally:
        up.stop()
        stack.drop_database(server_url, name)
    assert up.exited


def test_make_up_refuses_to_start_without_a_secret_key() -> None:
    env = {**stack.service_env(stack.DEFAULT_DATABASE_URL, _broker()), "SECRET_KEY": ""}
    refused = subprocess.run(["make", "--no-print-directory", "up"], cwd=stack.ROOT, env=env,
                             capture_output=True, text=True, timeout=60)
    assert (refused.returncode, refused.stdout) == (2, (
        "make up needs DATABASE_URL (PostgreSQL), CELERY_BROKER_URL (Redis) and SECRET_KEY "
        "exported\n"))
