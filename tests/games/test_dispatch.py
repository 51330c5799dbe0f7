"""The bots' due work (``games.dispatch``): what a command leaves owed, and the one rule that
hands it to workers: lane, then round-robin across owners, an owner's leases capped, a lease
that ends or is released."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from games import dispatch, selectors, services
from games.engine import PassDirection, Phase, RuleSet, Seat, parse_card, parse_deal
from games.models import DueWork, Match

from ..engine.helpers import D1

pytestmark = pytest.mark.django_db

# Inside the test's transaction on_commit never fires: no move is made, each stays owed.
PLAYER_AND_BOTS = [services.SeatSpec("player"), services.SeatSpec("bot", "hard"),
                   services.SeatSpec("bot", "expert"), services.SeatSpec("bot", "random")]
FOUR_BOTS = [services.SeatSpec("bot", "easy")] * 4
HOLD = RuleSet(pass_rotation=(PassDirection.HOLD,))


def _user(name: str):
    return get_user_model().objects.create_user(username=name)


def _create(creator, seats=PLAYER_AND_BOTS, **options) -> Match:
    return services.match_create(creator=creator, seats=seats, rules=RuleSet(),
                                 bots=services.BotOptions(**options)).match


def _claimed(now=None) -> uuid.UUID | None:
    claim = dispatch.claim(now=now or timezone.now())
    return None if claim is None else claim.match_id


def test_a_command_leaves_the_bots_move_owed_charged_to_the_creator_after_its_delay():
    alice = _user("alice")
    before = timezone.now()
    match = _create(alice, delay_ms=1500, think_ms=300)
    due = DueWork.objects.get(pk=match.id)
    assert (due.owner_id, due.lane, due.version, due.leased_until) == (alice.pk, 0, match.version, None)
    assert before + timedelta(milliseconds=1500) <= due.due_at <= timezone.now() + timedelta(
        milliseconds=1500)
    assert due.lease_ms == dispatch.LEASE_MARGIN_MS + 3 * 300
    assert DueWork.objects.get(pk=_create(alice, FOUR_BOTS).id).lane == 1  # bots only


def _north_to_lead(creator, **options) -> Match:
    """North (the creator) must lead 2C on D1, a hold hand: no bot is to act."""
    return services.match_create(creator=creator, seats=PLAYER_AND_BOTS, rules=HOLD,
                                 deals=[parse_deal(D1)], **options).match


def test_a_players_turn_deadline_is_owed_at_the_deadline_and_nothing_when_none_is_due():
    alice = _user("alice")
    timed = _north_to_lead(alice, turn_timeout_s=30)
    due = DueWork.objects.get(pk=timed.id)
    assert (due.due_at, due.version) == (timed.turn_deadline, timed.version)
    assert not DueWork.objects.filter(pk=_north_to_lead(alice).id).exists()  # no timeout
    humans = [services.SeatSpec("player")] + [services.SeatSpec("open")] * 3
    waiting = services.match_create(creator=alice, seats=humans, rules=RuleSet()).match
    assert not DueWork.objects.filter(pk=waiting.id).exists()
    services.match_abort(match_id=timed.id, reason="test")
    assert not DueWork.objects.filter(pk=timed.id).exists()


def test_the_round_serves_the_owner_served_longest_ago_and_an_owner_holds_one_lease():
    alice, bob = _user("alice"), _user("bob")
    a1, a2 = _create(alice), _create(alice)
    b1 = _create(bob)
    first = _claimed()
    assert first in (a1.id, a2.id)  # alice enrolled first, neither served yet
    assert _claimed() == b1.id  # alice holds her one lease: bob's turn
    assert _claimed() is None  # both hold theirs
    dispatch.release(dispatch.Claim(b1.id, b1.version, DueWork.objects.get(pk=b1.id).lease),
                     timezone.now())
    assert _claimed() == b1.id  # alice still busy
    DueWork.objects.filter(owner=alice).update(leased_until=None, lease=None)
    DueWork.objects.filter(owner=bob).update(leased_until=None, lease=None)
    assert _claimed() in (a1.id, a2.id)  # served before bob's last claim: alice goes first


def test_an_owner_busy_by_a_claim_the_round_did_not_see_yet_is_passed_over(monkeypatch):
    """The round's query may read the leases as they were when it began (a claim committing
    meanwhile): the owner's leases are counted again once its row is locked."""
    alice, bob = _user("alice"), _user("bob")
    alices = {_create(alice, FOUR_BOTS).id, _create(alice, FOUR_BOTS).id}
    bobs = {_create(bob, FOUR_BOTS).id, _create(bob, FOUR_BOTS).id}
    assert _claimed() in alices  # she holds one lease now
    bobs_first = dispatch.claim(now=timezone.now())
    assert bobs_first is not None and bobs_first.match_id in bobs
    dispatch.release(bobs_first, timezone.now())  # bob is free again, served after alice
    stale = dispatch._owner_select.__wrapped__

    def as_if_before_the_lease(locking: bool, passed: int) -> str:
        return stale(locking, passed).replace("r.leased_until > %s", "r.leased_until > %s AND false")

    monkeypatch.setattr(dispatch, "_owner_select", as_if_before_the_lease)
    assert _claimed() in bobs  # alice, first in the round, is found busy once locked
    assert _claimed() is None


def test_an_owner_may_hold_as_many_leases_as_the_setting_allows(settings):
    settings.BOT_DECISIONS_PER_USER = 2
    alice = _user("alice")
    matches = {_create(alice, FOUR_BOTS).id for _ in range(3)}
    taken = {_claimed(), _claimed()}
    assert taken < matches and len(taken) == 2
    assert _claimed() is None


def test_the_round_goes_by_owner_and_an_owners_seated_matches_go_before_its_bots_only_ones(
        settings):
    settings.BOT_DECISIONS_PER_USER = 2
    alice, bob = _user("alice"), _user("bob")
    alices_bots_only = _create(alice, FOUR_BOTS)
    bobs_seated = _create(bob)
    alices_seated = _create(alice)
    # Alice, enrolled first, goes first, and her seated match before her bots-only one;
    # bob's seated match does not jump ahead of her turn.
    assert [_claimed(), _claimed(), _claimed()] == [alices_seated.id, bobs_seated.id,
                                                    alices_bots_only.id]


def test_searches_run_at_most_so_many_at_once_and_quick_moves_go_on(settings):
    settings.BOT_SEARCHES_AT_ONCE = 1
    experts = [services.SeatSpec("bot", "expert")] * 4
    alice, bob, carol = _user("alice"), _user("bob"), _user("carol")
    alices, bobs = _create(alice, experts), _create(bob, experts)
    carols = _create(carol, FOUR_BOTS)
    assert DueWork.objects.get(pk=alices.id).search and not DueWork.objects.get(pk=carols.id).search
    assert _claimed() == alices.id  # a search: the one that may run
    assert _claimed() == carols.id  # bob's search waits, carol's quick move does not
    assert _claimed() is None
    settings.BOT_SEARCHES_AT_ONCE = 2
    assert _claimed() == bobs.id


def test_a_search_claimed_meanwhile_is_counted_again_before_another_starts(settings, monkeypatch):
    """The claim's first count of the searches may read them as they were when it began (a
    search claimed meanwhile): a search is counted again under the search lock."""
    settings.BOT_SEARCHES_AT_ONCE = 1
    experts = [services.SeatSpec("bot", "expert")] * 4
    alices, bobs = _create(_user("alice"), experts), _create(_user("bob"), experts)
    carols = _create(_user("carol"), FOUR_BOTS)
    assert _claimed() == alices.id
    counted, stale = dispatch._searches_running, [0]  # the first count reads none

    def first_count_stale(cursor, at):
        return stale.pop() if stale else counted(cursor, at)

    monkeypatch.setattr(dispatch, "_searches_running", first_count_stale)
    assert _claimed() == carols.id  # bob's search found one too many once counted again
    assert DueWork.objects.get(pk=bobs.id).leased_until is None


def test_a_leased_search_stays_counted_when_a_command_makes_the_move_owed_a_quick_one(settings):
    """North leaves to a random bot while east's pass search runs: north's random bot is the
    first to act now, but the worker's search goes on until its lease ends."""
    settings.BOT_SEARCHES_AT_ONCE = 1
    alice = _user("alice")
    seats = [services.SeatSpec("player"), services.SeatSpec("bot", "expert"),
             services.SeatSpec("bot", "random"), services.SeatSpec("bot", "random")]
    match = _create(alice, seats)
    assert _claimed() == match.id and DueWork.objects.get(pk=match.id).search
    services.seat_leave(match_id=match.id, player=alice, bot_level="random")
    row = DueWork.objects.get(pk=match.id)
    assert row.search and row.leased_until is not None and row.version == match.version + 1
    _create(_user("bob"), [services.SeatSpec("bot", "expert")] * 4)
    assert _claimed() is None  # bob's search waits: one runs


def test_a_new_player_joins_the_round_at_its_back():
    alice = _user("alice")
    first = _create(alice, FOUR_BOTS)
    assert _claimed() == first.id
    DueWork.objects.update(leased_until=None, lease=None)  # alice just served, and free
    newcomer = _create(_user("bob"), FOUR_BOTS)
    assert _claimed() == first.id  # bob enrolled after alice's turn: behind her
    assert _claimed() == newcomer.id


def test_a_move_delayed_or_leased_is_claimed_once_it_is_due_or_the_lease_ends():
    alice = _user("alice")
    match = _create(alice, delay_ms=2000, think_ms=100)
    now = timezone.now()
    assert _claimed(now) is None  # waiting out its delay
    later = now + timedelta(seconds=3)
    assert _claimed(later) == match.id
    lease_end = DueWork.objects.get(pk=match.id).leased_until
    assert lease_end == later + timedelta(milliseconds=dispatch.LEASE_MARGIN_MS + 300)
    assert _claimed(lease_end - timedelta(milliseconds=1)) is None
    assert _claimed(lease_end) == match.id  # the worker that held it died: made again


def test_a_players_command_keeps_a_workers_live_lease_and_the_moves_own_command_clears_it():
    alice = _user("alice")
    match = _create(alice)  # passing: the bots and alice are all to pass
    claim = dispatch.claim(now=timezone.now())
    assert claim is not None
    holdings = selectors.match_state(match).hand.holdings
    services.seat_command(match_id=match.id, expected_version=match.version,
                          command=services.PassCards(Seat.NORTH, tuple(holdings[Seat.NORTH][:3])))
    kept = DueWork.objects.get(pk=match.id)
    assert (kept.version, kept.lease) == (match.version + 1, claim.lease)  # the worker thinks on
    assert _claimed() is None  # alice's one lease is held
    services.seat_command(match_id=match.id, expected_version=match.version + 1, lease=claim.lease,
                          command=services.PassCards(Seat.EAST, tuple(holdings[Seat.EAST][:3])))
    assert DueWork.objects.get(pk=match.id).lease is None  # the lease's own move
    assert _claimed() == match.id


def test_a_release_makes_the_move_due_as_the_match_stands_or_deletes_it():
    alice = _user("alice")
    timed = _north_to_lead(alice, turn_timeout_s=30)
    deadline = timed.turn_deadline
    claim = dispatch.Claim(timed.id, timed.version, uuid.uuid4())
    DueWork.objects.filter(pk=timed.id).update(due_at=timezone.now(), lease=claim.lease,
                                               leased_until=timezone.now())
    dispatch.release(claim, timezone.now())
    due = DueWork.objects.get(pk=timed.id)
    assert (due.due_at, due.lease, due.leased_until) == (deadline, None, None)  # not at once
    Match.objects.filter(pk=timed.id).update(turn_deadline=None)
    DueWork.objects.filter(pk=timed.id).update(lease=claim.lease)
    dispatch.release(claim, timezone.now())
    assert not DueWork.objects.filter(pk=timed.id).exists()  # it owes nothing now


def test_waking_the_bots_makes_a_bot_move_due_now_but_neither_a_stand_ins_nor_a_held_one():
    alice = _user("alice")
    now = timezone.now()
    delayed, timed = _create(alice, delay_ms=9000), _north_to_lead(alice, turn_timeout_s=30)
    assert dispatch.due_now(timed.id, now) is None
    assert DueWork.objects.get(pk=timed.id).due_at == timed.turn_deadline
    DueWork.objects.filter(pk=delayed.id).update(leased_until=now + timedelta(seconds=1))
    assert dispatch.due_now(delayed.id, now) is None
    DueWork.objects.filter(pk=delayed.id).update(leased_until=None)
    assert dispatch.due_now(delayed.id, now) == now == DueWork.objects.get(pk=delayed.id).due_at


def test_a_search_still_thinking_renews_its_lease():
    match = _create(_user("alice"))
    claim = dispatch.claim(now=timezone.now())
    assert claim is not None
    later = timezone.now() + timedelta(seconds=30)
    dispatch.renew(claim, later)
    assert DueWork.objects.get(pk=match.id).leased_until == later + timedelta(
        milliseconds=DueWork.objects.get(pk=match.id).lease_ms)
    dispatch.renew(dispatch.Claim(match.id, match.version, uuid.uuid4()), later + timedelta(hours=1))
    assert DueWork.objects.get(pk=match.id).leased_until < later + timedelta(hours=1)


def test_the_admin_sees_a_move_stalled_once_it_waited_unleased_past_the_allowance(settings):
    settings.BOT_STALL_SECONDS = 10
    alice = _user("alice")
    waiting, held = _create(alice), _create(alice)
    now = timezone.now()
    DueWork.objects.update(due_at=now - timedelta(seconds=11))
    DueWork.objects.filter(pk=held.id).update(leased_until=now + timedelta(seconds=1))

    def stalled(at):
        return set(Match.objects.filter(dispatch.stalled(now=at)).values_list("id", flat=True))

    assert stalled(now) == {waiting.id}
    assert stalled(now - timedelta(seconds=2)) == set()  # 9 s: not yet
    assert dispatch.due_now(waiting.id, now) == now
    assert stalled(now) == set()
    assert dispatch.due_now(uuid.UUID(int=0), now) is None


def test_the_due_turn_is_the_first_bot_in_seat_order_with_its_view_and_budget():
    match = _create(_user("alice"), think_ms=37)
    now = timezone.now()
    turn = selectors.due_turn(match_id=match.id, version=match.version, now=now)
    assert turn is not None
    # Hand 1 passes left: all four must pass, and east is the first bot.
    assert (turn.seat, turn.level, turn.think_ms, turn.auto) == (Seat.EAST, "hard", 37, False)
    assert (turn.view.seat, turn.view.status, turn.view.is_your_turn) == (Seat.EAST, Phase.PASSING, True)
    assert selectors.due_turn(match_id=match.id, version=match.version - 1, now=now) is None
    assert selectors.due_turn(match_id=uuid.UUID(int=0), version=match.version, now=now) is None


def test_the_due_turn_of_a_timed_out_player_is_a_stand_ins_from_the_deadline_on():
    match = _north_to_lead(_user("alice"), turn_timeout_s=30)
    assert selectors.due_turn(match_id=match.id, version=match.version,
                              now=match.turn_deadline - timedelta(milliseconds=1)) is None
    turn = selectors.due_turn(match_id=match.id, version=match.version, now=match.turn_deadline)
    assert turn is not None and (turn.seat, turn.level, turn.auto) == (Seat.NORTH, "hard", True)
    assert turn.view.legal_cards == (parse_card("2C"),)
