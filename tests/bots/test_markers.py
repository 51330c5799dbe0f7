"""The task markers (``bots.markers``) on a real Redis, and the sweep reading them: it queues
nothing for a match whose task is queued or held by a live worker, and queues again for one
whose worker is dead (the broker faked at ``apply_async``: what is queued is recorded)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
import redis
from django.contrib.auth import get_user_model
from django.db.models import F
from django.utils import timezone

from bots import markers
from bots.tasks import act, stand_in, sweep
from games import services
from games.engine import RuleSet
from games.models import Match
from tests.e2e.stack import redis_unreachable

# This suite's Redis database for the markers (the e2e stack's broker is on others): one per
# pytest-xdist process (gw0: 7, gw1: 6, ...), since each test deletes the markers written
# while it ran, and test_worker's worker sweeps and empties its queues there; sharing one,
# a test in the other process lost its markers now and then.
_PROCESS = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))
MARKER_REDIS_URL = f"redis://127.0.0.1:6379/{7 - _PROCESS}"
BOTS = [services.SeatSpec("bot", "easy")] * 4


@pytest.fixture
def on_redis(settings) -> Iterator[redis.Redis]:
    """The markers on MARKER_REDIS_URL; every key the test wrote under the markers' prefix
    is deleted after it (the database is never flushed)."""
    reason = redis_unreachable(MARKER_REDIS_URL)
    if reason:
        pytest.skip(reason)
    settings.BOT_MARKER_REDIS_URL = MARKER_REDIS_URL
    client = redis.Redis.from_url(MARKER_REDIS_URL)
    before = set(client.scan_iter(f"{markers.PREFIX}*"))
    yield client
    written = set(client.scan_iter(f"{markers.PREFIX}*")) - before
    if written:
        client.delete(*written)
    client.close()


def test_a_queued_marker_covers_until_a_dead_owner_takes_it(on_redis) -> None:
    key = markers.marker_key("act", uuid.uuid4(), 7)
    assert markers.covered([key]) == [False]
    markers.queued(key, "task-1", ttl_s=60)
    assert markers.covered([key]) == [True]
    owner = f"w/{uuid.uuid4().hex}"
    assert markers.take(key, "task-1", owner, ttl_s=60) is True
    assert on_redis.get(key) == f"task-1 {owner}".encode()
    assert markers.covered([key]) == [False]  # no liveness key: a dead worker's
    markers.keep_alive(owner)
    assert markers.covered([key]) == [True]
    assert 0 < on_redis.pttl(f"{markers.PREFIX}alive:{owner}") <= markers.LIVENESS_MS
    markers.forget(owner)
    assert markers.covered([key]) == [False]


def test_only_the_task_a_marker_names_may_take_or_drop_it(on_redis) -> None:
    key = markers.marker_key("stand_in", uuid.uuid4(), "2026-12-01T10:00:00+00:00")
    markers.queued(key, "old", ttl_s=60)
    markers.queued(key, "new", ttl_s=60)  # a newer task for the same key
    assert markers.take(key, "old", "w/1", ttl_s=60) is False
    markers.drop(key, "old")
    assert on_redis.get(key) == b"new "
    markers.drop(key, "new")
    assert on_redis.get(key) is None
    assert markers.take(key, "new", "w/1", ttl_s=60) is False  # no marker: nothing to take


def test_a_marker_expires_after_its_ttl(on_redis) -> None:
    key = markers.marker_key("act", uuid.uuid4(), 1)
    markers.queued(key, "t", ttl_s=60)  # seconds: Redis holds it 60,000 ms
    assert 50_000 < on_redis.pttl(key) <= 60_000


def test_without_redis_nothing_is_covered_and_nothing_raises(settings, caplog) -> None:
    settings.BOT_MARKER_REDIS_URL = "redis://127.0.0.1:1/7"  # nothing listens on port 1
    key = markers.marker_key("act", uuid.uuid4(), 1)
    markers.queued(key, "t", ttl_s=60)
    assert markers.take(key, "t", "w/1", ttl_s=60) is False
    assert markers.covered([key, key]) == [False, False]
    assert "could not read the task markers" in caplog.text


# --- the sweep -------------------------------------------------------------------------------


@pytest.fixture
def queued(monkeypatch) -> list[tuple[str, tuple[Any, ...], dict[str, Any]]]:
    """Celery as with a worker (not eager); every act and stand_in queued is recorded."""
    calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
    monkeypatch.setitem(act.app.conf, "task_always_eager", False)
    for task in (act, stand_in):
        def apply_async(args: tuple[Any, ...], _name: str = task.name, **options: Any) -> None:
            calls.append((_name, tuple(args), options))

        monkeypatch.setattr(task, "apply_async", apply_async)
    return calls


def _stalled_bot_match(seconds: float) -> Match:
    # Inside the test's transaction on_commit never fires: the bots were never woken.
    creator = get_user_model().objects.create_user(username=f"c{uuid.uuid4().hex[:8]}")
    match = services.match_create(creator=creator, seats=BOTS, rules=RuleSet()).match
    Match.objects.filter(pk=match.id).update(updated_at=F("updated_at") - timedelta(seconds=seconds))
    return Match.objects.get(pk=match.id)


def test_the_sweep_queues_no_second_act_for_a_queued_or_live_one_and_requeues_a_dead_ones(
        db, on_redis, queued, settings) -> None:
    settings.BOT_STALL_SECONDS = 1
    match = _stalled_bot_match(seconds=5)
    key = markers.marker_key("act", match.id, match.version)
    assert sweep() == 1  # no marker: queued, on the bots' queue, with its marker
    [(name, args, options)] = queued
    assert (name, args, options["queue"]) == ("bots.tasks.act", (str(match.id), match.version), "bots")
    assert on_redis.get(key) == f"{options['task_id']} ".encode()
    assert sweep() == 0 and len(queued) == 1  # queued: not again
    owner = f"w/{uuid.uuid4().hex}"
    markers.take(key, options["task_id"], owner, ttl_s=60)
    markers.keep_alive(owner)
    assert sweep() == 0 and len(queued) == 1  # a live worker holds it: not again
    markers.forget(owner)  # that worker died
    assert sweep() == 1 and len(queued) == 2
    assert on_redis.get(key) == f"{queued[1][2]['task_id']} ".encode()


def test_the_sweep_queues_a_lost_stand_in_once(db, on_redis, queued, settings) -> None:
    settings.BOT_STALL_SECONDS = 1
    creator = get_user_model().objects.create_user(username="silent")
    seats = [services.SeatSpec("player")] + BOTS[1:]
    match = services.match_create(creator=creator, seats=seats, rules=RuleSet(),
                                  turn_timeout_s=30).match
    deadline = timezone.now() - timedelta(seconds=5)
    Match.objects.filter(pk=match.id).update(turn_deadline=deadline, bot_to_act=False)
    assert sweep() == 1
    [(name, args, options)] = queued
    assert (name, args, options["queue"]) == ("bots.tasks.stand_in",
                                              (str(match.id), deadline.isoformat()), "players")
    assert sweep() == 0 and len(queued) == 1
