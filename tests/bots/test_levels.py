"""Bot level names have one home, ``games.bot_levels.BOT_LEVELS``: the service refuses any
other level before a task could be queued for it, the API offers exactly those, and the
bots app refuses to start unless it has a strategy for each level and no other."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ImproperlyConfigured

from bots import strategies
from bots.apps import check_strategies
from bots.strategies import LEVELS
from games import services
from games.bot_levels import BOT_LEVELS, DEFAULT_BOT_LEVEL, SEARCHING_LEVELS
from games.engine import RuleSet
from games.errors import ServiceError
from games.models import Match
from hearts_api.serializers.matches import BotSeatSpecSerializer


def test_the_levels_weakest_first_and_the_default():
    assert BOT_LEVELS == ("random", "easy", "medium", "hard", "expert")
    assert DEFAULT_BOT_LEVEL == "easy"


def test_the_strategies_are_exactly_the_levels_and_the_expert_alone_searches():
    assert set(LEVELS) == set(BOT_LEVELS)
    assert SEARCHING_LEVELS == strategies.SEARCHING_LEVELS == {"expert"}
    check_strategies(LEVELS, strategies.SEARCHING_LEVELS)  # as BotsConfig.ready() does


def test_searching_levels_other_than_the_dispatchers_are_improperly_configured():
    with pytest.raises(ImproperlyConfigured, match=re.escape("(['expert', 'hard']) is not")):
        check_strategies(LEVELS, frozenset({"expert", "hard"}))


@pytest.mark.parametrize(("registry", "message"), [
    ({**LEVELS, "grandmaster": LEVELS["expert"]},
     "no strategy for [], a strategy for no level ['grandmaster']"),
    ({level: LEVELS[level] for level in BOT_LEVELS[:-1]},
     "no strategy for ['expert'], a strategy for no level []"),
])
def test_a_strategy_registry_other_than_the_levels_is_improperly_configured(registry, message):
    with pytest.raises(ImproperlyConfigured, match=re.escape(message)):
        check_strategies(registry, SEARCHING_LEVELS)


def test_the_api_offers_exactly_the_levels():
    assert BotSeatSpecSerializer().fields["level"].choices == {level: level for level in BOT_LEVELS}
    assert BotSeatSpecSerializer().fields["level"].default == DEFAULT_BOT_LEVEL


@pytest.mark.django_db
@pytest.mark.parametrize("level", ["grandmaster", None])
def test_match_create_refuses_an_unknown_level_and_writes_nothing(level):
    creator = get_user_model().objects.create_user(username="creator")
    seats = [services.SeatSpec("player")] + [services.SeatSpec("bot", level)] * 3
    with pytest.raises(ServiceError) as caught:
        services.match_create(creator=creator, seats=seats, rules=RuleSet())
    assert caught.value.code == "invalid_request"
    assert caught.value.message == (
        f"unknown bot level {level!r}: one of random, easy, medium, hard, expert")
    assert Match.objects.count() == 0
