"""The bots' moves (``bots.moves``, ``bots.dispatcher``, ``bots.tasks``): made inline they
play on without recursing, a claim the match has outrun does nothing, the expert gets the
match's thinking time, the generators are keyed by the server's secret, and with a worker (the
broker faked at ``apply_async``) a commit sends a ticket due when the move is, and a ticket
makes moves until a person must act."""

from __future__ import annotations

import sys
import time
import uuid
from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from bots import moves, strategies, tasks
from games import dispatch, services
from games.engine import PassDirection, RuleSet, Seat, parse_cards, parse_deal
from games.engine.rules import TiePolicy
from games.models import DueWork, Event, Match
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
    # To 60 points: at least 3 hands (a hand gives a seat at most 26), so over 200 events
    # (168 moves or more); a recursion per move (its every frame again, from the command's commit to the
    # next move) would blow this limit long before the end.
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(400)
    try:
        result = services.match_create(creator=creator, seats=FOUR_BOTS,
                                       rules=RuleSet(target_score=60))
    finally:
        sys.setrecursionlimit(limit)
    match = Match.objects.get(pk=result.match.id)
    assert match.status == "finished"
    assert match.version > 200


def test_a_claim_the_match_has_outrun_does_nothing_and_lets_its_lease_go(db: None) -> None:
    creator = get_user_model().objects.create_user(username="creator")
    # Inside the test's transaction on_commit never fires: the bots' passes stay owed.
    match = services.match_create(creator=creator, seats=FOUR_BOTS, rules=RuleSet()).match
    stale = dispatch.Claim(match.id, match.version - 1, uuid.uuid4())
    assert moves.make(stale) is None
    claim = dispatch.claim(now=timezone.now())
    assert claim is not None and claim.version == match.version
    assert moves.make(dispatch.Claim(claim.match_id, claim.version - 1, claim.lease)) is None
    assert DueWork.objects.get(pk=match.id).lease is None  # released: due again at once
    assert Match.objects.get(pk=match.id).version == match.version


def test_a_worker_that_finds_the_moves_owed_makes_them(db: None) -> None:
    # As when every ticket was lost: beat's tick runs ``work``.
    creator = get_user_model().objects.create_user(username="creator")
    match = services.match_create(creator=creator, seats=FOUR_BOTS, rules=RuleSet(target_score=30)).match
    assert Match.objects.get(pk=match.id).status == "passing"
    while tasks.work():
        pass
    assert Match.objects.get(pk=match.id).status == "finished"
    assert not DueWork.objects.filter(pk=match.id).exists()


def test_a_bot_move_reads_its_match_row_once_and_locks_it_by_version(db: None) -> None:
    creator = get_user_model().objects.create_user(username="creator")
    # Inside the test's transaction on_commit never fires: the bots' passes stay owed.
    match = services.match_create(creator=creator, seats=FOUR_BOTS, rules=RuleSet()).match
    claim = dispatch.claim(now=timezone.now())
    assert claim is not None
    with CaptureQueriesContext(connection) as captured:
        assert moves.make(claim) is not None
    sqls = [query["sql"] for query in captured.captured_queries]
    assert sum(sql.startswith('SELECT "id", "created_by_id"') for sql in sqls) == 1
    assert sum(sql.startswith('SELECT "version" FROM "games_match"') and sql.endswith("FOR UPDATE")
               for sql in sqls) == 1
    assert Match.objects.get(pk=match.id).version == match.version + 1  # one pass


def test_a_search_renews_its_moves_lease_while_it_thinks(monkeypatch) -> None:
    renewed: list[object] = []
    monkeypatch.setattr(moves, "RENEW_SECONDS", 0.01)
    monkeypatch.setattr(dispatch, "renew", lambda claim, now: renewed.append(claim))
    claim = dispatch.Claim(uuid.uuid4(), 1, uuid.uuid4())

    def slow() -> str:
        time.sleep(0.1)
        return "chosen"

    assert moves._search(slow, claim) == "chosen"  # type: ignore[arg-type]
    assert renewed and set(renewed) == {claim}


def test_a_bots_generator_is_keyed_by_the_servers_secret(settings) -> None:
    match_id = uuid.UUID(int=7)
    settings.BOT_SECRET = "one"
    first = moves.seed(match_id, 12, Seat.EAST)
    assert first == moves.seed(match_id, 12, Seat.EAST)
    assert first != moves.seed(match_id, 12, Seat.SOUTH) != moves.seed(match_id, 13, Seat.EAST)
    settings.BOT_SECRET = "two"
    assert moves.seed(match_id, 12, Seat.EAST) != first
    assert 0 <= first < 2**63


def test_a_bot_whose_strategy_is_refused_moves_at_random_instead(creator, monkeypatch, caplog) -> None:
    def broken_pass(view, rng):  # always refused: duplicate_cards or card_not_in_hand
        return parse_cards(["2C", "2C", "2C"])

    monkeypatch.setattr(strategies.easy, "choose_pass", broken_pass)
    bots = [services.SeatSpec("bot", "easy")] * 4
    result = services.match_create(creator=creator, seats=bots, rules=RuleSet(target_score=1))
    match = Match.objects.get(pk=result.match.id)
    assert match.status == "finished"
    assert "moving at random" in caplog.text


def test_a_bot_whose_strategy_fails_moves_at_random_instead(creator, monkeypatch, caplog) -> None:
    def failing_play(view, rng):
        raise IndexError("a strategy bug")

    monkeypatch.setattr(strategies.easy, "choose_play", failing_play)
    bots = [services.SeatSpec("bot", "easy")] * 4
    result = services.match_create(creator=creator, seats=bots, rules=RuleSet(target_score=1))
    assert Match.objects.get(pk=result.match.id).status == "finished"
    assert "failed to decide; moving at random" in caplog.text and "IndexError" in caplog.text


def test_the_expert_gets_the_match_think_ms_as_its_budget(creator, monkeypatch) -> None:
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


def test_inline_a_delayed_move_waits_until_it_is_due(creator) -> None:
    match = _north_leads_2c(creator, services.BotOptions(delay_ms=2000))
    assert _plays_after(match) == []  # east waits out the delay
    with time_machine.travel(timezone.now() + timedelta(seconds=3)):
        assert moves.run_due(seconds=5) == 1  # east; south's move is due 2 s after it
    assert _plays_after(match) == ["east"]


# --- with a worker: the broker is faked at apply_async ----------------------------------------


@pytest.fixture
def tickets(monkeypatch, settings) -> list[dict[str, Any]]:
    """Bots moved by workers; every ticket sent is recorded, not run."""
    sent: list[dict[str, Any]] = []
    settings.BOT_DISPATCH = "celery"
    monkeypatch.setattr(tasks.work, "apply_async", lambda **options: sent.append(options))
    return sent


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
            app.send_task("bots.tasks.work", retry=settings.CELERY_TASK_PUBLISH_RETRY)
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


def test_with_a_worker_a_commit_sends_a_ticket_due_after_the_match_delay(creator, tickets) -> None:
    match = _north_leads_2c(creator, services.BotOptions(delay_ms=400))
    due = DueWork.objects.get(pk=match.id)
    assert tickets == [{"eta": due.due_at, "queue": "bots"}]
    assert due.due_at == match.updated_at + timedelta(milliseconds=400)


def test_with_a_worker_a_ticket_plays_on_until_a_person_must_act_sending_none(creator,
                                                                              tickets) -> None:
    match = _north_leads_2c(creator, services.BotOptions(delay_ms=0))
    assert tickets == [{"eta": None, "queue": "bots"}]
    # East, south and west finish trick 1; west wins it (JC) and leads trick 2; then north.
    assert tasks.work() == 4
    assert tickets == [{"eta": None, "queue": "bots"}]  # its own commits sent none
    assert _plays_after(match) == ["east", "south", "west", "west"]
    assert match_state(Match.objects.get(pk=match.id)).to_act == [Seat.NORTH]


def test_with_a_worker_a_delayed_move_made_by_a_ticket_sends_the_next_ticket(creator,
                                                                             tickets) -> None:
    match = _north_leads_2c(creator, services.BotOptions(delay_ms=400))
    tickets.clear()
    with time_machine.travel(timezone.now() + timedelta(seconds=1)):
        assert tasks.work() == 1  # east; south is due 400 ms later
    assert _plays_after(match) == ["east"]
    assert tickets == [{"eta": DueWork.objects.get(pk=match.id).due_at, "queue": "bots"}]


def test_with_a_worker_a_ticket_that_used_its_slice_sends_another(creator, tickets,
                                                                  monkeypatch) -> None:
    monkeypatch.setattr(tasks, "WORK_SLICE_SECONDS", 0.0)
    _north_leads_2c(creator, services.BotOptions(delay_ms=0))
    tickets.clear()
    assert tasks.work() == 0
    assert tickets == [{"queue": "bots"}]


def _plays_after(match: Match) -> list[str]:
    """The seats that played a card after ``match``'s version, in order."""
    return [Seat(seat).label for seat in Event.objects.filter(
        match_id=match.id, seq__gt=match.version, type="card_played").values_list("seat", flat=True)]
