"""The bots' Celery tasks: ``work`` makes due moves (``bots.dispatcher``, "celery" mode),
``analyse`` weighs analyses' hands, and each pool process sets its search pace as it starts."""

from __future__ import annotations

import logging
import time
from typing import Any

from celery import shared_task
from django.conf import settings
from django.db import close_old_connections, connection

from . import moves
from .dispatcher import BOTS_QUEUE, making_moves
from .review import ANALYSIS_QUEUE, analyse_next
from .strategies.effort import PACE
from .strategies.expert import calibrate

logger = logging.getLogger(__name__)

# A ticket's longest run before it hands the rest to a new ticket.
WORK_SLICE_SECONDS = 5.0


@shared_task(acks_late=True, ignore_result=True)
def work() -> int:
    """Make due moves until none may be claimed or ``WORK_SLICE_SECONDS`` pass; returns how many."""
    started = time.monotonic()
    try:
        with making_moves():
            made = moves.run_due(seconds=WORK_SLICE_SECONDS)
    finally:
        if not connection.in_atomic_block:  # a test's transaction holds it
            close_old_connections()
    if time.monotonic() - started >= WORK_SLICE_SECONDS:
        work.apply_async(queue=BOTS_QUEUE)
    return made


@shared_task(acks_late=True, ignore_result=True)
def analyse() -> None:
    """Weigh the next hand of any analysis (``review.analyse_next``), then queue a ticket for
    the next (the bots' tickets queued meanwhile go first)."""
    try:
        more = analyse_next()
    finally:
        if not connection.in_atomic_block:
            close_old_connections()
    if more:
        analyse.apply_async(queue=ANALYSIS_QUEUE)


def set_pace(**kwargs: Any) -> None:
    """``worker_process_init`` receiver: pin the pace at ``BOT_WORK_PER_MS`` if set, else measure it."""
    if settings.BOT_WORK_PER_MS:
        PACE.pin(settings.BOT_WORK_PER_MS)
    else:
        rate = calibrate()
        logger.info("bot pace measured: %.0f work units per CPU ms", rate)
