"""The bots app's side of hints and analyses (``games.review``): a hint is weighed on this
process's search thread; analyses are weighed a hand at a time, each the next that
``review.analysis_claim`` hands out, by ``BOT_DISPATCH`` in a worker's tickets on the
``analysis`` queue (below the bots'), on a thread of their own, or at once, the searches on
the search thread."""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import TimeoutError as FutureTimeout
from datetime import datetime
from random import Random
from typing import Any

from django.conf import settings
from django.db import DatabaseError, close_old_connections, connection, transaction
from django.db.models import QuerySet
from django.utils import timezone

from games import models, review
from games.engine import Seat, SeatView, event_from_json
from games.errors import ServiceError

from .analysis import Decision, analyse, choices
from .appraisal import Appraisal, appraise
from .dispatcher import ProcessThread
from .moves import searcher, seed
from .strategies.effort import PACE

logger = logging.getLogger(__name__)

ANALYSIS_QUEUE = "analysis"  # CELERY_TASK_QUEUES: after control and bots
HINT_RETRY_S = 1  # a hint refused for a busy search: Retry-After
THREAD_RECHECK_SECONDS = 10  # the embedded server's analysis thread, asleep, looks again
LEASE_RENEWAL_S = review.ANALYSIS_LEASE.total_seconds() / 3  # a hand's claim renewed this often


_hint_slots: dict[tuple[int, int], threading.Semaphore] = {}
# By process: the players with a hint weighed or waiting in it, and the lock over them.
_hinting: dict[int, tuple[threading.Lock, set[object]]] = {}


def on_hint_requested(sender: Any, *, match_id: object, version: int, view: SeatView,
                      player: object, budget_ms: float, counted: Callable[[], None],
                      **kwargs: Any) -> Appraisal:
    """``games.signals.hint_requested`` receiver: ``view``'s options weighed with ``budget_ms``
    of CPU at this process's pace, on its search thread, once ``counted`` has returned.
    Raises ``unavailable`` (retry after a second), uncounted, while another hint of
    ``player`` or ``HINTS_AT_ONCE`` hints are weighed or wait in this process."""
    lock, players = _hinting.setdefault(os.getpid(), (threading.Lock(), set()))
    with lock:
        if player in players:
            raise ServiceError("unavailable", "your other hint is being weighed: ask again in a "
                               "second", retry_after=HINT_RETRY_S)
        players.add(player)
    try:
        return _weighed(match_id, version, view, budget_ms, counted)
    finally:
        with lock:
            players.discard(player)


def _weighed(match_id: object, version: int, view: SeatView, budget_ms: float,
             counted: Callable[[], None]) -> Appraisal:
    """``on_hint_requested``'s search, in one of the ``HINTS_AT_ONCE`` slots."""
    assert view.seat is not None
    rng = Random(seed(f"hint:{match_id}", version, view.seat))

    def weigh() -> Appraisal:
        start = time.thread_time()
        appraisal = appraise(view, rng, PACE.work_for(budget_ms))
        PACE.observe(appraisal.work, (time.thread_time() - start) * 1e3)
        return appraisal

    slots = _hint_slots.setdefault((os.getpid(), settings.HINTS_AT_ONCE),
                                   threading.Semaphore(settings.HINTS_AT_ONCE))
    if not slots.acquire(blocking=False):
        raise ServiceError("unavailable", "other hints are being weighed: ask again in a second",
                           retry_after=HINT_RETRY_S)
    try:
        counted()
        return searcher().submit(weigh).result()
    finally:
        slots.release()


def on_analysis_requested(sender: Any, **kwargs: Any) -> None:
    """``games.signals.analysis_requested`` receiver: weigh the hands waiting, by the dispatch
    mode."""
    mode = settings.BOT_DISPATCH
    if mode == "inline":
        analyse_all()
    elif mode == "thread":
        AnalysisThread.start_once()
        AnalysisThread.woken.set()
    else:
        from .tasks import analyse  # the task module needs the app registry ready

        analyse.apply_async(queue=ANALYSIS_QUEUE)


def analyse_all() -> None:
    """Weigh hands (``analyse_next``) until none may be claimed, in this thread (the searches
    on the search thread); an error is logged."""
    try:
        while analyse_next():
            pass
    except Exception:
        logger.exception("analyses stopped")
    finally:
        if not connection.in_atomic_block:  # a test's transaction holds it
            close_old_connections()


def analyse_next() -> bool:
    """Weigh the next hand of any analysis (``review.analysis_claim``) on the search thread,
    renewing the claim every ``LEASE_RENEWAL_S``, and save it while the claim's lease is the
    row's; the analysis ``failed`` (and the error logged) if that raised. Whether a hand was
    claimed."""
    analysis = review.analysis_claim(now=timezone.now())
    if analysis is None:
        return False
    lease = analysis.leased_until
    hand = analysis.hands_done + 1
    seat = Seat(analysis.seat)
    match = analysis.match

    def weigh() -> tuple[list[Decision], int]:
        start = time.thread_time()
        weighed = [analyse(view, played, seed=f"{match.id}:{seat.label}", work=analysis.work)
                   for view, played in choices(events, seat) if view.hand_number == hand]
        return weighed, round((time.thread_time() - start) * 1e3)

    def mine() -> QuerySet[models.Analysis]:
        return models.Analysis.objects.filter(pk=analysis.pk, leased_until=lease)

    try:
        events = [event_from_json(row.payload) for row in match.events.order_by("seq")]
        weighing = searcher().submit(weigh)
        while True:
            try:
                weighed, cpu_ms = weighing.result(timeout=LEASE_RENEWAL_S)
                break
            except FutureTimeout:  # still weighing: the claim holds on
                lease = _renewed(analysis.pk, lease)
        with transaction.atomic():
            row = mine().select_for_update().first()
            if row is not None:  # else another claim holds it (this one's lease ended)
                row.decisions = [*row.decisions, *(decision_json(d) for d in weighed)]
                row.hands_done = hand
                row.cpu_ms += cpu_ms
                row.status = (models.Analysis.Status.DONE if hand >= row.hands
                              else models.Analysis.Status.RUNNING)
                row.leased_until, row.attempts = None, 0
                row.save()
    except Exception:
        logger.exception("analysis %s failed at hand %s", analysis.pk, hand)
        mine().update(status=models.Analysis.Status.FAILED, leased_until=None,
                      updated_at=timezone.now())
    return True


def _renewed(pk: int, lease: datetime) -> datetime:
    """The claim's lease renewed (``review.analysis_renew``), or ``lease`` if it was lost or
    the database refused (logged: the next renewal tries again)."""
    try:
        return review.analysis_renew(pk=pk, lease=lease, now=timezone.now()) or lease
    except DatabaseError:
        logger.warning("analysis %s: its lease could not be renewed", pk, exc_info=True)
        return lease


class AnalysisThread(ProcessThread):
    """The embedded server's analyses (``BOT_DISPATCH`` "thread"): weighs hands until none
    may be claimed, then sleeps until woken or ``THREAD_RECHECK_SECONDS`` pass (a lease
    ended, or hands left by a process that stopped)."""

    NAME = "analysis"
    woken = threading.Event()

    def run(self) -> None:
        while True:
            self.woken.clear()
            analyse_all()
            self.woken.wait(THREAD_RECHECK_SECONDS)


def decision_json(decision: Decision) -> dict[str, Any]:
    """``decision`` as the analysis row keeps it (and the API shows it)."""
    return {"hand": decision.hand, "trick": decision.trick, "kind": decision.kind,
            "played": [str(card) for card in decision.played],
            "best": [str(card) for card in decision.best], "loss": decision.loss,
            "blunder": decision.blunder}
