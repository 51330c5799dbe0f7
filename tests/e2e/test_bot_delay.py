"""A match's bot delay on the production set-up: the Celery worker waits ``delay_ms`` before
each bot move, so consecutive plays in the event log are at least that far apart."""

from __future__ import annotations

from datetime import datetime
from itertools import pairwise

import pytest

from .helpers import D1, ApiClient
from .stack import Stack, wait_until

pytestmark = pytest.mark.e2e

DELAY_MS = 400
# The event times are written by two processes (gunicorn, the worker) on one clock; allow
# for rounding, not for a bot that moves early: without the delay the gaps are milliseconds.
TOLERANCE_S = 0.01


def test_a_worker_waits_the_match_delay_before_each_bot_move(e2e_stack: Stack) -> None:
    client = ApiClient.register(e2e_stack.base_url, "delay")
    summary = client.create_match(
        [{"kind": "player"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "random"},
         {"kind": "bot", "level": "medium"}],
        {"pass_rotation": ["hold"]}, deals=[D1], bots={"delay_ms": DELAY_MS})
    match_id = summary["id"]
    assert summary["bots"] == {"delay_ms": DELAY_MS, "think_ms": 200}
    view = client.view(match_id).json()
    assert view["is_your_turn"] and view["legal_cards"] == ["2C"], view

    played = client.play(match_id, "2C")
    assert played.status_code == 200, played.text

    def norths_turn_again() -> bool:
        response = client.view(match_id)
        return response.status_code == 200 and response.json()["is_your_turn"]

    wait_until(norths_turn_again, timeout=60, what="east, south and west to play trick 1 and "
               "west to lead trick 2", interval=0.1)
    plays = [event for event in client.all_events(match_id) if event["type"] == "card_played"]
    assert [p["seat"] for p in plays] == ["north", "east", "south", "west", "west"]
    assert plays[0]["card"] == "2C"
    times = [datetime.fromisoformat(p["at"]) for p in plays]
    gaps = [(later - earlier).total_seconds() for earlier, later in pairwise(times)]
    print(f"\ngaps between plays with delay_ms={DELAY_MS}: {', '.join(f'{g:.3f}s' for g in gaps)}")
    # The first bot play waits after north's 2C; each later one after the bot play before it.
    assert all(gap >= DELAY_MS / 1000 - TOLERANCE_S for gap in gaps), gaps
