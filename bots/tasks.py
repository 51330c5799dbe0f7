"""Celery tasks that move the bots, and the receiver that wakes them.

``act`` is idempotent: it acts only while the match is still at the version
it was woken for, and submits each move with that version expected, so a
duplicate or retried task finds the version moved on and does nothing.

A match's ``bot_delay_ms`` is a pause before each bot move. With a worker, the
receiver queues ``act`` with that countdown, and ``act`` makes one move and
queues the next the same way. Run eagerly (no broker: the tests and the demo)
the delay is ignored: an eager task runs at once whatever its countdown, so
``act`` loops over the moves instead of recursing once per move.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from random import Random
from typing import Any

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from games import daily, selectors, services
from games.engine import IllegalMove, PassCards, PlayCard
from games.errors import StaleVersion
from games.services import CommandResult

from . import markers
from .strategies import choose_command
from .strategies.effort import PACE, reference_work
from .strategies.expert import calibrate

logger = logging.getLogger(__name__)

# Set while this thread runs ``act``: the moves it commits must not queue more tasks
# through the receiver (with eager Celery that would recurse once per move; with a worker,
# the loop goes on, or ``act`` queues the next move itself when there is a delay).
_acting = threading.local()


@contextmanager
def _acting_here() -> Iterator[None]:
    _acting.active = True
    try:
        yield
    finally:
        _acting.active = False


# With a worker and no delay, ``act`` loops over the moves; after this long it hands the
# match to a fresh task, queued behind the others, so a worker process is soon free for a
# match with a player (or the sweep) and bot-only matches take turns; it also keeps a long
# run of searching bots inside the task time limits (CELERY_TASK_SOFT_TIME_LIMIT, 60 s;
# one expert play may take games.models.THINK_OVERRUN x think_ms).
ACT_SLICE_SECONDS = 1.0

# The queues (CELERY_TASK_QUEUES, in the order workers take from them): the bots' and
# stand-ins' moves in matches with a player seated, then those in matches of bots only.
PLAYERS_QUEUE, BOTS_QUEUE = "players", "bots"
# How long a queued task's marker stands beyond its countdown, if no worker takes it over:
# a task lost between the queue and a worker (one killed after taking the message, before
# it took the marker) is queued again by the sweep after it, so this bounds that stall.
# A task still waiting in a queue longer than this may be queued a second time (once per
# this long: the second's marker covers it again); ``act`` and ``stand_in`` are idempotent.
QUEUED_MARKER_SECONDS = 30.0


def on_match_advanced(sender: Any, *, match_id: uuid.UUID, version: int, bot_to_act: bool,
                      bot_delay_ms: int = 0, new_turn_deadline: datetime | None = None,
                      player_seated: bool = True, **kwargs: Any) -> None:
    """``games.signals.match_advanced`` receiver: queue ``act`` when a bot must move,
    ``bot_delay_ms`` milliseconds from now, and ``stand_in`` for a ``new_turn_deadline``
    at that moment (with a worker: run eagerly, a task cannot wait); on the players' queue
    when ``player_seated``, else on the bots'."""
    if new_turn_deadline is not None and not act.app.conf.task_always_eager:
        _queue(stand_in, match_id, new_turn_deadline.isoformat(), eta=new_turn_deadline,
               queue=PLAYERS_QUEUE)
    if not bot_to_act or getattr(_acting, "active", False):
        return
    _queue_act(match_id, version, bot_delay_ms, player_seated=player_seated)


def on_bots_wake_requested(sender: Any, *, match_id: uuid.UUID, version: int,
                           **kwargs: Any) -> bool:
    """``games.signals.bots_wake_requested`` receiver (the admin's "wake bots"): ``wake``.
    Returns whether the move was queued."""
    return wake(match_id, version)


def _queue_act(match_id: uuid.UUID, version: int, delay_ms: int, *, player_seated: bool) -> bool:
    """Queue ``act`` for ``version``, to run ``delay_ms`` milliseconds from now, on the
    players' queue or the bots'. Returns whether it was queued."""
    countdown = delay_ms / 1000 if delay_ms and not act.app.conf.task_always_eager else None
    return _queue(act, match_id, version, countdown=countdown,
                  queue=PLAYERS_QUEUE if player_seated else BOTS_QUEUE)


def wake(match_id: uuid.UUID, version: int) -> bool:
    """Queue ``act`` for ``version`` now, whatever the match's delay (an operator's "wake
    bots"; a match whose bots have nothing to do at ``version`` is left as it is). Returns
    False when the broker cannot be reached (logged)."""
    return _queue_act(match_id, version, 0,
                      player_seated=selectors.player_seated(match_id=match_id))


def _queue(task: Any, match_id: uuid.UUID, at: int | str, *, countdown: float | None = None,
           eta: datetime | None = None, queue: str) -> bool:
    """Queue ``task(match_id, at)`` (``at``: the version, or the deadline, it is for) on
    ``queue``, ``countdown`` seconds from now or at ``eta`` (else now), with its marker
    (``bots.markers``) written first, so the task cannot end before it. A broker that
    cannot be reached is logged, not raised (the sweep queues it again later): then False."""
    task_id = str(uuid.uuid4())
    key = markers.marker_key(_short_name(task.name), match_id, at)
    wait = countdown or (max(0.0, (eta - timezone.now()).total_seconds()) if eta else 0.0)
    markers.queued(key, task_id, ttl_s=wait + QUEUED_MARKER_SECONDS)
    try:
        task.apply_async((str(match_id), at), task_id=task_id, countdown=countdown, eta=eta,
                         queue=queue)
    except Exception:  # a dead broker must not fail the command that already committed
        logger.exception("could not queue %s for match %s at %s; the sweep will retry",
                         task.name, match_id, at)
        markers.drop(key, task_id)
        return False
    return True


def set_pace(**kwargs: Any) -> None:
    """``worker_process_init`` receiver: pin this process's pace at ``BOT_WORK_PER_MS``
    when set, else measure it (``expert.calibrate``, about half a second)."""
    if settings.BOT_WORK_PER_MS:
        PACE.pin(settings.BOT_WORK_PER_MS)
    else:
        rate = calibrate()
        logger.info("bot pace measured: %.0f work units per CPU ms", rate)


def _short_name(task_name: str) -> str:
    """``"act"`` for ``"bots.tasks.act"``: the name ``bots.markers`` keys by."""
    return task_name.rpartition(".")[2]


@shared_task(acks_late=True, ignore_result=True)
def act(match_id: str, version: int) -> int:
    """Let the bots move while one of them must act and the match is at ``version``.

    Each bot decides from its own ``seat_view`` only, with a generator seeded by
    match, version and seat (a re-run at the same pace makes the same choice; a daily's, by the day and
    the position: ``_move``); a searching level
    searches with the effort of ``Match.bot_think_ms`` milliseconds. On a worker, when the
    match has a ``bot_delay_ms`` (or this task has run ``ACT_SLICE_SECONDS``), it makes
    one move, queues ``act`` for the new version ``bot_delay_ms`` from now and returns;
    otherwise (and always when run eagerly) it loops until no bot is to act. Returns the
    number of moves made.
    """
    eager = bool(act.app.conf.task_always_eager)
    started = time.monotonic()
    moves = 0
    with _acting_here():
        while True:
            turn = selectors.bot_turn_get(match_id=match_id, version=version)
            if turn is None:
                return moves
            result = _move(turn)
            if result is None:
                return moves  # another task moved first
            version = result.match.version
            moves += 1
            if eager or not result.match.bot_to_act:
                continue  # eagerly, loop; otherwise the loop ends at the check above
            delay_ms = result.match.bot_delay_ms
            if delay_ms or time.monotonic() - started > ACT_SLICE_SECONDS:
                # The moves above queued nothing (``_acting``): the next one is queued here.
                _queue_act(result.match.id, version, delay_ms,
                           player_seated=selectors.has_player(result.state))
                return moves


@shared_task(acks_late=True, ignore_result=True)
def stand_in(match_id: str, deadline: str) -> int:
    """Move once, as a ``STAND_IN_LEVEL`` bot, for each player whose turn timed out at
    ``deadline`` (ISO time) and who has not acted (docs/api.md, "Nobody stalls a table"):
    the move is recorded with ``auto``. Idempotent like ``act``: once the turn is played
    the match's deadline is another (or none), and a task for this one does nothing; so
    does one that runs early. Returns the number of moves made."""
    due = datetime.fromisoformat(deadline)
    moves = 0
    while (turn := selectors.stand_in_turn(match_id=match_id, deadline=due,
                                           now=timezone.now())) is not None:
        if _move(turn, auto=True) is None:
            return moves  # the player (or another task) moved first
        moves += 1  # while passing, the next player's pass is due at the same deadline
    return moves


def _move(turn: selectors.BotTurn, *, auto: bool = False) -> CommandResult | None:
    """Make ``turn``'s move at its version (marked ``auto`` for a stand-in), from its own
    view only, with a generator seeded by match, version and seat, so a re-run makes the
    same choice at the same pace; in a daily match, by the day's secret and the position
    the bot sees (``games.daily.bot_seed``), with the work of ``think_ms`` at the reference
    rate (``effort.reference_work``), so every player of the day meets the same play for the
    same cards. None when the match has moved on."""
    version = turn.version
    work = None
    if turn.daily is not None:
        rng = Random(daily.bot_seed(turn.daily, turn.view))
        work = reference_work(turn.think_ms)  # the same search on every worker
    else:
        rng = Random(f"{turn.match_id}:{version}:{turn.seat.label}")
    try:
        command = choose_command(turn.level, turn.view, rng, budget_ms=turn.think_ms, work=work)
        return _submit(turn.match_id, version, dataclasses.replace(command, auto=auto))
    except IllegalMove as refusal:
        # A strategy bug must not stall the match: log it, and move at random.
        logger.error("bot %s (%s) in match %s v%s was refused (%s); moving at random",
                     turn.seat.label, turn.level, turn.match_id, version, refusal.code)
        command = choose_command("random", turn.view, rng)
        return _submit(turn.match_id, version, dataclasses.replace(command, auto=auto))


def _submit(
    match_id: uuid.UUID, version: int, command: PassCards | PlayCard
) -> CommandResult | None:
    """Submit a bot's move at ``version``; None when the match has moved on."""
    try:
        return services.seat_command(match_id=match_id, command=command, expected_version=version)
    except StaleVersion:
        return None


@shared_task(ignore_result=True)
def sweep() -> int:
    """Wake matches whose turn has sat with a bot too long with no task coming for it (a
    worker died mid-move or holding the task, or the broker lost it or was down when it
    was queued), and those whose players' turn deadline passed more than
    ``BOT_STALL_SECONDS`` ago with no stand-in coming.

    A bot turn counts once it has waited ``BOT_STALL_SECONDS`` beyond the match's own
    pause (``games.selectors.bot_stalled`` without the thinking time), so the sweep never
    cuts a delay short; whether a task is still coming, queued or thinking in a live
    worker, the task markers say (``bots.markers.covered``). Returns how many it woke (at
    most 200 of each kind, the longest-waiting first).
    """
    now = timezone.now()
    stalled = selectors.bot_stalled_list(now=now, limit=200, thinking=False)
    coming = markers.covered([markers.marker_key("act", turn.match_id, turn.version)
                              for turn in stalled])
    woken = [_queue_act(turn.match_id, turn.version, 0, player_seated=turn.player_seated)
             for turn, covered in zip(stalled, coming, strict=True) if not covered]
    # Players' deadlines: each has its own task queued for the moment it falls due; these
    # are the ones whose task was lost (a worker died, the broker was down).
    overdue = selectors.timed_out_list(
        now=now - timedelta(seconds=settings.BOT_STALL_SECONDS), limit=200)
    coming = markers.covered([markers.marker_key("stand_in", match_id, deadline)
                              for match_id, deadline in overdue])
    woken += [_queue(stand_in, match_id, deadline.isoformat(), queue=PLAYERS_QUEUE)
              for (match_id, deadline), covered in zip(overdue, coming, strict=True)
              if not covered]
    return sum(woken)
