"""Nobody stalls a table, on the production set-up: a player who goes silent in a match
with ``turn_timeout_s`` is played for by a stand-in after the deadline, through the ticket
the commit sent for it, due then (no beat runs here), and the player keeps the seat with a
new deadline. How soon after the deadline: benchmarks/turn_timeouts.py."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from .helpers import ApiClient
from .stack import Stack

pytestmark = pytest.mark.e2e

BOTS = [{"kind": "bot", "level": "easy"}] * 3
HOLD_LEFT = {"pass_rotation": ["left"]}


def _wait_for(client: ApiClient, match_id: str, after: int, event_type: str) -> dict:
    """Long-poll the events after ``after`` until one of ``event_type`` arrives (at most 30 s)."""
    for _ in range(3):
        body = client.ok("GET", f"/matches/{match_id}/events", params={"after": after, "wait": 10})
        for event in body["events"]:
            if event["type"] == event_type:
                return event
        after = body["version"]
    raise AssertionError(f"no {event_type} within 30 s")


def test_a_silent_player_is_passed_for_by_a_stand_in_just_after_the_deadline(
        e2e_stack: Stack) -> None:
    client = ApiClient.register(e2e_stack.base_url, "silent")
    summary = client.create_match([{"kind": "player"}, *BOTS], HOLD_LEFT, turn_timeout_s=5)
    assert summary["turn_timeout_s"] == 5
    view = client.ok("GET", f"/matches/{summary['id']}/view")
    deadline = datetime.fromisoformat(view["turn_deadline"])

    passed = _wait_for(client, summary["id"], summary["version"], "cards_passed")
    while passed["seat"] != "north":  # the bots pass at once; north's pass is the stand-in's
        passed = _wait_for(client, summary["id"], passed["seq"], "cards_passed")

    assert passed["auto"] is True and len(passed["cards"]) == 3
    assert datetime.fromisoformat(passed["at"]) >= deadline  # never before the deadline
    # The bots had passed at once: north's pass was the last, and the exchange follows it.
    exchanged = _wait_for(client, summary["id"], passed["seq"], "cards_exchanged")
    assert exchanged["seq"] == passed["seq"] + 1 and exchanged["given"] == passed["cards"]
    view = client.ok("GET", f"/matches/{summary['id']}/view")
    assert view["seat"] == "north" and view["pass"]["given"] == passed["cards"]
    # North's new turn (if north is to act: the bots play on meanwhile) started with the
    # last event of the view's version that starts a turn (the exchange or a card played).
    log = client.ok("GET", f"/matches/{summary['id']}/events",
                    params={"after": exchanged["seq"] - 1})["events"]
    started = max(datetime.fromisoformat(e["at"]) for e in log
                  if e["seq"] <= view["version"] and e["type"] != "cards_passed")
    expected = started + timedelta(seconds=5) if view["to_act"] == ["north"] else None
    assert (datetime.fromisoformat(view["turn_deadline"]) if view["turn_deadline"] else None) == expected
