"""What the bots' tasks read (``games.selectors``): the move a bot owes at a version, and the
matches whose bot turn has stalled, longest first."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db.models import F
from django.utils import timezone

from games import selectors, services
from games.engine import Phase, RuleSet, Seat
from games.models import Match

pytestmark = pytest.mark.django_db

# Inside the test's transaction on_commit never fires: no bot moves, the turns stay owed.
PLAYER_AND_BOTS = [services.SeatSpec("player"), services.SeatSpec("bot", "hard"),
                   services.SeatSpec("bot", "expert"), services.SeatSpec("bot", "random")]


@pytest.fixture
def creator():
    return get_user_model().objects.create_user(username="creator")


def _create(creator, **options):
    return services.match_create(creator=creator, seats=PLAYER_AND_BOTS, rules=RuleSet(),
                                 bots=services.BotOptions(**options)).match


def test_bot_turn_is_the_first_bot_in_seat_order_with_its_view_and_budget(creator):
    match = _create(creator, think_ms=37)
    turn = selectors.bot_turn_get(match_id=match.id, version=match.version)
    assert turn is not None
    # Hand 1 passes left: all four must pass, and east is the first bot.
    assert (turn.match_id, turn.seat, turn.level, turn.think_ms) == (
        match.id, Seat.EAST, "hard", 37)
    assert (turn.view.seat, turn.view.status, turn.view.is_your_turn) == (
        Seat.EAST, Phase.PASSING, True)
    assert len(turn.view.hand) == 13
    assert selectors.bot_turn_get(match_id=str(match.id), version=match.version) == turn


def test_no_bot_turn_at_another_version_for_no_match_or_without_a_bot_to_act(creator):
    match = _create(creator)
    assert selectors.bot_turn_get(match_id=match.id, version=match.version - 1) is None
    assert selectors.bot_turn_get(match_id=uuid.UUID(int=0), version=match.version) is None
    Match.objects.filter(pk=match.id).update(bot_to_act=False)
    assert selectors.bot_turn_get(match_id=match.id, version=match.version) is None


def test_bot_stalled_list_is_the_unfinished_bot_turns_past_their_allowance_longest_first(
        creator, settings):
    settings.BOT_STALL_SECONDS = 10
    older, newer, fresh, finished = (_create(creator, delay_ms=5, think_ms=50) for _ in range(4))
    # 10 s + its 10 s delay + 3 x 1 s thinking = 23 s allowed: 22 s is not stalled, 24 s is.
    slow, slower = (_create(creator, delay_ms=10_000, think_ms=1_000) for _ in range(2))
    for match, seconds in ((older, 30), (newer, 20), (fresh, 0), (finished, 40),
                           (slow, 22), (slower, 24)):
        Match.objects.filter(pk=match.id).update(
            updated_at=F("updated_at") - timedelta(seconds=seconds))
    Match.objects.filter(pk=finished.id).update(status=Match.Status.FINISHED)
    now = timezone.now()
    assert selectors.bot_stalled_list(now=now, limit=200) == [
        (older.id, older.version, True), (slower.id, slower.version, True),
        (newer.id, newer.version, True)]
    assert selectors.bot_stalled_list(now=now, limit=1) == [(older.id, older.version, True)]
    stalled = set(Match.objects.filter(selectors.bot_stalled(now=now)).values_list("id", flat=True))
    assert stalled == {older.id, newer.id, slower.id}
    # Without the thinking time (the sweep's rule: the task markers say who is thinking),
    # slow's 22 s is past 10 s + its 10 s delay.
    assert [turn.match_id for turn in selectors.bot_stalled_list(now=now, limit=200, thinking=False)
            ] == [older.id, slower.id, slow.id, newer.id]


def test_a_stalled_turn_says_whether_a_player_is_seated(creator, settings):
    settings.BOT_STALL_SECONDS = 0
    bots_only = services.match_create(creator=creator, seats=[services.SeatSpec("bot", "easy")] * 4,
                                      rules=RuleSet()).match
    with_player = _create(creator)
    for match in (bots_only, with_player):
        Match.objects.filter(pk=match.id).update(updated_at=F("updated_at") - timedelta(seconds=5))
    turns = selectors.bot_stalled_list(now=timezone.now(), limit=200)
    assert {(turn.match_id, turn.player_seated) for turn in turns} == {
        (bots_only.id, False), (with_player.id, True)}
    assert selectors.player_seated(match_id=with_player.id) is True
    assert selectors.player_seated(match_id=bots_only.id) is False
