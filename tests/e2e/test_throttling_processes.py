"""Two web servers sharing one Redis count a player's requests once: together they allow
exactly ``THROTTLE_USER``, not that rate each, also when the requests arrive at once. Two
separate gunicorn processes on two ports, so every other request surely reaches the other
process."""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
import redis

from . import stack

pytestmark = pytest.mark.e2e

RATE = 10
# The throttle tests' Redis database (tests/api/test_throttling.py uses it under a prefix of
# its own); the servers' counters are under hearts_api.throttling.KEY_PREFIX, "hearts".
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
    database_url = stack.create_migrated_database(server_url, name)
    env = {**stack.service_env(database_url), "REDIS_URL": REDIS_URL,
           "THROTTLE_USER": f"{RATE}/min", "THROTTLE_ANON": "1000/min"}
    servers: list[stack.ManagedProcess] = []
    try:
        _forget_counters()
        logs = [tmp_path / label for label in ("a", "b")]
        for log in logs:
            log.mkdir()
        with ThreadPoolExecutor(max_workers=2) as starting:  # side by side
            started = [starting.submit(stack.start_gunicorn, env, log, workers=1) for log in logs]
        # One that failed stopped itself; the other is stopped below.
        servers += [up.result()[0] for up in started if up.exception() is None]
        yield [up.result()[1] for up in started]
    finally:
        for server in servers:
            server.stop()
        _forget_counters()
        stack.drop_database(server_url, name)


def _player(base_url: str, name: str) -> dict[str, str]:
    token = httpx.post(f"{base_url}/api/v1/players", json={"username": f"{name}{os.getpid()}"},
                       timeout=30, verify=stack.TLS).json()["token"]
    return {"Authorization": f"Bearer {token}"}


def _assert_throttled(refused: httpx.Response) -> None:
    assert refused.headers["content-type"] == "application/problem+json"
    assert refused.json()["code"] == "throttled"
    assert 1 <= int(refused.headers["retry-after"]) <= 60
    assert refused.json()["retry_after"] == int(refused.headers["retry-after"])


def test_two_web_processes_together_allow_exactly_the_configured_rate(two_servers):
    first, second = two_servers
    headers = _player(first, "throttled")
    answers = [httpx.get(f"{(first, second)[i % 2]}/api/v1/tokens", headers=headers, timeout=30,
                         verify=stack.TLS)
               for i in range(2 * RATE + 4)]

    assert [a.status_code for a in answers] == [200] * RATE + [429] * (RATE + 4)
    for refused in answers[RATE:]:
        _assert_throttled(refused)


def test_a_burst_at_once_across_both_processes_allows_exactly_the_configured_rate(two_servers):
    # DRF's own throttle read the count, then wrote it back: racing requests each wrote
    # their own (16 at once passed 13 at a rate of 10). Each server's process runs a
    # request's throttle in a thread of its own, so the races are within and across them.
    headers = _player(two_servers[0], "burst")
    clients = [httpx.Client(base_url=url, headers=headers, timeout=30, verify=stack.TLS)
               for url in two_servers]
    try:
        for client in clients:  # connections open before the burst, so it lands at once
            assert client.get("/healthz").status_code == 200
        with ThreadPoolExecutor(max_workers=3 * RATE) as pool:
            answers = list(pool.map(lambda i: clients[i % 2].get("/api/v1/tokens"),
                                    range(3 * RATE)))
    finally:
        for client in clients:
            client.close()

    assert sorted(a.status_code for a in answers) == [200] * RATE + [429] * (2 * RATE)
    for refused in (a for a in answers if a.status_code == 429):
        _assert_throttled(refused)
