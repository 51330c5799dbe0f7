"""A noisy neighbour (``tests/e2e/noisy.py``) on the real stack: one player at every quota's
limit at once leaves another player's median bot reply within twice its baseline (its
p99, of up to 100 replies, within four times; the figures: benchmarks/README.md, "A noisy
neighbour"), and each quota it tried to pass refused it. It runs last in the suite (tests/scheduling.py), on a
stack of its own, so that the other tests' load is not in its figures."""

from __future__ import annotations

import statistics
import time

import pytest

from .helpers import ApiClient
from .noisy import EASY, HOLD, Abuser, percentile, victim_plays
from .stack import Stack

pytestmark = pytest.mark.e2e

# Cards the victim plays alone and then beside the abuser, after a few to warm up each phase.
PLAYS, WARM_UP = 100, 8


def test_a_noisy_neighbour_at_every_quota_leaves_anothers_bot_replies_near_their_baseline(
        own_stack: Stack) -> None:
    victim = ApiClient.register(own_stack.base_url, "victim")
    match_id = victim.create_match(EASY, HOLD)["id"]
    victim_plays(victim, match_id, WARM_UP)
    baseline = victim_plays(victim, match_id, PLAYS)
    abuser = Abuser(own_stack.base_url)
    abuser.start()
    try:
        time.sleep(2)  # its experts are thinking, its streams open
        victim_plays(victim, match_id, WARM_UP)
        loaded = victim_plays(victim, match_id, PLAYS)
    finally:
        abuser.stop()
    print(f"\nalone: {baseline.line()}\nwith the abuser: {loaded.line()}\n"
          f"abuser refused: {dict(abuser.refused)}, accepted: {dict(abuser.accepted)}")
    assert statistics.median(loaded.replies) <= 2 * statistics.median(baseline.replies)
    assert percentile(loaded.replies, 0.99) <= 4 * percentile(baseline.replies, 0.99)
    # Registration gave it one token of its 20; 2 of its 10 expert matches; 3 open ones.
    assert (abuser.accepted["tokens"], abuser.refused["tokens"]) == (19, 11)
    assert abuser.refused["think_ms"] == 1
    assert (abuser.accepted["webhooks"], abuser.refused["webhooks"]) == (5, 1)
    assert abuser.held  # its webhooks were called, and hung
    assert abuser.refused["unfinished_expert_matches"] == 8
    assert abuser.refused["open_matches"] == 1
    assert abuser.accepted["streams"] == 20  # 10 on each of two tokens
    assert abuser.refused["waiting_requests_per_token"] > 0
    assert abuser.refused["unfinished_matches"] > 0  # its bot-only matches, made again
