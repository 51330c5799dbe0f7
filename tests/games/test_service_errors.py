"""The service layer's own refusals (``games.errors``): a missing match, a caller with no
seat and a stale version are each their own exception, with their code and facts, checked
in that order before the engine sees the command."""

from __future__ import annotations

import uuid

import pytest
from django.contrib.auth import get_user_model

from games import selectors, services
from games.engine import PassDirection, PlayCard, RuleSet, Seat, parse_card
from games.errors import MatchNotFound, NotSeated, StaleVersion

pytestmark = pytest.mark.django_db

HOLD = RuleSet(pass_rotation=(PassDirection.HOLD,))
OPEN_TABLE = [services.SeatSpec("player")] + [services.SeatSpec("open")] * 3


@pytest.fixture
def creator():
    return get_user_model().objects.create_user(username="creator")


@pytest.fixture
def match(creator):
    """A waiting match at version 2 (match_created, seat_taken): the creator sits north."""
    return services.match_create(creator=creator, seats=OPEN_TABLE, rules=HOLD).match


def test_an_unknown_match_is_match_not_found_with_its_id(creator):
    missing = uuid.UUID(int=7)
    with pytest.raises(MatchNotFound) as caught:
        services.card_play(match_id=missing, player=creator, card=parse_card("2C"))
    assert (caught.value.code, caught.value.match_id, caught.value.message) == (
        "not_found", missing, "no such match")
    assert caught.value.details == {}
    with pytest.raises(MatchNotFound):
        selectors.match_visible_get(match_id=missing, user=creator)
    with pytest.raises(MatchNotFound):
        services.match_join(match_id=missing, player=creator, seat=None)


def test_a_command_from_a_player_without_a_seat_is_not_seated_before_the_version(match):
    stranger = get_user_model().objects.create_user(username="stranger")
    with pytest.raises(NotSeated) as caught:
        services.card_play(match_id=match.id, player=stranger, card=parse_card("2C"),
                           expected_version=1)
    assert (caught.value.code, caught.value.message, caught.value.details) == (
        "not_seated", "you have no seat in this match", {})


def test_an_old_expected_version_is_stale_version_with_the_current_one(match, creator):
    with pytest.raises(StaleVersion) as caught:
        services.card_play(match_id=match.id, player=creator, card=parse_card("2C"),
                           expected_version=1)
    refusal = caught.value
    assert (refusal.code, refusal.expected, refusal.version) == ("stale_version", 1, 2)
    assert refusal.message == "version 1 is not current (2)"
    assert refusal.details == {"version": 2}
    with pytest.raises(StaleVersion):
        services.seat_command(match_id=match.id, command=PlayCard(Seat.NORTH, parse_card("2C")),
                              expected_version=3)
