"""While PostgreSQL is down, every request that needs it answers 503 ``unavailable``
(problem+json, Retry-After) instead of hanging or a 500, and once it is back the very first
request succeeds: no dead pooled connection is lent out. On a PostgreSQL cluster of the
test's own (``pg_createcluster`` on a free port), so the machine's server is never stopped."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from . import stack
from .helpers import ApiClient

pytestmark = pytest.mark.e2e

VERSION = "15"
BOTS = [{"kind": "bot", "level": "easy"}] * 3


def _cluster(*args: str) -> None:
    subprocess.run(["pg_ctlcluster", VERSION, *args], check=True, capture_output=True, timeout=60)


@pytest.fixture
def own_cluster() -> Iterator[tuple[str, str]]:
    """``(name, server URL)`` of a PostgreSQL cluster made for this test, dropped after it."""
    if shutil.which("pg_createcluster") is None or os.geteuid() != 0:
        pytest.skip("needs Debian's pg_createcluster, run as root, to make a cluster of its own")
    name, port = f"hearts_outage_{os.getpid()}", stack.free_port()
    subprocess.run(["pg_createcluster", VERSION, name, "-p", str(port), "--", "--auth=trust"],
                   check=True, capture_output=True, timeout=120)
    try:
        _cluster(name, "start")
        yield name, f"postgres://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(["pg_dropcluster", VERSION, name, "--stop"], capture_output=True, timeout=120)


def _unavailable(response: httpx.Response) -> None:
    assert response.status_code == 503, response.text
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["code"] == "unavailable"
    assert response.headers["retry-after"] == "3" and response.json()["retry_after"] == 3


def test_a_database_outage_answers_503_and_the_first_request_after_it_succeeds(
        own_cluster: tuple[str, str], tmp_path: Path) -> None:
    name, server_url = own_cluster
    database_url = stack.create_database(server_url, "hearts")
    env = {**stack.service_env(database_url), "DB_POOL_TIMEOUT": "2"}
    stack.manage_ok(["migrate", "--noinput", "-v", "0"], env)
    server, base_url = stack.start_gunicorn(env, tmp_path, workers=1)
    try:
        client = ApiClient.register(base_url, "outage")
        match = client.create_match([{"kind": "player"}, *BOTS], {"pass_rotation": ["hold"]})
        view = client.view(match["id"]).json()
        assert view["is_your_turn"] or view["to_act"]

        _cluster(name, "stop", "-m", "fast")
        _unavailable(client.view(match["id"]))
        _unavailable(client.request("GET", "/lobby"))
        _unavailable(httpx.post(f"{base_url}/api/v1/players", json={"username": "late"}, timeout=30))
        health = httpx.get(f"{base_url}/healthz", timeout=30)
        assert health.status_code == 503 and health.json()["database"].startswith("error")

        _cluster(name, "start")
        assert client.view(match["id"]).status_code == 200  # the first request after it
        # A restart while the pool holds connections: none of them is lent out dead.
        _cluster(name, "restart", "-m", "fast")
        responses = [client.view(match["id"]) for _ in range(3)]
        assert [r.status_code for r in responses] == [200, 200, 200]
        assert responses[0].json()["version"] == view["version"]
    finally:
        server.stop()
