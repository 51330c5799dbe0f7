"""Data migrations, run on rows as an older version of the code left them."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model

from games import services
from games.engine import RuleSet, parse_deal
from games.models import Match

from ..engine.helpers import D1, D4

fixed_deals_0003 = importlib.import_module("games.migrations.0003_match_fixed_deals")


@pytest.mark.django_db
def test_0003_counts_the_fixed_deals_of_matches_created_before_the_field():
    creator = get_user_model().objects.create_user(username="ada")
    seats = [services.SeatSpec("player")] + [services.SeatSpec("open")] * 3
    dealt = services.match_create(creator=creator, seats=seats, rules=RuleSet(),
                                  deals=[parse_deal(D1), parse_deal(D4)]).match
    shuffled = services.match_create(creator=creator, seats=seats, rules=RuleSet()).match
    Match.objects.update(fixed_deals=0)  # as the rows were before the field
    fixed_deals_0003.count_fixed_deals(apps, None)
    assert dict(Match.objects.values_list("id", "fixed_deals")) == {dealt.id: 2, shuffled.id: 0}
