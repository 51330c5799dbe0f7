"""Two web servers sharing one Redis count a player's requests once: together they allow
exactly ``THROTTLE_USER``, not that rate each. Two separate gunicorn processes on two ports,
so every other request surely reaches the other process."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
import redis

from . import stack

pytestmark = pytest.mark.e2e

RATE = 10
# The throttle tests' Redis database (tests/api/test_throttling.py uses it under a prefix of
# its own); the servers' counters are under their cache's prefix, "hearts".
REDIS_URL = "redis://127.0.0.1:6379/12"
COUNTERS = "hearts:*throttle_*"


def _forget_counters() -> None:
    client = redis.Redis.from_url(REDIS_URL)
    try:
        for key in client.scan_iter(COUNTERS):
            client.delete(key)
    finally:
        client.close()


@pytest.fixture
def two_servers(tmp_path: Path):
    """Base URLs of two one-process servers on one fresh database and one Redis."""
    server_url = stack.postgres_server_url()
    unreachable = [reason for reason in (stack.postgres_unreachable(server_url),
                                         stack.redis_unreachable(REDIS_URL)) if reason]
    if unreachable:
        pytest.skip("; ".join(unreachable))
    name = f"{Path(urlsplit(server_url).path).name or 'hearts'}_throttle_{os.getpid()}"
    database_url = stack.create_database(server_url, name)
    env = {**stack.service_env(database_url), "REDIS_URL": REDIS_URL,
           "THROTTLE_USER": f"{RATE}/min", "THROTTLE_ANON": "1000/min"}
    servers: list[stack.ManagedProcess] = []
    try:
        stack.manage_ok(["migrate", "--noinput", "-v", "0"], env)
        _forget_counters()
        urls = []
        for label in ("a", "b"):
            (tmp_path / label).mkdir()
            server, url = stack.start_gunicorn(env, tmp_path / label, workers=1)
            servers.append(server)
            urls.append(url)
        yield urls
    finally:
        for server in servers:
            server.stop()
        _forget_counters()
        stack.drop_database(server_url, name)


def test_two_web_processes_together_allow_exactly_the_configured_rate(two_servers):
    first, second = two_servers
    token = httpx.post(f"{first}/api/v1/players", json={"username": f"throttled{os.getpid()}"},
                       timeout=30).json()["token"]
    headers = {"Authorization": f"Bearer {token}"}
    answers = [httpx.get(f"{(first, second)[i % 2]}/api/v1/tokens", headers=headers, timeout=30)
               for i in range(2 * RATE + 4)]

    assert [a.status_code for a in answers] == [200] * RATE + [429] * (RATE + 4)
    for refused in answers[RATE:]:
        assert refused.headers["content-type"] == "application/problem+json"
        assert refused.json()["code"] == "throttled"
        assert 1 <= int(refused.headers["retry-after"]) <= 60
        assert refused.json()["retry_after"] == int(refused.headers["retry-after"])
