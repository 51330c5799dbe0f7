"""While PostgreSQL is down, every request that needs it answers 503 ``unavailable``
(problem+json, Retry-After) instead of hanging or a 500, and once it is back the very first
request succeeds: no dead pooled connection is lent out. On the test process's PostgreSQL
cluster of its own (``fault_cluster``), so the machine's server is never stopped."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from . import stack
from .faults import PostgresCluster
from .helpers import ApiClient

pytestmark = pytest.mark.e2e

BOTS = [{"kind": "bot", "level": "easy"}] * 3


def _unavailable(response: httpx.Response) -> None:
    assert response.status_code == 503, response.text
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["code"] == "unavailable"
    assert response.headers["retry-after"] == "3" and response.json()["retry_after"] == 3


def test_a_database_outage_answers_503_and_the_first_request_after_it_succeeds(
        fault_cluster: PostgresCluster, tmp_path: Path) -> None:
    database_url = stack.create_migrated_database(fault_cluster.server_url, "hearts_outage")
    env = {**stack.service_env(database_url), "DB_POOL_TIMEOUT": "2"}
    server, base_url = stack.start_gunicorn(env, tmp_path, workers=1)
    try:
        client = ApiClient.register(base_url, "outage")
        match = client.create_match([{"kind": "player"}, *BOTS], {"pass_rotation": ["hold"]})
        view = client.view(match["id"]).json()
        while not view["is_your_turn"]:  # the bots move in the server's dispatcher thread
            client.ok("GET", f"/matches/{match['id']}/events",
                      params={"after": view["version"], "wait": 5})
            view = client.view(match["id"]).json()

        fault_cluster.stop()
        _unavailable(client.view(match["id"]))
        _unavailable(client.request("GET", "/lobby"))
        _unavailable(httpx.post(f"{base_url}/api/v1/players", json={"username": "late"}, timeout=30,
                                 verify=stack.TLS))
        health = httpx.get(f"{base_url}/healthz", timeout=30, verify=stack.TLS)
        assert health.status_code == 503 and health.json()["database"].startswith("error")

        fault_cluster.start()
        assert client.view(match["id"]).status_code == 200  # the first request after it
        # A restart while the pool holds connections: none of them is lent out dead.
        fault_cluster.restart()
        responses = [client.view(match["id"]) for _ in range(3)]
        assert [r.status_code for r in responses] == [200, 200, 200]
        assert responses[0].json()["version"] == view["version"]
    finally:
        server.stop()
        stack.drop_database(fault_cluster.started().server_url, "hearts_outage")
