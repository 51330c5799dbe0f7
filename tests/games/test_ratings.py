"""Ratings (``games.ratings``): which matches are rated, and the openskill (Plackett-Luce)
ratings a hand-made match gives its players and bot levels.

The expected figures are openskill 6.2's own for four new ratings (mu 25, sigma 25/3)
placed 2, 2, 2, 1 (one winner, three tied behind) and 1, 4, 3, 1 (two tied winners)."""

from __future__ import annotations

import dataclasses

import pytest

from games import models, services
from games.engine import Seat, parse_deal
from games.engine.variants import TiePolicy
from games.ratings import match_rated
from games.selectors import match_state
from tests.engine.helpers import D4, D4_A, SPLIT_2_24

from .helpers import ONE_HAND, as_if_shuffled, play, play_lowest, seated

pytestmark = pytest.mark.django_db

N, E, S, W = Seat
WINNER = pytest.approx((27.795252672501135, 8.263571791259416))
BEHIND_ONE = pytest.approx((24.06824910916629, 8.17961798837266))


def rating(user) -> tuple[float, float]:
    row = models.Rating.objects.get(player=user)
    assert row.ordinal == pytest.approx(row.mu - 3 * row.sigma)
    return row.mu, row.sigma


def test_a_sole_win_raises_the_winner_and_lowers_the_three_behind(players):
    match = seated(players, deals=[parse_deal(D4)])
    as_if_shuffled(match)
    play(match, players, D4_A)  # west wins alone; the others share second place

    assert rating(players[W]) == WINNER
    for seat in (N, E, S):
        assert rating(players[seat]) == BEHIND_ONE
    assert {row.matches_rated for row in models.Rating.objects.all()} == {1}


def test_an_aborted_match_and_a_match_with_fixed_deals_are_not_rated(players):
    fixed = seated(players, deals=[parse_deal(D4)])
    play(fixed, players, D4_A)
    aborted = seated(players, deals=[parse_deal(D4)])
    as_if_shuffled(aborted)
    services.match_abort(match_id=aborted.id, reason="not rated")

    assert models.PlayerRecord.objects.get(player=players[W]).matches_won == 1  # recorded
    assert not models.Rating.objects.exists()


def test_tied_places_are_ties(players):
    match = seated(players, deals=[parse_deal(SPLIT_2_24)],
                   rules=dataclasses.replace(ONE_HAND, tie_policy=TiePolicy.SHARE))
    as_if_shuffled(match)
    play_lowest(match, players)  # north and west 0 (first, tied), south 2, east 24

    # openskill's Plackett-Luce lifts the seat behind a tie for first as much as the tied
    # winners (docs/api.md, "Players' records and ratings"): south gains as they do.
    assert rating(players[N]) == rating(players[W]) == pytest.approx(
        (25.93175089083371, 8.263571791259416))
    assert rating(players[S]) == pytest.approx((25.93175089083371, 8.16906309784121))
    assert rating(players[E]) == pytest.approx((22.204747327498865, 8.16906309784121))


def test_a_bot_level_in_three_seats_takes_their_mean_and_counts_the_match_once(players):
    match = seated(players, deals=[parse_deal(D4)])
    as_if_shuffled(match)
    play(match, players, D4_A)
    models.Rating.objects.all().delete()
    state = match_state(models.Match.objects.get(pk=match.pk))

    match_rated(state, {N: (None, "hard"), E: (None, "hard"), S: (None, "hard"),
                        W: (players[W].pk, "")})

    hard = models.Rating.objects.get(bot_level="hard", player=None)
    assert ((hard.mu, hard.sigma), hard.matches_rated) == (BEHIND_ONE, 1)
    assert rating(players[W]) == WINNER
