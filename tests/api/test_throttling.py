"""Rate limits: every 429 is problem+json whose ``retry_after`` and ``Retry-After`` agree,
on every path that counts requests (the API and the schema and docs pages); the problem
pages count none; and with Redis the counters are in Redis, where every process sees them."""

from __future__ import annotations

import logging

import pytest
import redis
from django.core.cache.backends.redis import RedisCache
from django.test import override_settings
from rest_framework.throttling import SimpleRateThrottle

from tests.e2e.stack import redis_unreachable

from .helpers import API, assert_problem

TEST_REDIS_URL = "redis://127.0.0.1:6379/12"
# Keys of their own: another test run's e2e broker may share the database (not flushed).
PREFIX = "hearts-throttle-test"
REDIS_CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                            "LOCATION": TEST_REDIS_URL, "KEY_PREFIX": PREFIX}}
DOCS_PAGES = ("/api/schema/", "/api/schema/?format=json", "/api/docs/", "/api/redoc/")


def _rates(monkeypatch, anon="2/min", user="2/min"):
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"anon": anon, "user": user})


def _throttled(response, at_most=60):
    """Assert a 429 ``throttled`` whose header and body name the same 1..``at_most`` s."""
    body = assert_problem(response, 429, "throttled")
    assert 1 <= body["retry_after"] <= at_most
    assert response["Retry-After"] == str(body["retry_after"])
    return body


@pytest.mark.django_db
def test_a_player_over_the_rate_gets_retry_after_in_header_and_body(client_a, monkeypatch):
    _rates(monkeypatch, user="2/hour")
    assert [client_a.get(f"{API}/matches").status_code for _ in range(2)] == [200, 200]
    body = _throttled(client_a.get(f"{API}/matches"), at_most=3600)
    assert body["retry_after"] > 3500  # the first of the two counted leaves in an hour


@pytest.mark.django_db
def test_more_counted_than_the_rate_still_says_when_to_retry(client_a, monkeypatch):
    # DRF's own throttle gives no wait (so no Retry-After) once more requests are counted
    # than the rate allows, as after the rate was lowered.
    _rates(monkeypatch, user="5/min")
    assert [client_a.get(f"{API}/matches").status_code for _ in range(5)] == [200] * 5
    _rates(monkeypatch, user="2/min")
    _throttled(client_a.get(f"{API}/matches"))


@pytest.mark.parametrize("path", DOCS_PAGES)
def test_schema_and_docs_pages_over_the_anonymous_rate_answer_problem_json_429(
        anon_client, monkeypatch, path):
    _rates(monkeypatch, anon="1/min")
    assert anon_client.get(path).status_code == 200
    _throttled(anon_client.get(path))


@pytest.mark.parametrize("path", ("/api/docs/", "/api/redoc/"))
def test_docs_pages_answer_other_refusals_as_problem_json_too(anon_client, path):
    assert_problem(anon_client.get(path, HTTP_ACCEPT="text/csv"), 406, "not_acceptable")
    assert_problem(anon_client.post(path), 405, "method_not_allowed")


def test_problem_pages_are_not_rate_limited(anon_client, monkeypatch):
    _rates(monkeypatch, anon="1/min")
    assert anon_client.get("/api/docs/").status_code == 200
    _throttled(anon_client.get("/api/docs/"))
    assert [anon_client.get(path).status_code
            for path in ("/problems", "/problems/throttled") * 3] == [200] * 6


# --- the counters' store ------------------------------------------------------------------


def _prefixed_keys(client):
    return sorted(key.decode() for key in client.scan_iter(f"{PREFIX}:*"))


@pytest.fixture
def redis_client():
    """A client of Redis database 12, the default cache there (keys under ``PREFIX``,
    none before or after the test)."""
    reason = redis_unreachable(TEST_REDIS_URL)
    if reason:
        pytest.skip(reason)
    client = redis.Redis.from_url(TEST_REDIS_URL)

    def forget() -> None:
        for key in _prefixed_keys(client):
            client.delete(key)

    forget()
    with override_settings(CACHES=REDIS_CACHES):
        yield client
    forget()
    client.close()


@pytest.mark.django_db
def test_on_redis_the_counts_are_in_redis_where_another_process_sees_them(
        redis_client, client_a, monkeypatch):
    _rates(monkeypatch, user="2/min")
    assert [client_a.get(f"{API}/matches").status_code for _ in range(2)] == [200, 200]
    [key] = _prefixed_keys(redis_client)
    assert key.startswith(f"{PREFIX}:1:throttle_user_")  # KEY_PREFIX, version, DRF's key
    # Another process: its own connection to the same Redis, nothing shared in memory.
    other = RedisCache(TEST_REDIS_URL, {"KEY_PREFIX": PREFIX})
    assert len(other.get(key.split(":", 2)[2])) == 2  # both requests, timestamps newest first
    _throttled(client_a.get(f"{API}/matches"))


@pytest.mark.django_db
def test_while_redis_cannot_be_reached_requests_pass_uncounted_and_logged(
        client_a, monkeypatch, caplog):
    _rates(monkeypatch, user="1/min")
    nowhere = {"default": {**REDIS_CACHES["default"], "LOCATION": "redis://127.0.0.1:1/12",
                           "OPTIONS": {"socket_connect_timeout": 1}}}
    with override_settings(CACHES=nowhere), caplog.at_level(logging.WARNING,
                                                             "hearts_api.throttling"):
        assert [client_a.get(f"{API}/matches").status_code for _ in range(3)] == [200] * 3
    assert [r.message.split(":")[0] for r in caplog.records] == [
        "throttle counters unreachable, request not counted"] * 3
