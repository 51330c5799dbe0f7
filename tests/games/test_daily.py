"""The daily challenge (games.daily): the same deals and the same bots' play for every
player of a day, derived from DAILY_SECRET; one attempt each; closed days; the day's
leaderboard; what a daily adds to a player's record."""

from __future__ import annotations

import hashlib
import hmac
from datetime import UTC, date, datetime, time, timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from games import daily, models, selectors, services
from games.engine import (
    NEW_MATCH,
    CreateMatch,
    DealHand,
    Phase,
    Seat,
    TakeSeat,
    decide,
    evolve,
    legal_cards,
    seat_view,
)
from games.engine.decider import shuffled_deal
from games.engine.events import HandDealt
from games.errors import ServiceError
from games.selectors import match_state

# The tests that play a match commit for real (transaction=True): the bots move on commit.
pytestmark = pytest.mark.django_db

# A Monday: OPPONENT_SETS[1], easy, medium and hard (no searching bot: the tests stay quick).
MONDAY = date(2025, 1, 6)
S = Seat.SOUTH


def noon(day: date) -> datetime:
    return datetime.combine(day, time(12), tzinfo=UTC)


@pytest.fixture
def on_monday(time_machine):
    """The clock runs from noon (UTC) on MONDAY: commands stamp their events by it too."""
    time_machine.move_to(noon(MONDAY), tick=True)
    return MONDAY


def user(name: str):
    return get_user_model().objects.create_user(username=name)


def play_daily(player, day: date) -> models.Match:
    """Create ``player``'s daily match of ``day`` and play it to its end, south passing its
    first three legal cards and playing its lowest legal card; the bots move on commit."""
    return play_daily_on(player, services.daily_match_create(player=player, day=day).match.id)


def play_daily_on(player, match_id) -> models.Match:
    """Play ``player``'s daily match ``match_id`` to its end, as ``play_daily``."""
    while not (state := match_state(match := models.Match.objects.get(pk=match_id))).phase.is_over:
        assert S in state.to_act, "the bots stalled"
        legal = legal_cards(state, S)
        if state.phase is Phase.PASSING:
            services.cards_pass(match_id=match_id, player=player, cards=legal[:3])
        else:
            services.card_play(match_id=match_id, player=player, card=legal[0])
    return match


def dealt(match: models.Match) -> list[tuple]:
    """The holdings of each hand dealt in ``match``, in order."""
    return [HandDealt.from_json(payload).holdings for payload in
            match.events.filter(type="hand_dealt").order_by("seq").values_list("payload", flat=True)]


def log(match: models.Match, username: str) -> list[tuple[str, dict]]:
    """The match's log as (type, payload), the player's name replaced: what two players'
    matches of one daily have in common if they play the same."""
    return [(kind, {key: "PLAYER" if value == username else value for key, value in payload.items()})
            for kind, payload in match.events.order_by("seq").values_list("type", "payload")]


# --- the challenge of a day --------------------------------------------------------------


def test_a_days_challenge_is_the_default_rules_for_four_hands_and_its_rotations_bots():
    challenge = daily.challenge(MONDAY)
    assert challenge.rules.max_hands == 4 and challenge.hands == 4
    assert challenge.rules.target_score == 100 and challenge.seat is S
    assert challenge.bot_levels == {Seat.WEST: "easy", Seat.NORTH: "medium", Seat.EAST: "hard"}
    # The next day, the next set of the rotation; a week later, the same again.
    assert daily.challenge(MONDAY + timedelta(days=1)).bot_levels == {
        Seat.WEST: "hard", Seat.NORTH: "hard", Seat.EAST: "hard"}
    assert daily.challenge(MONDAY + timedelta(days=7)).bot_levels == challenge.bot_levels


def test_the_deals_are_the_seeded_deals_of_hmacs_of_the_date_under_the_daily_secret(settings):
    settings.DAILY_SECRET = "a-known-secret"
    expected = []
    for number in (1, 2, 3, 4):
        digest = hmac.new(b"a-known-secret", f"2025-01-06:{number}".encode(),
                          hashlib.sha256).digest()
        expected.append(shuffled_deal(int.from_bytes(digest[:8], "big") >> 1))
    assert daily.deals(MONDAY) == expected
    assert len({deal for deal in expected}) == 4  # four different deals


def test_another_secret_or_another_date_gives_other_deals(settings):
    settings.DAILY_SECRET = "one"
    ours = daily.deals(MONDAY)
    settings.DAILY_SECRET = "two"
    theirs = daily.deals(MONDAY)
    assert set(ours).isdisjoint(theirs)
    assert set(theirs).isdisjoint(daily.deals(MONDAY + timedelta(days=1)))


def test_the_default_daily_secret_is_derived_from_the_secret_key_not_equal_to_it(settings):
    from django.conf import settings as live
    assert live.DAILY_SECRET == hmac.new(live.SECRET_KEY.encode(), b"daily",
                                         hashlib.sha256).hexdigest()


# --- the matches: the same for every player ----------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_two_players_get_the_same_deals_on_a_day_and_other_deals_on_another(on_monday, time_machine):
    first = services.daily_match_create(player=user("ann"), day=MONDAY).match
    second = services.daily_match_create(player=user("bob"), day=MONDAY).match
    assert first.fixed_deals == second.fixed_deals == 4
    assert dealt(first) == dealt(second) == [daily.deals(MONDAY)[0]]
    time_machine.move_to(noon(MONDAY + timedelta(days=1)), tick=True)
    third = services.daily_match_create(player=user("ann2"), day=MONDAY + timedelta(days=1)).match
    assert dealt(third) != dealt(first)


@pytest.mark.django_db(transaction=True)
def test_two_players_who_play_the_same_meet_the_same_play_and_the_same_log(on_monday):
    ann, bob = user("ann"), user("bob")
    first, second = play_daily(ann, MONDAY), play_daily(bob, MONDAY)

    assert first.id != second.id
    assert log(first, "ann") == log(second, "bob")
    assert dealt(first) == daily.deals(MONDAY)  # every hand on the day's deals
    assert first.status == "finished"


@pytest.mark.django_db(transaction=True)
def test_a_daily_ends_after_its_four_hands_with_the_players_total_recorded(on_monday):
    ann = user("ann")
    match = play_daily(ann, MONDAY)
    state = match_state(match)
    assert state.phase is Phase.FINISHED and state.result.hands_played == 4
    attempt = models.DailyAttempt.objects.get(match=match)
    assert attempt.points == state.totals[S]
    assert attempt.finished_at == match.events.get(type="match_ended").created_at
    assert attempt.seconds == int((attempt.finished_at - match.created_at).total_seconds())


@pytest.mark.django_db(transaction=True)
def test_a_daily_counts_in_the_record_but_is_unrated_and_sets_no_fastest_win(on_monday):
    ann = user("ann")
    match = play_daily(ann, MONDAY)
    record = models.PlayerRecord.objects.get(player=ann)
    won = match_state(match).result.winners == (S,)
    assert (record.matches_played, record.hands_played, record.matches_won) == (1, 4, int(won))
    opponents = models.OpponentRecord.objects.get(player=ann)
    assert opponents.opponents == "easy,hard,medium" and opponents.matches_finished == 1
    assert opponents.fastest_win_hands is None
    assert not models.Rating.objects.exists()


def test_the_bots_seed_is_the_position_under_the_days_bot_key_not_the_deals(settings):
    settings.DAILY_SECRET = "s"
    view = seat_view(_dealt_state(), Seat.WEST)
    key = hmac.new(b"s", b"2025-01-06:bots", hashlib.sha256).digest()
    expected = int.from_bytes(hmac.new(key, daily.position_key(view), hashlib.sha256)
                              .digest()[:8], "big") >> 1
    assert daily.bot_seed(MONDAY, view) == expected
    assert daily.bot_seed(MONDAY + timedelta(days=1), view) != expected


def _dealt_state():
    """A bots' match on the daily's rules, its first hand dealt (seed 1)."""
    state = NEW_MATCH
    for command in [CreateMatch(daily.challenge(MONDAY).rules),
                    *(TakeSeat(seat, bot_level="easy") for seat in Seat), DealHand(seed=1)]:
        for event in decide(state, command):
            state = evolve(state, event)
    return state


# --- one attempt, on its day -------------------------------------------------------------


def test_a_second_attempt_is_refused_with_the_first_match(on_monday):
    ann = user("ann")
    first = services.daily_match_create(player=ann, day=MONDAY).match
    with pytest.raises(ServiceError) as refused:
        services.daily_match_create(player=ann, day=MONDAY)
    assert (refused.value.code, refused.value.details) == ("daily_attempted", {"match_id": str(first.id)})
    assert models.DailyAttempt.objects.count() == 1 and models.Match.objects.count() == 1


@pytest.mark.parametrize("offset", [-1, 1])
def test_only_todays_challenge_takes_attempts(on_monday, offset):
    with pytest.raises(ServiceError, match="the daily challenge of .* (is over|has not begun)") as refused:
        services.daily_match_create(player=user("ann"), day=MONDAY + timedelta(days=offset))
    assert refused.value.code == "daily_closed"
    assert not models.Match.objects.exists()


def test_the_deals_are_shown_only_once_the_day_is_over(on_monday, time_machine):
    assert selectors.daily_challenge_get(day=MONDAY)[1] is None
    with pytest.raises(ServiceError, match="no daily challenge for .* yet") as refused:
        selectors.daily_challenge_get(day=MONDAY + timedelta(days=1))
    assert refused.value.code == "not_found"
    time_machine.move_to(noon(MONDAY + timedelta(days=1)), tick=True)
    assert selectors.daily_challenge_get(day=MONDAY)[1] == daily.deals(MONDAY)


# --- the leaderboard ---------------------------------------------------------------------


def test_the_leaderboard_ranks_fewest_points_then_fewest_seconds_ties_sharing(on_monday):
    ends = timezone.now()
    rows = [("slow", 10, 300), ("best", 3, 500), ("tie-a", 10, 120), ("tie-b", 10, 120),
            ("unfinished", None, None)]
    for name, points, seconds in rows:
        player = user(name)
        match = services.match_create(creator=player, seats=[services.SeatSpec("open")] * 4,
                                      rules=daily.challenge(MONDAY).rules).match
        models.DailyAttempt.objects.create(
            date=MONDAY, player=player, match=match, points=points, seconds=seconds,
            finished_at=None if points is None else ends)
    other_day = user("yesterday")
    models.DailyAttempt.objects.create(
        date=MONDAY - timedelta(days=1), player=other_day, points=0, seconds=1, finished_at=ends,
        match=services.match_create(creator=other_day, seats=[services.SeatSpec("open")] * 4,
                                    rules=daily.challenge(MONDAY).rules).match)

    board = [(a.rank, a.player.username, a.points, a.seconds)
             for a in selectors.daily_leaderboard_list(day=MONDAY)]

    assert board[0] == (1, "best", 3, 500)
    assert sorted(board[1:3]) == [(2, "tie-a", 10, 120), (2, "tie-b", 10, 120)]
    assert board[3] == (4, "slow", 10, 300)
    assert len(board) == 4


# --- attempts that rank nowhere -------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_an_attempt_finished_after_its_day_closed_ranks_nowhere(on_monday, time_machine):
    ann = user("ann")
    match_id = services.daily_match_create(player=ann, day=MONDAY).match.id
    time_machine.move_to(noon(MONDAY + timedelta(days=1)), tick=True)  # the deals are public now
    assert selectors.daily_challenge_get(day=MONDAY)[1] is not None
    match = play_daily_on(ann, match_id)
    assert match.status == "finished"
    attempt = models.DailyAttempt.objects.get(match=match)
    assert (attempt.points, attempt.seconds, attempt.finished_at) == (None, None, None)
    assert not selectors.daily_leaderboard_list(day=MONDAY).exists()


@pytest.mark.django_db(transaction=True)
def test_an_attempt_its_player_left_to_a_bot_ranks_nowhere(on_monday):
    ann = user("ann")
    match_id = services.daily_match_create(player=ann, day=MONDAY).match.id
    services.seat_leave(match_id=match_id, player=ann, bot_level="hard")  # it plays to the end
    match = models.Match.objects.get(pk=match_id)
    assert match.status == "finished"
    assert models.DailyAttempt.objects.get(match=match).points is None
    assert not selectors.daily_leaderboard_list(day=MONDAY).exists()
