"""Making the moves the dispatcher hands out (``games.dispatch``): one claim, one decision,
from the seat's view with a generator seeded under the server's secret, submitted at the
claimed version; searches run on a lower-priority thread (docs/architecture.md, "Bots")."""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import logging
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from random import Random

from django.conf import settings
from django.utils import timezone

from games import daily, dispatch, selectors, services
from games.engine import IllegalMove, PassCards, PlayCard, Seat
from games.errors import ServiceError
from games.services import CommandResult

from .strategies import SEARCHING_LEVELS, choose_command
from .strategies.effort import reference_work

logger = logging.getLogger(__name__)

# How often a search still thinking renews its lease (seconds), inside LEASE_MARGIN_MS.
RENEW_SECONDS = 2.0


def seed(match_id: object, version: int, seat: Seat) -> int:
    """A bot's seed for its move: the first 63 bits of HMAC-SHA256 keyed by ``BOT_SECRET`` over
    ``"<match id>:<version>:<seat>"``."""
    message = f"{match_id}:{version}:{seat.label}".encode()
    digest = hmac.new(settings.BOT_SECRET.encode(), message, hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def make(claim: dispatch.Claim) -> CommandResult | None:
    """Make ``claim``'s move; None, the lease released, if the match owes nothing at its version."""
    turn = selectors.due_turn(match_id=claim.match_id, version=claim.version, now=timezone.now())
    result = _decide_and_submit(turn, claim) if turn is not None else None
    if result is None:
        dispatch.release(claim, timezone.now())
    return result


def run_due(*, seconds: float) -> int:
    """Claim and make moves until none may be claimed or ``seconds`` pass; returns how many."""
    stop = time.monotonic() + seconds
    made = 0
    while time.monotonic() < stop:
        claim = dispatch.claim(now=timezone.now())
        if claim is None:
            break
        made += make(claim) is not None
    return made


def _decide_and_submit(turn: selectors.BotTurn, claim: dispatch.Claim) -> CommandResult | None:
    if turn.daily is not None:
        rng, work = Random(daily.bot_seed(turn.daily, turn.view)), reference_work(turn.think_ms)
    else:
        rng, work = Random(seed(turn.match_id, turn.version, turn.seat)), None
    # A strategy bug must not stall the match: it is logged, and the bot moves at random.
    def decide() -> PassCards | PlayCard:
        try:
            return choose_command(turn.level, turn.view, rng, budget_ms=turn.think_ms, work=work)
        except Exception:
            logger.exception("bot %s (%s) in match %s v%s failed to decide; moving at random",
                             turn.seat.label, turn.level, turn.match_id, turn.version)
            return choose_command("random", turn.view, rng)

    try:
        return _submit(turn, claim, _search(decide, claim) if turn.level in SEARCHING_LEVELS
                       else decide())
    except IllegalMove as refusal:
        logger.error("bot %s (%s) in match %s v%s was refused (%s); moving at random",
                     turn.seat.label, turn.level, turn.match_id, turn.version, refusal.code)
        return _submit(turn, claim, choose_command("random", turn.view, rng))


_searchers: dict[int, ThreadPoolExecutor] = {}


def searcher() -> ThreadPoolExecutor:
    """This process's search thread (made after a worker's fork, never inherited)."""
    pid = os.getpid()
    if pid not in _searchers:
        _searchers[pid] = ThreadPoolExecutor(1, "bots-search", initializer=_lower_priority)
    return _searchers[pid]


def _lower_priority() -> None:
    """Raise this thread's nice value to ``BOT_SEARCH_NICENESS`` where the OS allows."""
    thread = threading.get_native_id()
    try:
        nice = max(os.getpriority(os.PRIO_PROCESS, thread), settings.BOT_SEARCH_NICENESS)
        os.setpriority(os.PRIO_PROCESS, thread, nice)
    except (AttributeError, OSError):
        logger.info("could not lower the search thread's priority")


def _search(decide: Callable[[], PassCards | PlayCard],
            claim: dispatch.Claim) -> PassCards | PlayCard:
    """``decide()`` on this process's search thread, renewing ``claim``'s lease while it thinks."""
    running = searcher().submit(decide)
    while True:
        try:
            return running.result(timeout=RENEW_SECONDS)
        except FutureTimeout:
            dispatch.renew(claim, timezone.now())


def _submit(turn: selectors.BotTurn, claim: dispatch.Claim,
            command: PassCards | PlayCard) -> CommandResult | None:
    try:
        return services.seat_command(match_id=turn.match_id, expected_version=turn.version,
                                     command=dataclasses.replace(command, auto=turn.auto),
                                     lease=claim.lease, read=turn.match)
    except ServiceError as refusal:
        if refusal.code != "stale_version":
            raise
        return None
