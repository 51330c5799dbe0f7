"""The embedded dispatcher thread's wake-ups (``bots.dispatcher.DispatcherThread``)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from bots.dispatcher import DispatcherThread

ASLEEP_UNTIL = datetime(2026, 12, 5, 12, 0, tzinfo=UTC)


@pytest.fixture
def thread_state() -> Iterator[None]:
    DispatcherThread._woken.clear()
    yield
    DispatcherThread._asleep_until = None
    DispatcherThread._woken.clear()


@pytest.mark.parametrize(("asleep_until", "due_in", "woken"), [
    (ASLEEP_UNTIL, timedelta(seconds=-1), True),   # due before it would wake
    (ASLEEP_UNTIL, timedelta(0), False),           # due as it wakes: that round makes it
    (ASLEEP_UNTIL, timedelta(seconds=30), False),  # due later: a later round makes it
    (None, timedelta(seconds=30), True),           # awake: its next round reads the move
])
def test_a_commit_wakes_the_thread_only_for_a_move_due_before_its_sleep_ends(
        thread_state: None, asleep_until: datetime | None, due_in: timedelta, woken: bool) -> None:
    DispatcherThread._asleep_until = asleep_until
    DispatcherThread.wake(ASLEEP_UNTIL + due_in)
    assert DispatcherThread._woken.is_set() is woken
