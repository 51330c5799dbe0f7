"""Arena runs (games.arena): the tables a run deals, how it moves on as they end, its
result, and what abandons it."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.utils import timezone

from games import arena, bot_accounts, duplicate, models, records, services
from games.engine import IllegalMove, Phase, RuleSet, Seat, legal_cards
from games.engine.decider import shuffled_deal
from games.errors import ServiceError
from games.selectors import fixed_deals_get, match_state
from games.tasks import advance_arena_runs, release_expired_invitations

pytestmark = pytest.mark.django_db
Run = models.ArenaRun


@pytest.fixture
def bot(db):
    user = get_user_model().objects.create_user(username="robo")
    bot_accounts.bot_account_create(user=user, owner=None)
    return user


def test_the_result_is_the_fields_points_minus_the_bots_at_each_seat_of_each_deal():
    rows = [  # (deal, the bot's seat or None for the field's table, points by seat)
        (0, None, [10, 6, 5, 5]), (0, 0, [4, 6, 11, 5]), (0, 1, [10, 6, 5, 5]),
        (0, 2, [1, 9, 9, 7]), (0, 3, [10, 6, 5, 5]),
        (1, None, [0, 26, 0, 0]), (1, 0, [26, 0, 0, 0]), (1, 1, [0, 0, 26, 0]),
        (1, 2, [26, 26, 0, 26]), (1, 3, [0, 26, 0, 0]),
    ]
    figures = arena.result(rows)
    # Deal 0: gains 10-4, 6-6, 5-9, 5-5 -> mean 0.5; deal 1: 0-26, 26-0, 0-0, 0-0 -> 0.
    assert figures["advantage"] == 0.25
    assert figures["deals"] == 2
    assert figures["ci95"] == [round(0.25 - 1.959964 * 0.353553 / 2 ** 0.5, 3),
                               round(0.25 + 1.959964 * 0.353553 / 2 ** 0.5, 3)]
    assert figures["per_seat"] == [
        {"seat": "north", "advantage": -10.0, "points": 15.0, "field_points": 5.0},
        {"seat": "east", "advantage": 13.0, "points": 3.0, "field_points": 16.0},
        {"seat": "south", "advantage": -2.0, "points": 4.5, "field_points": 2.5},
        {"seat": "west", "advantage": 0.0, "points": 2.5, "field_points": 2.5},
    ]


def play_invited_tables(bot) -> int:
    """Join every table held for ``bot`` and play it through (lowest legal card, the three
    highest passed); how many."""
    played = 0
    for invitation in models.Invitation.objects.filter(player=bot, status="pending"):
        match_id, seat = invitation.match_id, Seat(invitation.seat)
        services.match_join(match_id=match_id, player=bot, seat=None)
        while not (state := match_state(models.Match.objects.get(id=match_id))).is_over:
            assert seat in state.to_act  # the field bots moved inline, on commit
            hand = sorted(state.hand.holdings[seat], key=lambda card: card.rank)
            if state.phase is Phase.PASSING:
                services.cards_pass(match_id=match_id, player=bot, cards=hand[-3:])
            else:
                card = min(legal_cards(state, seat), key=lambda card: card.rank)
                services.card_play(match_id=match_id, player=bot, card=card)
        played += 1
    return played


def test_a_seed_deals_alike_keyed_by_the_servers_secret(settings):
    """Not as the seed alone would (the public duplicate deal of it), nor under another key."""
    keyed = arena.dealing_seed(11)
    assert keyed == arena.dealing_seed(11) and keyed not in (11, arena.dealing_seed(12))
    settings.BOT_SECRET = "another key"
    assert arena.dealing_seed(11) != keyed


@pytest.mark.django_db(transaction=True)  # the bots move, and the run goes on, on commit
def test_a_run_deals_each_deal_at_five_tables_and_ends_with_its_result(bot, settings):
    run = arena.run_create(bot=bot, field="random", deals=2, seed=11)
    assert run.dealing_seed == arena.dealing_seed(11)
    settings.BOT_SECRET = "a key changed while the run goes on"  # its deals stay its own
    # North of both deals; east of the first waits for north of the first.
    assert list(run.tables.values_list("deal", "seat")) == [(0, 0), (1, 0)]
    while run.status == Run.Status.RUNNING:
        assert play_invited_tables(bot) > 0
        run.refresh_from_db()
    assert run.status == Run.Status.FINISHED and run.tables_created == 10
    tables = list(run.tables.select_related("match").order_by("id"))
    assert [(t.deal, t.seat) for t in tables] == [(d, s) for s in (0, 1, 2, 3, None)
                                                  for d in (0, 1)]
    for table in tables:
        deal_seed, direction = duplicate.deal_of(run.dealing_seed, table.deal)
        assert fixed_deals_get(match=table.match) == (shuffled_deal(deal_seed),)
        state = match_state(table.match)
        assert state.phase is Phase.FINISHED and state.hands_played == 1
        assert state.rules.pass_rotation == (direction,)
        occupants = [state.seats[seat] for seat in Seat]
        assert [o.player or o.bot_level for o in occupants] == [
            "robo" if seat == table.seat else "random" for seat in Seat]
        assert table.points == list(state.totals)
    assert run.result == arena.result([(t.deal, t.seat, t.points) for t in tables])
    # Unrated and not in the bot's records, nor when the records are rebuilt from the logs.
    for rebuilt in (False, True):
        if rebuilt:
            records.records_rebuild()
        assert not models.Rating.objects.filter(player=bot).exists()
        assert not models.PlayerRecord.objects.filter(player=bot).exists()


def test_no_two_tables_of_one_deal_are_unfinished_at_once(bot, settings):
    settings.QUOTAS = {**settings.QUOTAS, "open_matches": 10}  # the tables "finish" waiting
    run = arena.run_create(bot=bot, field="random", deals=2, seed=3)
    assert list(run.tables.values_list("deal", "seat")) == [(0, 0), (1, 0)]

    def finish(deal):
        models.ArenaTable.objects.filter(run=run, deal=deal).update(points=[26, 0, 0, 0])
        arena.advance(run.id)
        return list(run.tables.filter(points__isnull=True).values_list("deal", "seat"))

    assert finish(1) == [(0, 0)]  # east of deal 0 waits for north of deal 0
    assert finish(0) == [(0, 1), (1, 1)]


def test_a_cancel_after_the_last_table_finishes_the_run(bot):
    run = arena.run_create(bot=bot, field="random", deals=2, seed=3)
    for index in range(run.tables_created, 10):  # the other tables, as if played
        slot, deal = divmod(index, 2)
        match = services.match_create(creator=bot, seats=[services.SeatSpec("bot", "random")] * 4,
                                      rules=RuleSet(max_hands=1)).match
        models.ArenaTable.objects.create(run=run, deal=deal, seat=slot if slot < 4 else None,
                                         match=match)
    Run.objects.filter(id=run.id).update(tables_created=10)
    models.ArenaTable.objects.filter(run=run).update(points=[6, 7, 0, 13])
    done = arena.run_cancel(run_id=run.id, user=bot)
    assert (done.status, done.reason, done.result["advantage"]) == (Run.Status.FINISHED, "", 0.0)


def test_tables_wait_for_room_in_the_bots_match_quotas(bot, settings):
    settings.QUOTAS = {**settings.QUOTAS, "open_matches": 1}
    run = arena.run_create(bot=bot, field="random", deals=2, seed=3)
    assert run.tables_created == 1
    [invitation] = models.Invitation.objects.filter(player=bot)
    services.match_join(match_id=invitation.match_id, player=bot, seat=None)  # no longer open
    arena.advance(run.id)
    run.refresh_from_db()
    assert run.tables_created == 2 and run.status == Run.Status.RUNNING


def test_a_run_whose_tables_find_no_room_for_too_long_is_abandoned(bot, settings):
    settings.QUOTAS = {**settings.QUOTAS, "open_matches": 0}
    run = arena.run_create(bot=bot, field="random", deals=2, seed=3)
    assert run.tables_created == 0 and run.waiting_since is not None
    later = run.waiting_since + timedelta(seconds=settings.INVITATION_TTL_S)
    with time_machine.travel(later - timedelta(seconds=1)):
        arena.advance(run.id)
    run.refresh_from_db()
    assert run.status == Run.Status.RUNNING
    with time_machine.travel(later):
        arena.advance(run.id)
    run.refresh_from_db()
    assert run.status == Run.Status.ABANDONED and "no room" in run.reason


def test_declining_a_table_aborts_it_and_abandons_the_run(bot):
    run = arena.run_create(bot=bot, field="easy", deals=3, seed=5)
    invitation = models.Invitation.objects.filter(player=bot).first()
    services.invitation_decline(invitation_id=invitation.id, player=bot)
    assert models.Match.objects.get(id=invitation.match_id).status == "aborted"
    arena.advance(run.id)
    run.refresh_from_db()
    assert run.status == Run.Status.ABANDONED and "declined" in run.reason
    assert set(run.tables.values_list("match__status", flat=True)) == {"aborted"}


@pytest.mark.parametrize("how", ["leave", "cancel", "operator"])
def test_a_table_left_cancelled_or_aborted_abandons_the_run_saying_why(bot, how):
    run = arena.run_create(bot=bot, field="easy", deals=2, seed=5)
    table = run.tables.first()
    if how == "leave":
        services.match_join(match_id=table.match_id, player=bot, seat=None)
        services.seat_leave(match_id=table.match_id, player=bot, bot_level="expert")
    elif how == "cancel":
        services.match_cancel(match_id=table.match_id, by=bot)
    else:
        services.match_abort(match_id=table.match_id, reason="looked odd")
    arena.advance(run.id)
    run.refresh_from_db()
    assert run.status == Run.Status.ABANDONED
    assert run.reason == "a table was aborted: " + {
        "leave": "the bot left its arena table", "cancel": services.CANCELLED,
        "operator": "looked odd"}[how]


def test_the_bot_at_an_arena_table_is_never_replaced(bot):
    run = arena.run_create(bot=bot, field="easy", deals=2, seed=5)
    table = run.tables.first()
    services.match_join(match_id=table.match_id, player=bot, seat=None)
    with pytest.raises(ServiceError) as refused:
        services.seat_replace(match_id=table.match_id, by=bot, seat=Seat(table.seat),
                              bot_level="expert", now=timezone.now() + timedelta(days=1))
    assert refused.value.code == "not_replaceable"


def test_the_owner_or_the_bot_cancels_a_run_and_its_tables_are_aborted(bot):
    owner = get_user_model().objects.create_user(username="maker")
    models.BotAccount.objects.filter(user=bot).update(owner=owner)
    run = arena.run_create(bot=bot, field="easy", deals=2, seed=5)
    stranger = get_user_model().objects.create_user(username="stranger")
    with pytest.raises(ServiceError) as refused:
        arena.run_cancel(run_id=run.id, user=stranger)
    assert refused.value.code == "not_found"
    cancelled = arena.run_cancel(run_id=run.id, user=owner)
    assert (cancelled.status, cancelled.reason) == (Run.Status.ABANDONED, "cancelled by maker")
    assert set(run.tables.values_list("match__status", flat=True)) == {"aborted"}
    assert arena.run_cancel(run_id=run.id, user=bot).reason == "cancelled by maker"


def test_beat_moves_the_other_runs_on_when_one_fails(bot, monkeypatch):
    other = get_user_model().objects.create_user(username="robo2")
    bot_accounts.bot_account_create(user=other, owner=None)
    runs = [arena.run_create(bot=user, field="easy", deals=2, seed=5) for user in (bot, other)]
    advanced = []

    def advance(run_id):
        advanced.append(run_id)
        if len(advanced) == 1:
            raise RuntimeError("a broken run")

    monkeypatch.setattr(arena, "advance", advance)
    assert advance_arena_runs() == 2
    assert sorted(advanced) == sorted(run.id for run in runs)


def test_an_invitation_left_to_expire_abandons_the_run_and_never_opens_its_seat(bot, settings):
    run = arena.run_create(bot=bot, field="easy", deals=2, seed=5)
    later = timezone.now() + timedelta(seconds=settings.INVITATION_TTL_S + 1)
    with time_machine.travel(later):
        assert release_expired_invitations() == 0
        assert not models.Match.objects.filter(open_to_all=True, status="waiting").exists()
        table = run.tables.first()
        with pytest.raises(ServiceError) as refused:
            services.match_join(match_id=table.match_id, player=bot, seat=None)
        assert refused.value.code == "invitation_closed"
        assert advance_arena_runs() == 1
    run.refresh_from_db()
    assert run.status == Run.Status.ABANDONED and "expired" in run.reason
    assert not run.tables.filter(match__status="waiting").exists()
    stranger = get_user_model().objects.create_user(username="stranger")
    with pytest.raises(IllegalMove) as refused:
        services.match_join(match_id=table.match_id, player=stranger, seat=None)
    assert refused.value.code == "match_finished"


def test_only_a_bot_account_asks_and_one_run_at_a_time_within_the_daily_deals(bot, settings):
    person = get_user_model().objects.create_user(username="person")
    with pytest.raises(ServiceError) as refused:
        arena.run_create(bot=person, field="easy", deals=2, seed=None)
    assert refused.value.code == "bot_account_required"
    first = arena.run_create(bot=bot, field="easy", deals=2, seed=None)
    assert 0 <= first.seed < 2**63
    with pytest.raises(ServiceError) as refused:
        arena.run_create(bot=bot, field="easy", deals=2, seed=None)
    assert refused.value.details == {"quota": "arena_runs", "limit": 1}
    Run.objects.filter(id=first.id).update(status=Run.Status.ABANDONED)
    settings.ARENA_DEALS_PER_DAY = 3
    with pytest.raises(ServiceError) as refused:
        arena.run_create(bot=bot, field="easy", deals=2, seed=None)
    left = (first.created_at + timedelta(days=1) - timezone.now()).total_seconds()
    assert refused.value.details.pop("retry_after") == pytest.approx(left, abs=2)
    assert refused.value.details == {"quota": "arena_deals", "limit": 3, "period_s": 86_400}
