"""Celery tasks that move the bots, and the receiver that wakes them.

``act`` is idempotent: it acts only while the match is still at the version
it was woken for, and submits each move with that version expected, so a
duplicate or retried task finds the version moved on and does nothing.
"""

from __future__ import annotations

import logging
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from random import Random
from typing import Any

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from games import services
from games.engine import IllegalMove, PassCards, PlayCard, seat_view
from games.models import Match
from games.selectors import match_state
from games.services import CommandResult

from .strategies import choose_command

logger = logging.getLogger(__name__)

# Set while this thread runs ``act``: the moves it commits must not queue more tasks
# (with eager Celery that would recurse once per move; with a worker, the loop goes on).
_acting = threading.local()


@contextmanager
def _acting_here() -> Iterator[None]:
    _acting.active = True
    try:
        yield
    finally:
        _acting.active = False


def on_match_advanced(sender: Any, *, match_id: uuid.UUID, version: int, bot_to_act: bool,
                      **kwargs: Any) -> None:
    """``games.signals.match_advanced`` receiver: queue ``act`` when a bot must move."""
    if not bot_to_act or getattr(_acting, "active", False):
        return
    try:
        act.delay(str(match_id), version)
    except Exception:  # a dead broker must not fail the command that already committed
        logger.exception("could not queue bot move for match %s v%s; the sweep will retry",
                         match_id, version)


@shared_task(acks_late=True, ignore_result=True)
def act(match_id: str, version: int) -> int:
    """Let the bots move while one of them must act and the match is at ``version``.

    Each bot decides from its own ``seat_view`` only, with a generator seeded by
    match, version and seat (a re-run makes the same choice). Returns the number
    of moves made.
    """
    moves = 0
    with _acting_here():
        while True:
            match = Match.objects.filter(pk=match_id).first()
            if match is None or match.version != version or not match.bot_to_act:
                return moves
            state = match_state(match)
            seat = next(s for s in state.to_act
                        if (occupant := state.seats[s]) is not None and occupant.bot_level)
            level = state.seats[seat].bot_level  # type: ignore[union-attr]
            view = seat_view(state, seat)
            rng = Random(f"{match_id}:{version}:{seat.label}")
            try:
                result = _submit(match.id, version, choose_command(level, view, rng))  # type: ignore[arg-type]
            except IllegalMove as refusal:
                # A strategy bug must not stall the match: log it, and move at random.
                logger.error("bot %s (%s) in match %s v%s was refused (%s); moving at random",
                             seat.label, level, match_id, version, refusal.code)
                result = _submit(match.id, version, choose_command("random", view, rng))
            if result is None:
                return moves  # another task moved first
            version = result.match.version
            moves += 1


def _submit(
    match_id: uuid.UUID, version: int, command: PassCards | PlayCard
) -> CommandResult | None:
    """Submit a bot's move at ``version``; None when the match has moved on."""
    try:
        return services.seat_command(match_id=match_id, command=command, expected_version=version)
    except IllegalMove as refusal:
        if refusal.code == "stale_version":
            return None
        raise


@shared_task(ignore_result=True)
def sweep() -> int:
    """Wake matches whose turn has sat with a bot longer than ``BOT_STALL_SECONDS``
    (a worker died mid-move, or the broker was down when the move was queued)."""
    cutoff = timezone.now() - timedelta(seconds=settings.BOT_STALL_SECONDS)
    stalled = (Match.objects.filter(bot_to_act=True, updated_at__lt=cutoff)
               .exclude(status=Match.Status.FINISHED).values_list("id", "version")[:200])
    for match_id, version in stalled:
        act.delay(str(match_id), version)
    return len(stalled)

