"""The worker's side of the task markers (``bots.markers``): who is alive, and which task it
holds.

Each time a worker's consumer (re)connects to the broker it becomes a new incarnation,
``"<hostname>/<random>"``, and a thread keeps that incarnation's liveness key fresh until
the consumer stops. A new incarnation rather than the hostname: a worker restarted under
the same name, or reconnected after the broker went away (Celery then drops the tasks it
held, and Redis gives them back only after ``visibility_timeout``), does not hold its old
tasks any more, and their markers must read as a dead worker's. On each (re)connect the
worker also queues a sweep, so that matches left by a dead worker move as soon as one is
available.

``on_task_received`` (in the worker's main process, when a task arrives, also one held
until its ``eta``) takes the task's marker over; ``on_task_postrun`` (in the process that
ran it) deletes it.
"""

from __future__ import annotations

import logging
import threading
import uuid
from datetime import datetime
from typing import Any

from celery import bootsteps
from django.conf import settings
from django.utils import timezone

from . import markers

logger = logging.getLogger(__name__)

# The tasks that have markers, by their Celery name.
MARKED = {"bots.tasks.act": "act", "bots.tasks.stand_in": "stand_in"}
# How long a taken marker stands beyond the task's eta: the hard time limit and a margin.
# Its owner's death is noticed sooner, through the liveness key.
TAKEN_MARGIN_SECONDS = 30.0

# This process's current incarnation (set while its consumer runs; None elsewhere).
incarnation: str | None = None


class Liveness(bootsteps.StartStopStep):
    """A consumer bootstep: a new incarnation at each start, its liveness key refreshed every
    ``markers.LIVENESS_MS / 3`` by a thread, deleted at stop; and a sweep queued at start."""

    requires = {"celery.worker.consumer.tasks:Tasks"}

    def __init__(self, parent: Any, **kwargs: Any) -> None:
        super().__init__(parent, **kwargs)
        self._stopped = threading.Event()
        self._thread: threading.Thread | None = None
        self._owner = ""

    def start(self, parent: Any) -> None:
        global incarnation
        self._owner = incarnation = f"{parent.hostname}/{uuid.uuid4().hex[:12]}"
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._refresh, args=(self._owner, self._stopped),
                                        name="bots-liveness", daemon=True)
        self._thread.start()
        from .tasks import sweep  # the tasks module imports the models: only once Django is set up

        sweep.apply_async()

    def stop(self, parent: Any) -> None:
        self._stopped.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
            self._thread = None
        try:
            markers.forget(self._owner)
        except Exception:  # the broker may be what went away
            logger.info("could not delete liveness key of %s; it expires", self._owner)

    shutdown = stop

    @staticmethod
    def _refresh(owner: str, stopped: threading.Event) -> None:
        while True:
            try:
                markers.keep_alive(owner)
            except Exception:  # Redis away: the consumer reconnects, as a new incarnation
                logger.debug("could not refresh liveness key of %s", owner, exc_info=True)
            if stopped.wait(markers.LIVENESS_MS / 3000):
                return


def on_task_received(sender: Any = None, request: Any = None, **kwargs: Any) -> None:
    """``celery.signals.task_received`` receiver: this incarnation takes over the task's
    marker, until the task's eta (if any) plus the hard time limit and a margin."""
    kind = MARKED.get(request.name)
    if kind is None or incarnation is None:
        return
    match_id, at = request.args[0], request.args[1]
    wait = 0.0
    if request.eta:
        eta = datetime.fromisoformat(request.eta) if isinstance(request.eta, str) else request.eta
        wait = max(0.0, (eta - timezone.now()).total_seconds())
    ttl = wait + settings.CELERY_TASK_TIME_LIMIT + TAKEN_MARGIN_SECONDS
    markers.take(markers.marker_key(kind, match_id, at), request.id, incarnation, ttl_s=ttl)


def on_task_postrun(sender: Any = None, task_id: str = "", args: Any = (),
                    **kwargs: Any) -> None:
    """``celery.signals.task_postrun`` receiver: the task ended (returned or raised); delete
    its marker if it still names it."""
    kind = MARKED.get(getattr(sender, "name", ""))
    if kind is None or len(args) < 2:
        return
    markers.drop(markers.marker_key(kind, args[0], args[1]), task_id)
