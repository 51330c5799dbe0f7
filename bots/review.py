"""The bots app's side of hints and analyses (``games.review``): a hint is weighed on this
process's search thread; an analysis runs hand by hand, by ``BOT_DISPATCH`` as a worker's
tasks on the ``analysis`` queue (below the bots'), on a thread of its own, or at once, its
searches on the search thread."""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from random import Random
from typing import Any

from django.conf import settings
from django.db import close_old_connections, connection, transaction

from games import models
from games.engine import Seat, SeatView, event_from_json
from games.errors import ServiceError

from .analysis import Decision, analyse, choices
from .appraisal import Appraisal, appraise
from .moves import searcher, seed
from .strategies.effort import PACE

logger = logging.getLogger(__name__)

ANALYSIS_QUEUE = "analysis"  # CELERY_TASK_QUEUES: after control and bots
HINT_RETRY_S = 1  # a hint refused for a busy search: Retry-After


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


def on_analysis_requested(sender: Any, *, analysis_id: int, **kwargs: Any) -> None:
    """``games.signals.analysis_requested`` receiver: start the analysis by the dispatch mode."""
    mode = settings.BOT_DISPATCH
    if mode == "inline":
        analyse_all(analysis_id)
    elif mode == "thread":
        threading.Thread(target=analyse_all, args=(analysis_id,), name="analysis",
                         daemon=True).start()
    else:
        from .tasks import analyse_match  # the task module needs the app registry ready

        analyse_match.apply_async((analysis_id,), queue=ANALYSIS_QUEUE)


def analyse_all(analysis_id: int) -> None:
    """Every hand of the analysis left, in this thread (the searches on the search thread);
    a failure is logged (the row says ``failed``)."""
    try:
        while analyse_hand(analysis_id):
            pass
    except Exception:
        logger.exception("analysis %s failed", analysis_id)
    finally:
        if not connection.in_atomic_block:  # a test's transaction holds it
            close_old_connections()


def analyse_hand(analysis_id: int) -> bool:
    """Weigh the next hand of the analysis on the search thread and save it (the row
    ``failed`` if that raised, and the error raised again); whether hands are left."""
    analysis = models.Analysis.objects.select_related("match").get(pk=analysis_id)
    if analysis.hands_done >= analysis.hands or analysis.status == models.Analysis.Status.FAILED:
        return False
    hand = analysis.hands_done + 1
    models.Analysis.objects.filter(pk=analysis_id, status=models.Analysis.Status.QUEUED).update(
        status=models.Analysis.Status.RUNNING)
    seat = Seat(analysis.seat)
    match = analysis.match
    events = [event_from_json(row.payload) for row in match.events.order_by("seq")]

    def weigh() -> tuple[list[Decision], int]:
        start = time.thread_time()
        weighed = [analyse(view, played, seed=f"{match.id}:{seat.label}", work=analysis.work)
                   for view, played in choices(events, seat) if view.hand_number == hand]
        return weighed, round((time.thread_time() - start) * 1e3)

    try:
        weighed, cpu_ms = searcher().submit(weigh).result()
    except Exception:
        models.Analysis.objects.filter(pk=analysis_id).update(status=models.Analysis.Status.FAILED)
        raise
    with transaction.atomic():
        row = models.Analysis.objects.select_for_update().get(pk=analysis_id)
        if row.hands_done != hand - 1:  # another run saved this hand
            return row.hands_done < row.hands
        row.decisions = [*row.decisions, *(decision_json(decision) for decision in weighed)]
        row.hands_done = hand
        row.cpu_ms += cpu_ms
        row.status = (models.Analysis.Status.DONE if hand >= row.hands
                      else models.Analysis.Status.RUNNING)
        row.save()
    return hand < analysis.hands


def decision_json(decision: Decision) -> dict[str, Any]:
    """``decision`` as the analysis row keeps it (and the API shows it)."""
    return {"hand": decision.hand, "trick": decision.trick, "kind": decision.kind,
            "played": [str(card) for card in decision.played],
            "best": [str(card) for card in decision.best], "loss": decision.loss,
            "blunder": decision.blunder}
