"""The bots' Celery task, run eagerly: loops instead of recursing, idempotent."""

from __future__ import annotations

import sys

import pytest
from django.contrib.auth import get_user_model

from bots import strategies
from bots.tasks import act, sweep
from games import services
from games.engine import RuleSet, parse_cards
from games.models import Match

FOUR_BOTS = [services.SeatSpec("bot", level) for level in ("easy", "random", "easy", "random")]


@pytest.fixture
def creator(transactional_db: None):
    return get_user_model().objects.create_user(username="creator")


def test_four_bots_play_a_whole_match_when_it_is_created(creator) -> None:
    result = services.match_create(creator=creator, seats=FOUR_BOTS, rules=RuleSet(target_score=30))
    match = Match.objects.get(pk=result.match.id)
    assert match.status == "finished"
    assert match.state["result"]["hands_played"] >= 1
    assert list(match.events.values_list("seq", flat=True)) == list(range(1, match.version + 1))


def test_four_bots_finish_a_full_match_without_recursing_per_move(creator) -> None:
    # Thousands of moves; a recursion per move would blow this limit long before the end.
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(400)
    try:
        result = services.match_create(creator=creator, seats=FOUR_BOTS, rules=RuleSet())
    finally:
        sys.setrecursionlimit(limit)
    match = Match.objects.get(pk=result.match.id)
    assert match.status == "finished"
    assert match.version > 400


def test_act_does_nothing_when_the_version_has_moved_on(creator) -> None:
    seats = [services.SeatSpec("player")] + FOUR_BOTS[1:]
    result = services.match_create(creator=creator, seats=seats, rules=RuleSet())
    match = Match.objects.get(pk=result.match.id)
    # The bots passed at once; north (the player) is the only one left to pass.
    assert match.state["phase"] == "passing" and not match.bot_to_act
    assert act(str(match.id), match.version) == 0
    assert act(str(match.id), match.version - 1) == 0
    assert Match.objects.get(pk=match.id).version == match.version


def test_sweep_wakes_a_match_whose_bot_turn_has_stalled(db: None, settings) -> None:
    # Inside the test's transaction on_commit never fires: the bots are not woken,
    # exactly as when a worker died mid-move.
    creator = get_user_model().objects.create_user(username="creator")
    result = services.match_create(creator=creator, seats=FOUR_BOTS, rules=RuleSet(target_score=30))
    stalled = Match.objects.get(pk=result.match.id)
    assert stalled.bot_to_act and stalled.status == "passing"
    settings.BOT_STALL_SECONDS = 3600
    assert sweep() == 0  # not stalled long enough yet
    settings.BOT_STALL_SECONDS = 0
    assert sweep() == 1
    assert Match.objects.get(pk=stalled.id).status == "finished"


def test_a_bot_whose_strategy_is_refused_moves_at_random_instead(creator, monkeypatch, caplog) -> None:
    def broken_pass(view, rng):  # always refused: duplicate_cards or card_not_in_hand
        return parse_cards(["2C", "2C", "2C"])

    monkeypatch.setattr(strategies.easy, "choose_pass", broken_pass)
    bots = [services.SeatSpec("bot", "easy")] * 4
    result = services.match_create(creator=creator, seats=bots, rules=RuleSet(target_score=1))
    match = Match.objects.get(pk=result.match.id)
    assert match.status == "finished"
    assert "moving at random" in caplog.text
