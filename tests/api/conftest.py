"""Fixtures of the API tests: ``make_table`` seats four human players in a new match."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest
from limits.storage import MemoryStorage
from rest_framework.test import APIClient

from hearts_api import throttling, waiting_quota

from .helpers import HOLD, SEATS, Table, create_match, deal, match_url


@pytest.fixture(autouse=True)
def _fresh_throttle_counts() -> Iterator[None]:
    """Throttle counts and waiting requests' places live in the process's memory here (no
    REDIS_URL); start every test with none."""
    forget_throttle_counts()
    waiting_quota.places.cache_clear()
    yield
    forget_throttle_counts()


def forget_throttle_counts() -> None:
    """Empty the in-memory counters (never Redis's: they may be another run's)."""
    storage = throttling.limiter().storage
    if isinstance(storage, MemoryStorage):
        storage.reset()


@pytest.fixture
def make_table(make_client: Callable[..., APIClient]) -> Callable[..., Table]:
    """``make_table(D1, rules=HOLD)`` -> a ``Table``: north creates the match with the
    fixture deals for its first hands (none, or None: shuffled deals) and any other create
    ``fields``, east, south and west join in that order, so the first hand is dealt when
    west sits down."""

    def make(*deal_texts: str | None, rules: Mapping[str, Any] = HOLD, **fields: Any) -> Table:
        clients = {seat: make_client() for seat in SEATS}
        deals = [deal(text) for text in deal_texts if text]
        summary = create_match(clients["north"],
                               seats=[{"kind": "player"}] + [{"kind": "open"}] * 3,
                               rules=rules, deals=deals or None, **fields)
        for seat in SEATS[1:]:
            response = clients[seat].post(match_url(summary["id"], "join"), {"seat": seat},
                                          format="json")
            assert response.status_code == 200, response.content
        return Table(summary["id"], clients)

    return make
