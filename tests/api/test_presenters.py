"""Each response is shaped once: the presenters make the JSON, and the output serializers,
which the schema is generated from, give back exactly what they are handed (no key
dropped, renamed, reordered or converted), at every step of whole matches."""

from __future__ import annotations

import dataclasses
import json
import random
import uuid
from datetime import UTC, datetime

import pytest
from rest_framework.utils.encoders import JSONEncoder

from bots.strategies import choose_command
from games.engine import (
    NEW_MATCH,
    AbortMatch,
    CreateMatch,
    DealHand,
    LeaveSeat,
    PassCards,
    Phase,
    PlayCard,
    ReplaceSeat,
    RuleSet,
    Seat,
    TakeSeat,
    decide,
    evolve,
    seat_view,
)
from games.models import Match
from games.selectors import LoggedEvent
from hearts_api import presenters
from hearts_api.serializers.events import EVENT_SERIALIZERS
from hearts_api.serializers.matches import LobbyEntrySerializer, MatchSummarySerializer
from hearts_api.serializers.play import SeatViewSerializer

AT = datetime(2026, 12, 1, 12, 0, 0, 123456, tzinfo=UTC)
RULES = (RuleSet(target_score=30), RuleSet(target_score=26, pass_count=2, jack_of_diamonds=-10))


def _text(data, sort_keys=False):
    return json.dumps(data, cls=JSONEncoder, sort_keys=sort_keys)


def _described_exactly(serializer, data, sort_keys=False):
    assert _text(serializer(data).data, sort_keys) == _text(data, sort_keys)


def _match(number, rules, abort_at=None):
    """Each step of a whole match of bots and ada, north, who leaves her seat to a bot and
    takes it back after her pass and whose first hand's plays are a stand-in's: (state,
    events so far). With ``abort_at``, the match is aborted after that many events."""
    rng = random.Random(number)
    state, logged = NEW_MATCH, []

    def apply(events):
        nonlocal state
        for event in events:
            state = evolve(state, event)
            logged.append(LoggedEvent(len(logged) + 1, event, AT))

    apply(decide(state, CreateMatch(rules)))
    apply(decide(state, TakeSeat(Seat.NORTH, player="ada")))
    yield state, list(logged)
    apply(decide(state, TakeSeat(Seat.EAST, player="bea")))  # replaced after her first move
    for seat in (Seat.SOUTH, Seat.WEST):
        apply(decide(state, TakeSeat(seat, bot_level="easy")))
    while state.phase is not Phase.FINISHED:
        if abort_at is not None and len(logged) >= abort_at:
            apply(decide(state, AbortMatch("a broken client")))
            yield state, list(logged)
            return
        if state.phase is Phase.DEALING:
            apply(decide(state, DealHand(rng.getrandbits(63))))
        else:
            seat = state.to_act[0]
            command = choose_command("easy", seat_view(state, seat), rng)
            if seat is Seat.NORTH and state.hands_played == 0:
                command = dataclasses.replace(command, auto=isinstance(command, PlayCard))
            apply(decide(state, command))
            if isinstance(command, PassCards) and seat is Seat.NORTH:
                apply(decide(state, LeaveSeat(Seat.NORTH, "hard")))
                apply(decide(state, TakeSeat(None, player="ada")))
            if seat is Seat.EAST and (occupant := state.seats[seat]) and occupant.player:
                apply(decide(state, ReplaceSeat(Seat.EAST, "easy")))
        yield state, list(logged)


@pytest.fixture(scope="module")
def steps():
    return [*(step for number, rules in enumerate(RULES) for step in _match(number, rules)),
            *_match(len(RULES), RULES[0], abort_at=40)]


@pytest.fixture(scope="module")
def finished(steps):
    """The last step of the last match played to its end."""
    return next(step for step in reversed(steps) if step[0].phase is Phase.FINISHED)


def test_the_summary_serializer_describes_the_presented_summary_exactly(steps):
    for state, logged in steps:
        match = Match(id=uuid.UUID(int=1), status=state.phase.value, version=len(logged),
                      created_at=AT, bot_delay_ms=0, bot_think_ms=200, fixed_deals=1,
                      turn_timeout_s=30)
        _described_exactly(MatchSummarySerializer, presenters.match_summary(match, state))


def test_the_lobby_entry_serializer_describes_the_presented_entry_exactly(steps):
    waiting = [(state, logged) for state, logged in steps if state.phase is Phase.WAITING]
    assert waiting  # the first step of each match: north seated, three seats open
    for state, logged in waiting:
        match = Match(id=uuid.UUID(int=1), status=state.phase.value, version=len(logged),
                      created_at=AT, bot_delay_ms=0, bot_think_ms=200)
        entry = presenters.lobby_entry(match, state)
        assert entry["open_seats"] == ["east", "south", "west"]
        _described_exactly(LobbyEntrySerializer, entry)


def test_the_seat_view_serializer_describes_every_presented_view_exactly(steps):
    for state, logged in steps:
        for viewer in (*Seat, None):
            view = presenters.seat_view(seat_view(state, viewer), match_id=uuid.UUID(int=1),
                                        version=len(logged), fixed_deals=2,
                                        turn_deadline=AT if state.to_act else None)
            _described_exactly(SeatViewSerializer, view)


def test_each_event_serializer_describes_its_presented_events_exactly(steps, finished):
    seen = set()
    for viewer in (*Seat, None):
        for event in presenters.events([*finished[1], *steps[-1][1]], viewer):
            # Key order aside: the event serializers declare seq, seat and at before type.
            _described_exactly(EVENT_SERIALIZERS[event["type"]], event, sort_keys=True)
            seen.add(event["type"])
    assert seen == set(EVENT_SERIALIZERS)  # every event type was met


def test_the_key_order_of_each_body_is_the_one_clients_have_seen(steps, finished):
    state, logged = finished
    match = Match(id=uuid.UUID(int=1), status="finished", version=len(logged), created_at=AT,
                  bot_delay_ms=0, bot_think_ms=200)
    assert list(presenters.match_summary(match, state)) == [
        "id", "status", "rules", "bots", "seats", "hand_number", "scores", "version",
        "created_at", "result", "fixed_deals", "turn_timeout_s", "daily"]
    assert list(presenters.lobby_entry(match, steps[0][0]))[-1] == "open_seats"
    assert list(presenters.seat_view(seat_view(state, Seat.NORTH), match_id=match.id,
                                     version=1, fixed_deals=0, turn_deadline=None)) == [
        "match_id", "version", "status", "seat", "hand_number", "pass_direction", "hand",
        "to_act", "is_your_turn", "turn_deadline", "legal_cards", "trick", "tricks", "hearts_broken",
        "tricks_won", "hand_points", "scores", "players", "rules", "result", "fixed_deals",
        "end_started_after", "pass"]
    bodies = {body["type"]: body for body in presenters.events(logged, Seat.NORTH)}
    assert list(bodies["card_played"]) == ["seq", "type", "seat", "at", "card", "auto"]
    assert list(bodies["seat_left"]) == ["seq", "type", "seat", "at", "player", "bot_level"]
    assert list(bodies["hand_dealt"]) == [
        "seq", "type", "seat", "at", "hand_number", "pass_direction", "hand"]
    assert list(bodies["cards_exchanged"]) == [
        "seq", "type", "seat", "at", "hand_number", "pass_direction", "given", "received"]
