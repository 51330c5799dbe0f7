"""How due moves reach a worker, by ``settings.BOT_DISPATCH``: ``celery`` sends a ``work`` ticket
per commit (none beyond ``TICKET_HORIZON_SECONDS``: beat's tick makes those), ``thread`` wakes
a thread in the web process (unless it wakes before the move falls due anyway), ``inline``
makes the moves in the committing thread."""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import close_old_connections
from django.utils import timezone

from games import dispatch

from . import moves

logger = logging.getLogger(__name__)

BOTS_QUEUE = "bots"  # the tickets' queue (CELERY_TASK_QUEUES)
TICKET_HORIZON_SECONDS = 60  # a move due later gets no ticket of its own
THREAD_IDLE_SECONDS = 1.0
THREAD_ROUND_SECONDS = 1.0
THREAD_PAUSE_SECONDS = 0.05

_here = threading.local()


@contextmanager
def making_moves() -> Iterator[None]:
    """Mark this thread as claiming moves in a loop: its commits send no ticket."""
    _here.busy = True
    try:
        yield
    finally:
        _here.busy = False


def on_match_advanced(sender: Any, *, due_at: datetime | None = None, **kwargs: Any) -> None:
    """``games.signals.match_advanced`` receiver: hand a move now due (or due later) on."""
    if due_at is not None:
        submit(due_at)


def on_bots_wake_requested(sender: Any, *, match_id: Any, **kwargs: Any) -> bool:
    """``games.signals.bots_wake_requested`` receiver: make the move due now and hand it on."""
    due_at = dispatch.due_now(match_id, timezone.now())
    return due_at is not None and submit(due_at)


def submit(due_at: datetime) -> bool:
    """Hand a move due at ``due_at`` on, by the mode; False if the broker refused the ticket."""
    mode = settings.BOT_DISPATCH
    now = timezone.now()
    if mode == "inline":
        if due_at <= now and not getattr(_here, "busy", False):
            with making_moves():
                moves.run_due(seconds=float("inf"))
        return True
    if mode == "thread":
        DispatcherThread.wake(due_at)
        return True
    wait = (due_at - now).total_seconds()
    if wait > TICKET_HORIZON_SECONDS or (wait <= 0 and getattr(_here, "busy", False)):
        return True
    from .tasks import work  # the task module needs the app registry ready

    try:
        work.apply_async(eta=due_at if wait > 0 else None, queue=BOTS_QUEUE)
    except Exception:  # a dead broker must not fail the command that already committed
        logger.exception("could not send a work ticket for %s; beat's tick will", due_at)
        return False
    return True


class ProcessThread(threading.Thread):
    """A daemon thread the process runs one of (``start_once``), named ``NAME``."""

    NAME = ""
    _started: ProcessThread | None = None
    _lock = threading.Lock()

    def __init__(self) -> None:
        super().__init__(name=self.NAME, daemon=True)

    @classmethod
    def start_once(cls) -> None:
        """Start the process's thread, unless it runs already."""
        with cls._lock:
            if cls._started is None or not cls._started.is_alive():
                cls._started = cls()
                cls._started.start()


class DispatcherThread(ProcessThread):
    """The embedded server's worker: makes due moves in rounds, sleeping until one falls due."""

    NAME = "bots-dispatcher"
    _woken = threading.Event()
    _asleep_until: datetime | None = None  # the end of the thread's sleep; None while awake

    @classmethod
    def wake(cls, due_at: datetime) -> None:
        """Wake the thread for a move due at ``due_at``, unless it sleeps until before then."""
        asleep_until = cls._asleep_until
        if asleep_until is None or due_at < asleep_until:
            cls._woken.set()

    def run(self) -> None:
        while True:
            DispatcherThread._asleep_until = None
            self._woken.clear()
            made, next_due = 0, None
            try:
                with making_moves():
                    made = moves.run_due(seconds=THREAD_ROUND_SECONDS)
                next_due = dispatch.next_due_at(now=timezone.now())
            except Exception:
                logger.exception("bot dispatcher round failed; trying again")
            finally:
                close_old_connections()
            now = timezone.now()
            wait = THREAD_IDLE_SECONDS
            if next_due is not None:
                wait = min(wait, (next_due - now).total_seconds())
            wait = max(wait, 0.0 if made else THREAD_PAUSE_SECONDS)
            DispatcherThread._asleep_until = now + timedelta(seconds=wait)
            self._woken.wait(wait)
