"""The bots' Celery task: run eagerly it loops instead of recursing, it is idempotent, it
gives the expert the match's thinking time, and with a worker (the broker faked at
``apply_async``) a match's delay turns the loop into one move per task, each queued with
the delay as its countdown."""

from __future__ import annotations

import sys
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db.models import F

from bots import strategies, tasks
from bots.tasks import act, sweep
from games import services
from games.engine import PassDirection, RuleSet, Seat, parse_cards, parse_deal
from games.engine.rules import TiePolicy
from games.models import Event, Match
from games.selectors import match_state

from ..engine.helpers import D1

FOUR_BOTS = [services.SeatSpec("bot", level) for level in ("easy", "random", "easy", "random")]
# North is the creator; in D1 north holds 2C and every hand is a hold hand, so the match
# waits for north's lead, then east, south and west (bots) answer, and west wins trick 1.
PLAYER_AND_THREE_BOTS = [services.SeatSpec("player")] + FOUR_BOTS[1:]
HOLD = RuleSet(pass_rotation=(PassDirection.HOLD,))


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
    _age(result.match.id, seconds=1)  # older than its bot_think_ms (200 ms)
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


def _age(match_id: Any, *, seconds: float) -> None:
    """Move the match's last change ``seconds`` into the past."""
    Match.objects.filter(pk=match_id).update(updated_at=F("updated_at") - timedelta(seconds=seconds))


def test_sweep_leaves_a_match_waiting_out_its_delay_alone(db: None, settings) -> None:
    creator = get_user_model().objects.create_user(username="creator")
    result = services.match_create(creator=creator, seats=FOUR_BOTS, rules=RuleSet(target_score=30),
                                   bots=services.BotOptions(delay_ms=10_000, think_ms=10))
    settings.BOT_STALL_SECONDS = 5
    _age(result.match.id, seconds=6)  # past BOT_STALL_SECONDS, not past 5 s + its 10 s delay
    assert sweep() == 0
    assert Match.objects.get(pk=result.match.id).status == "passing"
    _age(result.match.id, seconds=10)  # now 16 s: stalled
    assert sweep() == 1
    assert Match.objects.get(pk=result.match.id).status == "finished"


def test_act_gives_the_expert_the_match_think_ms_as_its_budget(creator, monkeypatch) -> None:
    budgets: list[tuple[float, int | None]] = []
    search = strategies.expert.choose_play

    def spy(view, rng, *, budget_ms, work):  # the real search, with its budget recorded
        budgets.append((budget_ms, work))
        return search(view, rng, budget_ms=budget_ms, work=work)

    monkeypatch.setattr(strategies.expert, "choose_play", spy)
    experts = [services.SeatSpec("bot", "expert")] * 4
    # Target 1, ties shared: the first hand ends the match (no tiebreak hands to search).
    result = services.match_create(creator=creator, seats=experts,
                                   rules=RuleSet(target_score=1, tie_policy=TiePolicy.SHARE),
                                   bots=services.BotOptions(think_ms=37))
    assert Match.objects.get(pk=result.match.id).status == "finished"
    # Every play of the hand, at the worker's pace (work None: not a daily's fixed work).
    assert budgets == [(37, None)] * 52


def test_eagerly_the_delay_is_ignored_and_the_bots_play_on_without_recursing(creator) -> None:
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(400)
    try:
        result = services.match_create(creator=creator, seats=FOUR_BOTS, rules=RuleSet(),
                                       bots=services.BotOptions(delay_ms=10_000))
    finally:
        sys.setrecursionlimit(limit)
    match = Match.objects.get(pk=result.match.id)
    assert match.status == "finished" and match.version > 400


# --- with a worker: the broker is faked at apply_async ----------------------------------------


@pytest.fixture
def queued(monkeypatch) -> list[tuple[tuple[Any, ...], float | None]]:
    """Celery as with a worker (not eager); every task queued is recorded, not run."""
    calls: list[tuple[tuple[Any, ...], float | None]] = []

    def apply_async(args: tuple[Any, ...], countdown: float | None = None, **options: Any) -> None:
        calls.append((tuple(args), countdown))

    monkeypatch.setitem(act.app.conf, "task_always_eager", False)
    monkeypatch.setattr(act, "apply_async", apply_async)
    return calls


def test_a_task_queued_while_the_broker_refuses_is_given_up_at_once_not_retried(
        monkeypatch, settings) -> None:
    """With the project's broker options, on a port nothing listens on: kombu tries once
    and raises; it never sleeps to try again (a command of an outage would wait for it)."""
    import kombu.exceptions
    import kombu.utils.functional
    from celery import Celery

    from tests.e2e.stack import free_port

    app = Celery("refused", broker=f"redis://127.0.0.1:{free_port()}/0", set_as_current=False,
                 broker_transport_options=settings.CELERY_BROKER_TRANSPORT_OPTIONS,
                 broker_connection_timeout=settings.CELERY_BROKER_CONNECTION_TIMEOUT)
    sleeps: list[float] = []
    monkeypatch.setattr(kombu.utils.functional, "sleep", sleeps.append)
    try:
        with pytest.raises(kombu.exceptions.OperationalError, match="Connection refused"):
            app.send_task("bots.tasks.act", ("00000000-0000-0000-0000-000000000000", 1),
                          retry=settings.CELERY_TASK_PUBLISH_RETRY)
    finally:
        app.close()
    assert sleeps == []


def _north_leads_2c(creator, bots: services.BotOptions) -> Match:
    result = services.match_create(creator=creator, seats=PLAYER_AND_THREE_BOTS, rules=HOLD,
                                   deals=[parse_deal(D1)], bots=bots)
    assert not result.match.bot_to_act  # north, the player, leads
    played = services.card_play(match_id=result.match.id, player=creator,
                                card=parse_cards(["2C"])[0])
    return played.match


def test_with_a_worker_a_bot_move_is_queued_with_the_match_delay(creator, queued) -> None:
    match = _north_leads_2c(creator, services.BotOptions(delay_ms=400))
    assert queued == [((str(match.id), match.version), 0.4)]


def test_with_a_worker_a_delayed_act_makes_one_move_and_queues_the_next(creator, queued) -> None:
    match = _north_leads_2c(creator, services.BotOptions(delay_ms=400))
    queued.clear()
    assert act(str(match.id), match.version) == 1
    after = Match.objects.get(pk=match.id)
    assert _plays_after(match) == ["east"]
    assert after.version == match.version + 1
    # Queued once, by act itself: the move it committed did not queue through the receiver too.
    assert queued == [((str(match.id), after.version), 0.4)]
    assert act(str(match.id), match.version) == 0  # a duplicate of the first finds it moved on


def test_with_a_worker_and_no_delay_act_plays_on_until_a_person_must_act(creator, queued) -> None:
    match = _north_leads_2c(creator, services.BotOptions(delay_ms=0))
    queued.clear()
    # East, south and west finish trick 1; west wins it (JC) and leads trick 2; then north.
    assert act(str(match.id), match.version) == 4
    assert queued == []
    assert _plays_after(match) == ["east", "south", "west", "west"]
    assert match_state(Match.objects.get(pk=match.id)).to_act == [Seat.NORTH]


def test_with_a_worker_a_long_act_hands_the_match_to_a_fresh_task(creator, queued, monkeypatch) -> None:
    monkeypatch.setattr(tasks, "ACT_SLICE_SECONDS", 0.0)
    match = _north_leads_2c(creator, services.BotOptions(delay_ms=0))
    queued.clear()
    assert act(str(match.id), match.version) == 1
    assert _plays_after(match) == ["east"]
    assert queued == [((str(match.id), match.version + 1), None)]


def _plays_after(match: Match) -> list[str]:
    """The seats that played a card after ``match``'s version, in order."""
    return [Seat(seat).label for seat in Event.objects.filter(
        match_id=match.id, seq__gt=match.version, type="card_played").values_list("seat", flat=True)]
