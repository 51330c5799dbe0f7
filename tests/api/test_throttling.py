"""Rate limits: every 429 is problem+json whose ``retry_after`` and ``Retry-After`` agree,
on every path that counts requests (the API and the schema and docs pages); the problem
pages count none; the rates that are quotas (match creations, registrations with a
password) are 429 quota_exceeded naming them; and with Redis the counters are in Redis,
where every process sees them."""

from __future__ import annotations

import contextlib
import logging
import os
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
import redis
from django.contrib.auth import get_user_model
from django.test import RequestFactory, override_settings
from limits import RateLimitItemPerSecond
from limits.storage import MemoryStorage, RedisStorage
from limits.storage import memory as memory_storage
from limits.strategies import MovingWindowRateLimiter
from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle

from games.models import Match
from hearts_api import throttling
from hearts_api.throttling import AnonThrottle
from tests.e2e.stack import redis_unreachable

from ..clients import InProcessClient
from .helpers import API, assert_problem, assert_quota_exceeded

TEST_REDIS_URL = "redis://127.0.0.1:6379/12"
# Keys of their own: another test run's e2e broker may share the database (not flushed),
# one prefix per process (pytest-xdist's, another run's), since each test deletes its keys
# before and after.
PREFIX = f"hearts-throttle-test-{os.getpid()}"
DOCS_PAGES = ("/api/schema/", "/api/schema/?format=json", "/api/docs/", "/api/redoc/")


def _rates(monkeypatch, anon="2/min", user="2/min"):
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"anon": anon, "user": user})


def _quota_rates(monkeypatch, **rates):
    """The configured rates, with ``rates`` (scope -> rate) in place of theirs."""
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES",
                        {**SimpleRateThrottle.THROTTLE_RATES, **rates})


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
def test_a_changed_rate_counts_afresh_and_its_refusals_say_when_to_retry(client_a, monkeypatch):
    # The rate is part of the counter's key: requests counted at 5/min do not count at 2/min.
    _rates(monkeypatch, user="5/min")
    assert [client_a.get(f"{API}/matches").status_code for _ in range(5)] == [200] * 5
    _throttled(client_a.get(f"{API}/matches"))
    _rates(monkeypatch, user="2/min")
    assert [client_a.get(f"{API}/matches").status_code for _ in range(2)] == [200] * 2
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


# --- rates that are quotas ----------------------------------------------------------------

BOTS = {"seats": [{"kind": "player"}] + [{"kind": "bot", "level": "random"}] * 3}


def _create(client, **headers):
    return client.post(f"{API}/matches", BOTS, format="json", **headers)


@pytest.mark.django_db
def test_match_creations_over_their_rate_are_quota_exceeded_and_lists_are_not_limited(
        client_a, monkeypatch):
    _quota_rates(monkeypatch, match_creations="2/hour")
    assert [_create(client_a).status_code for _ in range(2)] == [201, 201]
    body = assert_quota_exceeded(_create(client_a), "match_creations", 2, 3600)
    assert body["retry_after"] > 3500  # the first creation leaves the window in an hour
    assert Match.objects.count() == 2
    assert [client_a.get(f"{API}/matches").status_code for _ in range(3)] == [200] * 3


@pytest.mark.django_db
def test_a_replayed_match_creation_is_not_counted_and_each_player_has_their_own_rate(
        make_client, monkeypatch):
    _quota_rates(monkeypatch, match_creations="2/hour")
    alice, bob = make_client(), make_client()
    first = _create(alice, HTTP_IDEMPOTENCY_KEY="k1")
    replays = [_create(alice, HTTP_IDEMPOTENCY_KEY="k1") for _ in range(3)]
    assert [r["Idempotent-Replayed"] for r in replays] == ["true"] * 3
    assert replays[-1].json() == first.json()
    assert _create(alice).status_code == 201
    assert_quota_exceeded(_create(alice), "match_creations", 2, 3600)
    assert _create(bob).status_code == 201


def _register(username, password=None, address="127.0.0.1", token=None):
    body = {"username": username} | ({} if password is None else {"password": password})
    auth = {} if token is None else {"HTTP_AUTHORIZATION": f"Bearer {token}"}
    return InProcessClient().post(f"{API}/players", body, format="json", REMOTE_ADDR=address,
                                  **auth)


@pytest.mark.django_db
def test_registrations_with_a_password_over_their_rate_per_address_are_quota_exceeded(
        monkeypatch):
    _quota_rates(monkeypatch, password_registrations="2/hour")
    assert _register("ann", "correct horse battery").status_code == 201
    assert _register("bea", "12345678").status_code == 400  # counted before it is checked
    body = assert_quota_exceeded(_register("cat", "correct horse battery"),
                                 "password_registrations", 2, 3600)
    assert body["retry_after"] > 3500
    # Also when the password would be refused: the count comes first.
    assert_quota_exceeded(_register("cat", "1"), "password_registrations", 2, 3600)
    assert _register("cat").status_code == 201  # without a password: the anonymous rate only
    assert _register("dot", "correct horse battery", address="10.0.0.2").status_code == 201
    assert sorted(get_user_model().objects.values_list("username", flat=True)) == [
        "ann", "cat", "dot"]


@pytest.mark.django_db
def test_an_ipv6_client_counts_as_its_64_network_and_a_mapped_ipv4_one_as_that_address(
        monkeypatch):
    _quota_rates(monkeypatch, password_registrations="2/hour")
    password = "correct horse battery"
    assert _register("ann", password, address="2001:db8::1").status_code == 201
    assert _register("bea", password, address="2001:db8::ffff:2").status_code == 201
    assert_quota_exceeded(_register("cat", password, address="2001:db8:0:0:1::3"),
                          "password_registrations", 2, 3600)
    assert _register("cat", password, address="2001:db8:0:1::1").status_code == 201
    assert _register("dot", password, address="10.0.0.9").status_code == 201
    assert _register("eve", password, address="::ffff:10.0.0.9").status_code == 201
    assert_quota_exceeded(_register("fay", password, address="10.0.0.9"),
                          "password_registrations", 2, 3600)


@pytest.mark.django_db
def test_registrations_with_a_password_and_a_token_count_against_the_same_quota(monkeypatch):
    _quota_rates(monkeypatch, password_registrations="2/hour")
    token = _register("owner").json()["token"]
    assert _register("ann", "correct horse battery", token=token).status_code == 201
    assert _register("bea", "correct horse battery").status_code == 201
    assert_quota_exceeded(_register("cat", "correct horse battery", token=token),
                          "password_registrations", 2, 3600)
    assert not get_user_model().objects.filter(username="cat").exists()


# --- the counters' store ------------------------------------------------------------------


def _prefixed_keys(client):
    return sorted(key.decode() for key in client.scan_iter(f"{PREFIX}:*"))


def test_without_redis_the_counts_are_in_this_process_memory():
    with override_settings(REDIS_URL=""):
        assert isinstance(throttling.limiter().storage, MemoryStorage)


@pytest.mark.parametrize(("storage", "most_at_once"), [
    (MemoryStorage, 2),  # limits 5.8.0's own: the race the subclass closes
    (throttling.ThreadSafeMemoryStorage, 1),
])
def test_in_memory_two_threads_never_make_the_expiry_timer_at_once(monkeypatch, storage, most_at_once):
    """Two threads count at once. The storage makes a new expiry timer when its last one is
    not running; here making one waits for the other thread to be making one too (up to
    ten seconds where they can meet, one where they cannot), so both are inside that
    unlocked step together unless the storage counts one request at a time. Two inside it
    can start the same timer twice: a 500 under load."""
    making = threading.Barrier(2, timeout=10 if most_at_once == 2 else 1)
    at_once = []

    class SlowTimer(threading.Timer):
        def __init__(self, *args, **kwargs):
            at_once.append(making.n_waiting + 1)
            with contextlib.suppress(threading.BrokenBarrierError):
                making.wait()
            super().__init__(*args, **kwargs)

    limiter = MovingWindowRateLimiter(storage())
    limiter.storage.timer.join()  # the storage's first timer, started with it, has run
    monkeypatch.setattr(memory_storage.threading, "Timer", SlowTimer)
    rate = RateLimitItemPerSecond(10, 60)
    counted = []
    threads = [threading.Thread(target=lambda key=key: counted.append(limiter.hit(rate, key)))
               for key in ("a", "b")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert counted == [True, True]
    assert max(at_once) == most_at_once


@pytest.fixture
def redis_client(monkeypatch):
    """A client of Redis database 12, where the throttles count (keys under ``PREFIX``,
    none before or after the test)."""
    reason = redis_unreachable(TEST_REDIS_URL)
    if reason:
        pytest.skip(reason)
    client = redis.Redis.from_url(TEST_REDIS_URL)

    def forget() -> None:
        for key in _prefixed_keys(client):
            client.delete(key)

    forget()
    monkeypatch.setattr(throttling, "KEY_PREFIX", PREFIX)
    with override_settings(REDIS_URL=TEST_REDIS_URL):
        yield client
    forget()
    client.close()


@pytest.mark.django_db
def test_on_redis_the_counts_are_in_redis_where_another_process_sees_them(
        redis_client, client_a, monkeypatch):
    _rates(monkeypatch, user="2/min")
    assert isinstance(throttling.limiter().storage, RedisStorage)
    assert [client_a.get(f"{API}/matches").status_code for _ in range(2)] == [200, 200]
    [key] = _prefixed_keys(redis_client)
    # KEY_PREFIX, then limits' key: DRF's (scope and player), the rate's amount and seconds.
    assert key.startswith(f"{PREFIX}:LIMITER/throttle_user_") and key.endswith("/2/60/second")
    # Another process: its own connection to the same Redis, nothing shared in memory.
    other = redis.Redis.from_url(TEST_REDIS_URL)
    assert other.llen(key) == 2  # both requests, timestamps newest first
    other.close()
    _throttled(client_a.get(f"{API}/matches"))


def _race(threads=8, requests=30):
    """Whether each of ``requests`` anonymous requests from one address, counted by
    ``threads`` threads at once, passed ``AnonThrottle``."""
    factory = RequestFactory()

    def counted(_):
        return AnonThrottle().allow_request(Request(factory.get("/")), None)

    with ThreadPoolExecutor(max_workers=threads) as pool:
        return list(pool.map(counted, range(requests)))


@pytest.mark.parametrize("store", ["memory", "redis"])
def test_requests_racing_in_threads_pass_exactly_the_rate(store, request, monkeypatch):
    if store == "redis":
        request.getfixturevalue("redis_client")
    _rates(monkeypatch, anon="10/min")
    assert sorted(_race()) == [False] * 20 + [True] * 10


@pytest.mark.django_db
def test_while_redis_cannot_be_reached_requests_pass_uncounted_and_logged(
        client_a, monkeypatch, caplog):
    _rates(monkeypatch, user="1/min")
    with override_settings(REDIS_URL="redis://127.0.0.1:1/12"), caplog.at_level(
            logging.WARNING, "hearts_api.throttling"):
        assert [client_a.get(f"{API}/matches").status_code for _ in range(3)] == [200] * 3
    assert [r.message.split(":")[0] for r in caplog.records] == [
        "throttle counters unreachable, request not counted"] * 3


@pytest.mark.django_db
def test_on_redis_the_quota_rates_count_there_too(redis_client, client_a):
    assert _create(client_a, HTTP_IDEMPOTENCY_KEY="k1").status_code == 201
    pk = get_user_model().objects.get(username=client_a.username).pk
    counted = {key.split("/")[1]: redis_client.llen(key) for key in _prefixed_keys(redis_client)}
    assert counted == {f"throttle_{scope}_{pk}": 1
                       for scope in ("user", "match_creations", "idempotency_keys")}
