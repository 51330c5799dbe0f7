"""Fixtures of the admin tests: staff members of both kinds, a player who is not staff,
and matches played by bots to the end (or left where a bot is to act)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from bots import moves
from games import services
from games.engine import RuleSet
from games.models import Match

# Random and easy bots are the quickest; two hands, as few as a match with a tiebreak hand
# and a hand 2 to step to can have (a target of 30 alone may take more).
QUICK_BOTS = [services.SeatSpec("bot", level) for level in ("random", "easy", "random", "easy")]
QUICK_RULES = RuleSet(target_score=30, max_hands=2)


@pytest.fixture
def superuser(db: None) -> Any:
    return get_user_model().objects.create_superuser(username="root", password="root-pass-1")


@pytest.fixture
def staff(db: None) -> Any:
    return get_user_model().objects.create_user(username="watcher", password="watch-pass-1",
                                                is_staff=True)


@pytest.fixture
def player(db: None) -> Any:
    return get_user_model().objects.create_user(username="alice", password="alice-pass-1")


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def root_client(superuser: Any) -> Client:
    return logged_in(superuser)


@pytest.fixture
def staff_client(staff: Any) -> Client:
    return logged_in(staff)


@pytest.fixture
def make_match(player: Any) -> Callable[..., Match]:
    """``make_match(seats=…, rules=…, play=True)``: a match created by ``player``; with
    ``play`` its bots move (``moves.run_due``) until no bot is to act: a bots-only match
    plays to the end. Without, the bots' first turn is left owed (inside a test's
    transaction nothing wakes them)."""

    def make(seats: list[services.SeatSpec] = QUICK_BOTS, rules: RuleSet = QUICK_RULES,
             play: bool = True, **bots: int) -> Match:
        result = services.match_create(creator=player, seats=seats, rules=rules,
                                       bots=services.BotOptions(**bots))
        if play:
            moves.run_due(seconds=float("inf"))
        return Match.objects.get(pk=result.match.id)

    return make


@pytest.fixture
def finished_match(make_match: Callable[..., Match]) -> Match:
    match = make_match()
    assert match.status == "finished"
    return match
