"""Whole matches on the production set-up: gunicorn, a Celery worker moving the bots through
Redis, PostgreSQL. One match has an HTTP client in a seat, one is bots only."""

from __future__ import annotations

import time

import pytest

from . import stack
from .helpers import (
    ApiClient,
    Secrets,
    assert_verify_match,
    check_finished_match,
    check_log,
    check_nothing_leaked,
    play_seat_until_finished,
    record_duration,
)
from .stack import Stack

pytestmark = pytest.mark.e2e


def check_played_match(e2e_stack: Stack, client: ApiClient, match_id: str) -> dict[int, Secrets]:
    """The checks every finished match gets; returns the secrets timeline of its true log."""
    summary = client.summary(match_id)
    check_finished_match(summary, client.all_events(match_id, limit=100))
    log = stack.read_event_log(e2e_stack.database_url, match_id)
    assert len(log) == summary["version"]
    assert_verify_match(match_id, e2e_stack.env)
    return check_log(log)


def test_client_plays_a_whole_match_against_three_bots(e2e_stack: Stack) -> None:
    client = ApiClient.register(e2e_stack.base_url, "client", record=True)
    started = time.monotonic()
    summary = client.create_match([{"kind": "player"}, {"kind": "bot", "level": "easy"},
                                   {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "easy"}])
    match_id = summary["id"]
    assert [seat["kind"] for seat in summary["seats"]] == ["player", "bot", "bot", "bot"]

    play_seat_until_finished(client, match_id, timeout=240)
    seconds = time.monotonic() - started

    timeline = check_played_match(e2e_stack, client, match_id)
    assert client.bodies is not None
    checked = check_nothing_leaked(client.bodies, timeline, me="north")
    assert checked > len(timeline), "the client saw fewer views and events than the log holds"
    record_duration("client + 3 bots (easy, random, easy)", seconds, client.summary(match_id))


def test_four_bots_play_a_whole_match_alone(e2e_stack: Stack) -> None:
    creator = ApiClient.register(e2e_stack.base_url, "creator", record=True)
    started = time.monotonic()
    summary = creator.create_match([{"kind": "bot", "level": level}
                                    for level in ("easy", "random", "easy", "random")])
    match_id, version, moved_at = summary["id"], summary["version"], time.monotonic()
    while summary["status"] != "finished":
        assert time.monotonic() - started < 300, f"bots did not finish match {match_id} in 300s"
        assert time.monotonic() - moved_at < 60, f"bots stalled at version {version}"
        time.sleep(0.25)
        summary = creator.summary(match_id)
        if summary["version"] != version:
            version, moved_at = summary["version"], time.monotonic()
    seconds = time.monotonic() - started

    timeline = check_played_match(e2e_stack, creator, match_id)
    assert creator.bodies is not None
    check_nothing_leaked(creator.bodies, timeline, me=None)  # the creator is only a spectator
    record_duration("4 bots (easy, random, easy, random)", seconds, summary)


def test_experts_play_three_matches_at_once_on_one_worker(e2e_stack: Stack) -> None:
    # Twelve experts of three players searching in a worker of two processes: a work ticket
    # makes one move per claim (bots.moves), so the players' matches take turns and every
    # task ends far inside its time limits; every match finishes, and its log replays.
    creators = [ApiClient.register(e2e_stack.base_url, f"experts{n}", record=True)
                for n in range(3)]
    creator = creators[0]
    started = time.monotonic()
    match_ids = [each.create_match([{"kind": "bot", "level": "expert"}] * 4,
                                   rules={"max_hands": 1}, bots={"think_ms": 20})["id"]
                 for each in creators]
    versions = {match_id: (0, time.monotonic()) for match_id in match_ids}
    unfinished = set(match_ids)
    while unfinished:
        assert time.monotonic() - started < 300, f"experts did not finish {unfinished} in 300s"
        time.sleep(0.5)
        for match_id in sorted(unfinished):
            summary = creator.summary(match_id)
            version, moved_at = versions[match_id]
            if summary["version"] != version:
                versions[match_id] = (summary["version"], time.monotonic())
            else:
                assert time.monotonic() - moved_at < 60, f"{match_id} stalled at {version}"
            if summary["status"] == "finished":
                unfinished.discard(match_id)
    for match_id in match_ids:
        check_played_match(e2e_stack, creator, match_id)
    record_duration("3 matches of 4 experts (think_ms 20, one hand) at once",
                    time.monotonic() - started, creator.summary(match_ids[0]))
