"""Each response body has one home, its serializer: the body ``body`` builds has exactly
the fields the serializer declares (and so the schema), in their order, nested shapes
too, at every step of whole matches; and the key order clients have seen is pinned."""

from __future__ import annotations

import dataclasses
import random
import uuid
from datetime import UTC, date, datetime

import pytest
from django.contrib.auth.models import User

from bots.analysis import analyse, choices
from bots.appraisal import appraise
from bots.arena import play_table
from bots.review import decision_json
from bots.strategies import choose_command
from games.daily import Challenge
from games.duplicate import deal_of
from games.engine import (
    DECK,
    NEW_MATCH,
    AbortMatch,
    CreateMatch,
    DealHand,
    InviteSeat,
    LeaveSeat,
    PassCards,
    Phase,
    PlayCard,
    ReleaseSeat,
    ReplaceSeat,
    RuleSet,
    Seat,
    TakeSeat,
    decide,
    evolve,
    seat_view,
)
from games.lessons import lessons
from games.models import (
    Analysis,
    ArenaRun,
    ArenaTable,
    BotAccount,
    DailyAttempt,
    Invitation,
    Match,
    OpponentRecord,
    PlayerRecord,
    Rating,
    Webhook,
    WebhookDelivery,
)
from games.selectors import LoggedEvent, PlayerProfile
from hearts_api.health import Health
from hearts_api.serializers import (
    accounts,
    arena,
    daily,
    events,
    health,
    invitations,
    records,
    webhooks,
)
from hearts_api.serializers.events import EVENT_SERIALIZERS, EventBaseSerializer, event_bodies
from hearts_api.serializers.fields import ResponseSerializer
from hearts_api.serializers.lessons import LessonPromptSerializer, LessonSerializer
from hearts_api.serializers.matches import LobbyEntrySerializer, MatchSummarySerializer
from hearts_api.serializers.play import CommandResultSerializer, SeatViewSerializer
from hearts_api.serializers.review import AnalysisSerializer, HintSerializer

from .helpers import assert_shaped, shape_of

AT = datetime(2026, 12, 1, 12, 0, 0, 123456, tzinfo=UTC)
RULES = (RuleSet(target_score=30), RuleSet(target_score=26, pass_count=2, jack_of_diamonds=-10))


def _subclasses(cls):
    return {sub for direct in cls.__subclasses__() for sub in (direct, *_subclasses(direct))}


def _match(number, rules, abort_at=None):
    """Each step of a whole match of bots and ada, north, who leaves her seat to a bot and
    takes it back after her pass and whose first hand's plays are a stand-in's, east first
    held for cat, who declines: (state,
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
    apply(decide(state, InviteSeat(Seat.EAST, "cat")))
    yield state, list(logged)
    apply(decide(state, ReleaseSeat(Seat.EAST, "declined")))
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


def _row(state, logged, **fields):
    return Match(id=uuid.UUID(int=1), status=state.phase.value, version=len(logged),
                 created_at=AT, bot_delay_ms=0, bot_think_ms=200, **fields)


def _bodies(steps, finished):
    """(serializer, body) for every response shape, from every step of the matches."""
    ada = User(username="ada")
    rating = Rating(player=ada, mu=27.0, sigma=5.0, ordinal=12.0, matches_rated=3)
    won = OpponentRecord(opponents="easy,easy,easy", matches_finished=2, matches_won=1,
                         fastest_win_hands=3, fastest_win_match_id=uuid.UUID(int=2),
                         fastest_win_seat=Seat.NORTH, fastest_win_ended_at=AT,
                         fastest_win_scores={"west": 40, "north": 10, "east": 30, "south": 20},
                         fastest_win_moons=[{"sun": False, "seat": "east", "hand": 2}])
    unwon = OpponentRecord(opponents="hard,hard,human", matches_finished=1)
    attempt = DailyAttempt(player=ada, match=Match(id=uuid.UUID(int=3), status="finished"),
                           match_id=uuid.UUID(int=3), points=12, seconds=300, finished_at=AT)
    attempt.rank = 1
    challenge = Challenge(date(2026, 12, 1), RuleSet(max_hands=4),
                          {Seat.WEST: "easy", Seat.NORTH: "hard", Seat.EAST: "expert"})
    deal = tuple(DECK[13 * n:13 * n + 13] for n in range(4))  # any 4 x 13 cards
    yield records.PlayerProfileSerializer, records.PlayerProfileSerializer.body(
        PlayerProfile("ada", PlayerRecord(matches_played=2), [unwon, won], rating, None))
    yield records.PlayerProfileSerializer, records.PlayerProfileSerializer.body(
        PlayerProfile("bea", PlayerRecord(), [], None, BotAccount(user=ada, owner=ada)))
    yield records.LeaderboardEntrySerializer, records.LeaderboardEntrySerializer.body(rating, 1)
    hook = Webhook(id=uuid.UUID(int=6), owner=ada, url="https://example.com/hook",
                   events=["turn"], created_at=AT)
    yield webhooks.WebhookSerializer, webhooks.WebhookSerializer.body(hook)
    yield webhooks.WebhookCreatedSerializer, webhooks.WebhookCreatedSerializer.body(
        hook, "whsec_c2VjcmV0")
    for delivered in (None, AT):
        yield webhooks.WebhookDeliverySerializer, webhooks.WebhookDeliverySerializer.body(
            WebhookDelivery(id=uuid.UUID(int=7), webhook=hook, type="turn",
                            payload={"type": "turn"}, created_at=AT, next_attempt_at=AT,
                            status="delivered" if delivered else "pending",
                            attempts=1 if delivered else 0,
                            last_status_code=204 if delivered else None,
                            delivered_at=delivered))
    figures = {"advantage": 1.5, "ci95": [0.25, 2.75], "deals": 2, "per_seat": [
        {"seat": seat.label, "advantage": 1.5, "points": 4.0, "field_points": 5.5} for seat in Seat]}
    for status, result, reason in (("running", None, ""), ("finished", figures, ""),
                                   ("abandoned", None, "a table was aborted")):
        run = ArenaRun(id=uuid.UUID(int=8), bot=ada, field="hard", deals=2, seed=7, status=status,
                       result=result, reason=reason, created_at=AT,
                       ended_at=None if status == "running" else AT)
        run.tables_finished = 1  # type: ignore[attr-defined]
        yield arena.ArenaRunSerializer, arena.ArenaRunSerializer.body(run)
        tables = [ArenaTable(run=run, deal=0, seat=seat, points=points,
                             match=Match(id=uuid.UUID(int=9 + n), status=match_status))
                  for n, (seat, points, match_status) in enumerate(
                      ((None, [6, 0, 7, 13], "finished"), (0, None, "playing")))]
        yield arena.ArenaRunDetailSerializer, arena.ArenaRunDetailSerializer.body(run, tables)
    held = Match(id=uuid.UUID(int=4), created_by=ada)
    yield invitations.InvitationSerializer, invitations.InvitationSerializer.body(
        Invitation(id=uuid.UUID(int=5), match=held, match_id=held.id, seat=1, created_at=AT,
                   expires_at=AT), AT)
    yield records.RatingSerializer, records.RatingSerializer.body(
        Rating(bot_level="easy", matches_rated=1))
    for deals, who in ((None, None), ([deal] * 4, attempt)):
        yield daily.DailyChallengeSerializer, daily.DailyChallengeSerializer.body(
            challenge, AT, deals, who)
    yield daily.DailyLeaderboardEntrySerializer, daily.DailyLeaderboardEntrySerializer.body(attempt)
    yield accounts.PlayerCreatedSerializer, accounts.PlayerCreatedSerializer.body("ada", "t0k3n")
    yield health.HealthSerializer, health.HealthSerializer.body(Health("ok", "ok", "no broker"))
    for lesson in lessons().values():
        yield LessonSerializer, LessonSerializer.body(lesson)
        yield LessonPromptSerializer, LessonPromptSerializer.body(lesson)
    table = play_table(*deal_of(1, 0), ["easy"] * 4, 200)
    decisions = [decision_json(analyse(view, played, seed="s", work=100))
                 for view, played in choices(table.events, Seat.NORTH)]
    yield AnalysisSerializer, AnalysisSerializer.body(Analysis(
        match_id=uuid.UUID(int=1), seat=0, status="running", hands=2, hands_done=1,
        decisions=decisions, work=100, cpu_ms=5))
    # A command that leaves a hand to deal deals it (games.services), so no body shows dealing.
    for state, logged in (step for step in steps if step[0].phase is not Phase.DEALING):
        match = _row(state, logged, fixed_deals=1, turn_timeout_s=30)
        yield MatchSummarySerializer, MatchSummarySerializer.body(match, state)
        yield MatchSummarySerializer, MatchSummarySerializer.body(
            _row(state, logged, fixed_deals=1, lesson="queen-of-spades"), state)
        if state.phase is Phase.WAITING:
            yield LobbyEntrySerializer, LobbyEntrySerializer.body(match, state)
        for viewer in (*Seat, None):
            view = seat_view(state, viewer)
            yield SeatViewSerializer, SeatViewSerializer.body(
                view, _row(state, logged, fixed_deals=2, hints=True), match.version,
                AT if state.to_act else None)
            yield CommandResultSerializer, CommandResultSerializer.body(match, logged[-3:], view)
            yield CommandResultSerializer, CommandResultSerializer.body(
                match, logged[-3:], view, ("right", "Why it is right."))
            if view.is_your_turn:
                yield HintSerializer, HintSerializer.body(
                    match, view, appraise(view, random.Random(0), 100), 200)
    for viewer in (*Seat, None):
        logged = [*finished[1], *steps[-1][1]]
        yield events.EventListSerializer, events.EventListSerializer.body(
            event_bodies(logged, viewer), len(logged))


def test_every_response_body_has_exactly_its_serializers_fields_in_order(steps, finished):
    met = set()
    for serializer, body in _bodies(steps, finished):
        assert_shaped(shape_of(serializer), body)
        met.add(serializer)
    # Every response serializer was met (an event's, through the event lists).
    assert _subclasses(ResponseSerializer) - _subclasses(EventBaseSerializer) - {
        EventBaseSerializer} == met


def test_every_event_type_is_met(steps, finished):
    types = {body["type"] for viewer in (*Seat, None)
             for body in event_bodies([*finished[1], *steps[-1][1]], viewer)}
    assert types == set(EVENT_SERIALIZERS)


def test_the_key_order_of_each_body_is_the_one_clients_have_seen(steps, finished):
    state, logged = finished
    match = _row(state, logged)
    assert list(MatchSummarySerializer.body(match, state)) == [
        "id", "status", "rules", "bots", "seats", "hand_number", "scores", "version",
        "created_at", "result", "fixed_deals", "turn_timeout_s", "daily", "hints", "lesson"]
    assert list(LobbyEntrySerializer.body(match, steps[0][0]))[-1] == "open_seats"
    assert list(SeatViewSerializer.body(seat_view(state, Seat.NORTH), match, 1, None)) == [
        "match_id", "version", "status", "seat", "hand_number", "pass_direction", "hand",
        "to_act", "is_your_turn", "turn_deadline", "legal_cards", "trick", "tricks", "hearts_broken",
        "tricks_won", "hand_points", "scores", "players", "rules", "result", "fixed_deals",
        "hints", "end_started_after", "refusal", "pass"]
    bodies = {body["type"]: body for body in event_bodies(logged, Seat.NORTH)}
    assert list(bodies["card_played"]) == ["seq", "type", "seat", "at", "card", "auto"]
    assert list(bodies["seat_left"]) == ["seq", "type", "seat", "at", "player", "bot_level"]
    assert list(bodies["hand_dealt"]) == [
        "seq", "type", "seat", "at", "hand_number", "pass_direction", "hand"]
    assert list(bodies["cards_exchanged"]) == [
        "seq", "type", "seat", "at", "hand_number", "pass_direction", "given", "received"]
