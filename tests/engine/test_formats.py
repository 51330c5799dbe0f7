"""Stored formats: a log and a snapshot written by older code still read and replay.

``fixtures/match_log_v1.json`` was written by the engine at commit 3993a97: a whole
four-hand match (a player and three bots; passing left, hold, across; QS breaks hearts;
JD -10) as events in format 1, and its snapshot from before snapshots carried a version.
``fixtures/fixed_deals_v1.json`` was written at commit 541d1b7: a match created with three
explicit deals (D1, D4, D5; passing left, hold), in hand 2, and its snapshot in format 1,
which still held the deal to come (D5).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.engine import (
    DealHand,
    Phase,
    PlayCard,
    Seat,
    decide,
    event_from_json,
    event_to_json,
    evolve_all,
    legal_cards,
    parse_deal,
    replay,
    state_from_json,
)
from games.engine import events as events_module
from games.engine import state as state_module
from games.engine.state import state_to_json

from .helpers import D1, D4, D5

FIXTURES = Path(__file__).parent / "fixtures"
FIXTURE = json.loads((FIXTURES / "match_log_v1.json").read_text())
FIXED_DEALS = json.loads((FIXTURES / "fixed_deals_v1.json").read_text())


def test_a_log_written_in_format_1_replays_to_the_snapshot_written_beside_it():
    state = replay(event_from_json(data) for data in FIXTURE["events"])
    assert "v" not in FIXTURE["snapshot"]
    assert state == state_from_json(FIXTURE["snapshot"])
    assert state.phase is Phase.FINISHED and state.hands_played == 4
    assert state.totals == (7, 30, 27, 0)  # four hands of 26 points, less four JDs at -10
    assert state.result is not None and state.result.winners == (Seat.WEST,)
    assert state.result.ended_by is None  # not recorded in format 1: unknown


def test_events_of_format_1_are_written_in_format_2_with_a_result_that_does_not_say_why():
    written = [event_to_json(event_from_json(data)) for data in FIXTURE["events"]]
    assert events_module.FORMAT_VERSION == 2
    assert written[:-1] == [{**data, "v": 2} for data in FIXTURE["events"][:-1]]
    ended = FIXTURE["events"][-1]
    assert ended["type"] == "match_ended" and "ended_by" not in ended["result"]
    assert written[-1] == {**ended, "v": 2, "result": {**ended["result"], "ended_by": None}}


def test_a_snapshot_is_written_with_its_format_version_and_reads_back():
    state = state_from_json(FIXTURE["snapshot"])
    written = state_to_json(state)
    assert written["v"] == state_module.SNAPSHOT_VERSION == 2
    result = {**FIXTURE["snapshot"]["result"], "ended_by": None}
    assert written == {"v": 2, **without(FIXTURE["snapshot"], "deals"), "result": result}
    assert state_from_json(written) == state


def without(data, *keys):
    return {key: value for key, value in data.items() if key not in keys}


def test_a_v1_snapshot_holding_the_deals_to_come_reads_without_them_and_the_log_deals_them():
    assert FIXED_DEALS["snapshot"]["v"] == 1 and FIXED_DEALS["snapshot"]["deals"]
    state = replay(event_from_json(data) for data in FIXED_DEALS["events"])
    assert state == state_from_json(FIXED_DEALS["snapshot"])
    assert (state.phase, state.hands_played, state.hand.number) == (Phase.PLAYING, 1, 2)
    assert state_to_json(state) == {**without(FIXED_DEALS["snapshot"], "deals"), "v": 2}
    created = event_from_json(FIXED_DEALS["events"][0])
    assert created.deals == tuple(map(parse_deal, (D1, D4, D5)))
    while state.phase is not Phase.DEALING:
        seat = state.to_act[0]
        state = evolve_all(state, decide(state, PlayCard(seat, legal_cards(state, seat)[0])))
    state = evolve_all(state, decide(state, DealHand(holdings=created.deals[2])))
    assert state.hand.number == 3 and state.hand.holdings == parse_deal(D5)


def test_an_older_event_format_is_upcast_before_it_is_read(monkeypatch):
    # A pretend format 3 in which card_played names its card "card_code": the stored v1
    # rows must be upcast through format 2 to it and read the same.
    def to_v3(data):
        data = {**data, "v": 3}
        if data["type"] == "card_played":
            data["card_code"] = data.pop("card")
        return data

    monkeypatch.setattr(events_module, "FORMAT_VERSION", 3)
    monkeypatch.setattr(events_module, "UPCASTERS", {**events_module.UPCASTERS, 2: to_v3})
    monkeypatch.setattr(events_module.CardPlayed, "from_json", classmethod(
        lambda cls, data: cls(Seat.from_label(data["seat"]),
                              events_module.parse_card(data["card_code"]))))
    state = replay(event_from_json(data) for data in FIXTURE["events"])
    assert state == state_from_json(FIXTURE["snapshot"])


@pytest.mark.parametrize("version", [0, 3, "1", None])
def test_an_unknown_format_version_is_refused(version):
    with pytest.raises(ValueError, match="format version"):
        event_from_json({**FIXTURE["events"][1], "v": version})
    with pytest.raises(ValueError, match="format version"):
        state_from_json({**FIXTURE["snapshot"], "v": version})
