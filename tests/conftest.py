"""Shared fixtures: players with bearer tokens and API clients acting as them.

In-process tests run against PostgreSQL (DATABASE_URL; ``make test`` points it at
127.0.0.1) with the bots' moves made inline (``BOT_DISPATCH`` "inline"): a move due now is
made by the thread whose command committed, before that command returns.
"""

from __future__ import annotations

import gc
import itertools
import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import override_settings
from hypothesis import settings as hypothesis_settings
from knox.models import get_token_model
from rest_framework.test import APIClient

from bots.strategies.effort import PACE, REFERENCE_WORK_PER_MS

from . import quick_settings
from .clients import InProcessClient

CHROMIUM = "/usr/bin/chromium"

# How pytest-xdist shares the tests out between its processes.
pytest_plugins = ["tests.scheduling"]

_names = itertools.count(1)

# CI replays the same generated examples on every run (a red run is then reproducible);
# elsewhere hypothesis explores new ones each time.
hypothesis_settings.register_profile("ci", derandomize=True, database=None)
hypothesis_settings.load_profile("ci" if os.environ.get("CI") else "default")


def pytest_collection_finish(session: pytest.Session) -> None:
    """The test process's garbage collector skips what lives to the end (modules, Django,
    the collected tests) and runs less often: the tests allocate much and free it at once
    (benchmarks/README.md, "The suite's time"; the servers it starts keep Python's
    defaults)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 50, 100)


@pytest.fixture(autouse=True, scope="session")
def _bots_move_inline() -> None:
    """The moves due after a commit are made before the command returns (bots.dispatcher)."""
    settings.BOT_DISPATCH = "inline"


@pytest.fixture(autouse=True, scope="session")
def _quick_password_hashing() -> Iterator[None]:
    """Passwords are hashed as tests.quick_settings says; a test of the stored hash asks for
    ``service_password_hashers``."""
    quick = override_settings(PASSWORD_HASHERS=quick_settings.PASSWORD_HASHERS)
    quick.enable()
    yield
    quick.disable()


@pytest.fixture
def service_password_hashers(settings: Any) -> None:
    """The service's own hashers (config.settings), for a test that asserts the stored hash."""
    settings.PASSWORD_HASHERS = [hasher for hasher in settings.PASSWORD_HASHERS
                                 if hasher != quick_settings.QUICK_HASHER]


@pytest.fixture(autouse=True, scope="session")
def _searching_bots_at_a_pinned_pace() -> None:
    """The expert searches the same for a seed on every machine and under any load
    (``effort.PACE``): its tests assert decisions, not timings."""
    PACE.pin(REFERENCE_WORK_PER_MS)


@pytest.fixture(scope="session")
def chromium() -> str:
    """Debian's Chromium for Playwright (its own browser download cannot work here)."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium; "
                    "make test run as root does) to run the browser tests")
    return CHROMIUM


@pytest.fixture
def make_client(db: None) -> Callable[..., APIClient]:
    """``make_client("alice")`` -> an APIClient with a bearer token for a new player."""

    def make(username: str | None = None) -> APIClient:
        user = get_user_model().objects.create_user(username=username or f"player{next(_names)}")
        _, token = get_token_model().objects.create(user=user, expiry=None)
        client = InProcessClient()
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
        client.username = user.get_username()  # type: ignore[attr-defined]
        return client

    return make


@pytest.fixture
def client_a(make_client: Callable[..., APIClient]) -> APIClient:
    return make_client("alice")


@pytest.fixture
def anon_client() -> APIClient:
    return InProcessClient()


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """The e2e match durations their reports carry (here, not in tests/e2e/conftest.py:
    under pytest-xdist the controlling process loads only this conftest)."""
    durations = [value for reports in terminalreporter.stats.values() for report in reports
                 for name, value in getattr(report, "user_properties", ())
                 if name == "e2e_duration"]
    if durations:
        terminalreporter.write_line("e2e match durations: " + ", ".join(
            f"{label} {seconds:.1f}s ({hands} hands)" for label, seconds, hands in durations))
