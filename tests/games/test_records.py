"""Players' records (``games.records``): hand-made matches with known results, written by
the commands that end them, and ``records_rebuild`` agreeing with what the commands wrote."""

from __future__ import annotations

import dataclasses
import io
from random import Random

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from games import models, services
from games.engine import NEW_MATCH, Phase, RuleSet, Seat, legal_cards, parse_deal
from games.engine.state import Occupant
from games.engine.variants import TiePolicy
from games.records import Outcome, SeatRecord, opponents_of, records_rebuild, seat_records
from games.selectors import match_state
from tests.engine.helpers import (
    D4,
    D4_A,
    D4_CONTROL,
    D4_CONTROL_SCRIPT,
    HOLD,
    SPLIT_2_24,
)

from .helpers import ONE_HAND, as_if_shuffled, play, play_lowest, seated

pytestmark = pytest.mark.django_db

N, E, S, W = Seat
def totals(user) -> dict[str, int]:
    record = models.PlayerRecord.objects.get(player=user)
    return {field: getattr(record, field) for field in (
        "matches_played", "matches_won", "matches_shared", "matches_lost", "matches_aborted",
        "hands_played", "moons_shot", "suns_shot")}


def opponents(user) -> list[dict[str, object]]:
    return list(models.OpponentRecord.objects.filter(player=user).values(
        "opponents", "matches_finished", "matches_won", "matches_shared", "fastest_win_hands",
        "fastest_win_match", "fastest_win_seat", "fastest_win_scores", "fastest_win_moons"))


def test_a_moon_that_ends_the_match_is_a_sole_win_in_one_hand_with_its_moon(players):
    match = seated(players, deals=[parse_deal(D4)])
    as_if_shuffled(match)
    play(match, players, D4_A)  # west takes every trick: the others take 26 each

    assert totals(players[W]) == {"matches_played": 1, "matches_won": 1, "matches_shared": 0,
                                  "matches_lost": 0, "matches_aborted": 0, "hands_played": 1,
                                  "moons_shot": 1, "suns_shot": 0}
    assert opponents(players[W]) == [{
        "opponents": "human,human,human", "matches_finished": 1, "matches_won": 1,
        "matches_shared": 0, "fastest_win_hands": 1, "fastest_win_match": match.id,
        "fastest_win_seat": W.value,
        "fastest_win_scores": {"north": 26, "east": 26, "south": 26, "west": 0},
        "fastest_win_moons": [{"hand": 1, "seat": "west", "sun": False}]}]
    assert totals(players[N]) == {"matches_played": 1, "matches_won": 0, "matches_shared": 0,
                                  "matches_lost": 1, "matches_aborted": 0, "hands_played": 1,
                                  "moons_shot": 0, "suns_shot": 0}
    assert opponents(players[N])[0]["fastest_win_hands"] is None


def test_a_sun_counts_as_a_sun_not_a_moon(players):
    match = seated(players, deals=[parse_deal(D4)],
                   rules=dataclasses.replace(ONE_HAND, shoot_the_sun=True))
    as_if_shuffled(match)
    play(match, players, D4_A)  # every trick, with shoot_the_sun: a sun

    assert models.Hand.objects.get(match=match).is_sun
    record = totals(players[W])
    assert (record["matches_won"], record["moons_shot"], record["suns_shot"]) == (1, 0, 1)
    assert opponents(players[W])[0]["fastest_win_moons"] == [
        {"hand": 1, "seat": "west", "sun": True}]


def test_every_point_without_every_trick_is_a_moon_not_a_sun(players):
    match = seated(players, deals=[parse_deal(D4_CONTROL)],
                   rules=dataclasses.replace(ONE_HAND, shoot_the_sun=True))
    play(match, players, D4_CONTROL_SCRIPT)  # west takes all 26 points; north one trick

    record = totals(players[W])
    assert (record["matches_won"], record["moons_shot"], record["suns_shot"]) == (1, 1, 0)


def test_a_lowest_total_tied_is_a_shared_win_and_no_fastest_win(players):
    match = seated(players, deals=[parse_deal(SPLIT_2_24)],
                   rules=dataclasses.replace(ONE_HAND, tie_policy=TiePolicy.SHARE))
    as_if_shuffled(match)
    play_lowest(match, players)  # east takes 24 points, south 2


    for seat in (N, W):
        record = totals(players[seat])
        assert (record["matches_won"], record["matches_shared"], record["matches_lost"]) == (0, 1, 0)
        entry = opponents(players[seat])[0]
        assert (entry["matches_won"], entry["matches_shared"], entry["fastest_win_hands"]) == (
            0, 1, None)
    assert totals(players[E])["matches_lost"] == totals(players[S])["matches_lost"] == 1


def test_a_match_with_fixed_deals_counts_but_sets_no_fastest_win(players):
    match = seated(players, deals=[parse_deal(D4)])
    play(match, players, D4_A)

    assert totals(players[W])["matches_won"] == 1
    entry = opponents(players[W])[0]
    assert (entry["matches_won"], entry["fastest_win_hands"], entry["fastest_win_match"]) == (
        1, None, None)


def test_an_aborted_match_counts_as_aborted_and_against_no_opponents(players):
    match = seated(players, deals=[parse_deal(D4)])
    play(match, players, D4_A[:2])
    services.match_abort(match_id=match.id, reason="the table froze")

    for seat in Seat:
        assert totals(players[seat]) == {"matches_played": 1, "matches_won": 0,
                                         "matches_shared": 0, "matches_lost": 0,
                                         "matches_aborted": 1, "hands_played": 0,
                                         "moons_shot": 0, "suns_shot": 0}
        assert opponents(players[seat]) == []


def test_the_faster_win_is_kept_and_a_slower_one_does_not_replace_it(players):
    first = seated(players, deals=[parse_deal(D4)])
    as_if_shuffled(first)
    play(first, players, D4_A)
    slower = seated(players, deals=[parse_deal(D4)] * 2,
                    rules=dataclasses.replace(HOLD, target_score=27))
    play(slower, players, D4_A)  # 26 each for the others: the match goes on
    as_if_shuffled(slower)  # once its second deal is dealt
    play(slower, players, D4_A)  # 52 each: west wins in two hands

    entry = opponents(players[W])[0]
    assert (entry["matches_won"], entry["fastest_win_hands"], entry["fastest_win_match"]) == (
        2, 1, first.id)
    assert totals(players[W])["moons_shot"] == 3


@pytest.mark.django_db(transaction=True)  # the bot moves when the leave commits
def test_a_seat_left_to_a_bot_is_forfeited_lost_whatever_the_bot_made_of_it(players):
    match = seated(players, deals=[parse_deal(D4)])
    as_if_shuffled(match)
    # West holds the top three cards of every suit; its bot plays for it from the start.
    services.seat_leave(match_id=match.id, player=players[W], bot_level="expert")
    while (state := match_state(models.Match.objects.get(pk=match.pk))).phase is not Phase.FINISHED:
        seat = state.to_act[0]  # west's bot moves by itself (eager Celery)
        services.card_play(match_id=match.id, player=players[seat],
                           card=legal_cards(state, seat)[0])

    assert totals(players[W]) == {"matches_played": 1, "matches_won": 0, "matches_shared": 0,
                                  "matches_lost": 1, "matches_aborted": 0, "hands_played": 1,
                                  "moons_shot": 0, "suns_shot": 0}
    assert opponents(players[W])[0]["fastest_win_hands"] is None
    assert [entry["opponents"] for entry in opponents(players[N])] == ["human,human,human"]
    # Rated last, below every seat that played on.
    ratings = {seat: models.Rating.objects.get(player=players[seat]).mu for seat in Seat}
    assert min(ratings, key=ratings.get) is W


def test_a_match_aborted_before_its_first_deal_records_nothing(players):
    match = services.match_create(creator=players[N], rules=ONE_HAND,
                                  seats=[services.SeatSpec("player")]
                                  + [services.SeatSpec("open")] * 3).match
    services.match_abort(match_id=match.id, reason="nobody came")
    assert not models.PlayerRecord.objects.exists()


def test_opponents_are_the_other_seats_levels_or_human_sorted():
    state = dataclasses.replace(NEW_MATCH, seats=(
        Occupant(player="ann"), Occupant(bot_level="medium"),
        Occupant(bot_level="hard", left_by="bob"), Occupant(bot_level="easy")))
    assert [opponents_of(state, seat) for seat in Seat] == [
        "easy,human,medium", "easy,human,human", "easy,human,medium", "human,human,medium"]


def test_only_an_ended_match_has_a_record():
    with pytest.raises(ValueError):
        seat_records(NEW_MATCH, ())


@pytest.mark.django_db(transaction=True)  # the bots move when each command commits
def test_rebuild_gives_what_the_commands_wrote_over_many_random_matches():
    """Matches of bots and players (who pass their first cards and play their lowest legal
    one), in some a player leaving at once, some aborted, and one hand-made match that a
    player wins (the shuffled ones may have none): the records and ratings the commands wrote
    are exactly those rebuilt from the logs."""
    rng = Random(12)
    users = {f"p{i}": get_user_model().objects.create_user(username=f"p{i}") for i in range(5)}
    by_seat = dict(zip(Seat, list(users.values())[:4], strict=True))
    won = seated(by_seat, deals=[parse_deal(D4)])
    as_if_shuffled(won)
    play(won, by_seat, D4_A)
    for number in range(14):
        seats = [services.SeatSpec("player")] + [
            services.SeatSpec("open") if rng.random() < 0.4
            else services.SeatSpec("bot", rng.choice(["random", "easy"])) for _ in range(3)]
        creator, *others = rng.sample(list(users.values()), 4)
        rules = RuleSet(target_score=rng.choice((10, 26, 40)), shoot_the_sun=rng.random() < 0.3)
        match = services.match_create(creator=creator, seats=seats, rules=rules).match
        for seat, spec in zip(Seat, seats, strict=True):
            if spec.kind == "open":
                services.match_join(match_id=match.id, player=others.pop(), seat=seat)
        if number % 5 == 4:
            services.match_abort(match_id=match.id, reason="rebuild test")
            continue
        if number % 3 == 1:
            services.seat_leave(match_id=match.id, player=creator, bot_level="random")
        while not (state := match_state(models.Match.objects.get(pk=match.pk))).phase.is_over:
            seat = state.to_act[0]  # a player's: the bots moved when the last command committed
            player = users[state.seats[seat].player]
            if state.phase is Phase.PASSING:
                services.cards_pass(match_id=match.id, player=player,
                                    cards=state.hand.holdings[seat][:3])
            else:
                services.card_play(match_id=match.id, player=player,
                                   card=legal_cards(state, seat)[0])
    live = _tables()
    # West's one-hand win stands as p3's fastest against three humans (a later one ties it).
    assert (users["p3"].id, "human,human,human", 1, won.id, W.value) in {
        (entry[0], entry[1], entry[5], entry[6], entry[7]) for entry in live[2]}
    assert any(outcome[5] for outcome in live[0])  # ... and an aborted match

    assert records_rebuild() == 15
    assert _tables() == live
    call_command("rebuild_records", stdout=io.StringIO())
    assert _tables() == live


def _tables():
    return (sorted(models.PlayerRecord.objects.values_list()),
            list(models.Rating.objects.order_by("bot_level", "player_id").values_list(
                "player_id", "bot_level", "mu", "sigma", "ordinal", "matches_rated")),
            sorted(models.OpponentRecord.objects.values_list(
                "player_id", "opponents", "matches_finished", "matches_won", "matches_shared",
                "fastest_win_hands", "fastest_win_match", "fastest_win_seat",
                "fastest_win_ended_at", "fastest_win_scores", "fastest_win_moons")))


def test_seat_records_of_a_finished_match_follow_its_result(players):
    match = seated(players, deals=[parse_deal(D4)])
    play(match, players, D4_A)
    state = match_state(models.Match.objects.get(pk=match.pk))
    assert seat_records(state, ()) == [
        SeatRecord(seat, seat.label, "human,human,human",
                   Outcome.WON if seat is W else Outcome.LOST, 1, int(seat is W), 0)
        for seat in Seat]
