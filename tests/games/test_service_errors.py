"""The service layer's own refusals (``games.errors``): a missing match, a caller with no
seat and a stale version are each a ``ServiceError`` of its code, with its facts, checked
in that order before the engine sees the command."""

from __future__ import annotations

import uuid

import pytest
from django.contrib.auth import get_user_model

from games import selectors, services
from games.engine import PassDirection, PlayCard, RuleSet, Seat, parse_card
from games.errors import ServiceError

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


def test_an_unknown_match_is_not_found(creator):
    missing = uuid.UUID(int=7)
    with pytest.raises(ServiceError) as caught:
        services.card_play(match_id=missing, player=creator, card=parse_card("2C"))
    assert (caught.value.code, caught.value.message, caught.value.details) == (
        "not_found", "no such match", {})
    for refused in (lambda: selectors.match_visible_get(match_id=missing, user=creator),
                    lambda: services.match_join(match_id=missing, player=creator, seat=None)):
        with pytest.raises(ServiceError, match="no such match") as caught:
            refused()
        assert caught.value.code == "not_found"


def test_a_command_from_a_player_without_a_seat_is_not_seated_before_the_version(match):
    stranger = get_user_model().objects.create_user(username="stranger")
    with pytest.raises(ServiceError) as caught:
        services.card_play(match_id=match.id, player=stranger, card=parse_card("2C"),
                           expected_version=1)
    assert (caught.value.code, caught.value.message, caught.value.details) == (
        "not_seated", "you have no seat in this match", {})


def test_an_old_expected_version_is_stale_version_with_the_current_one(match, creator):
    with pytest.raises(ServiceError) as caught:
        services.card_play(match_id=match.id, player=creator, card=parse_card("2C"),
                           expected_version=1)
    refusal = caught.value
    assert (refusal.code, refusal.message) == ("stale_version", "version 1 is not current (2)")
    assert refusal.details == {"version": 2}
    with pytest.raises(ServiceError, match="version 3 is not current") as caught:
        services.seat_command(match_id=match.id, command=PlayCard(Seat.NORTH, parse_card("2C")),
                              expected_version=3)
    assert (caught.value.code, caught.value.details) == ("stale_version", {"version": 2})
