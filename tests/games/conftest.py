"""Fixtures of the games tests."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from games.engine import Seat


@pytest.fixture
def players(db: None) -> dict[Seat, object]:
    """Four players, one per seat: ``players[Seat.NORTH]`` is ``north``, and so on."""
    return {seat: get_user_model().objects.create_user(username=seat.label) for seat in Seat}
