"""The ``expert`` bot: a search over sampled deals of the cards it cannot see.

It plays (``play.search_play``) and passes (``passing.search_pass``) the choice with the
best mean result over deals consistent with its seat's knowledge, searching ``work`` units
or ``budget_ms`` of CPU at this process's pace, which each timed decision updates
(docs/adr/0051-expert-determinized-search.md, 0050-search-effort-in-work-units.md).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from random import Random
from typing import TypeVar

from games.engine import Card, SeatView

from ..effort import DEFAULT_BUDGET_MS, PACE
from ..memory import candidates
from .calibration import calibrate, calibration_views
from .knowledge import Knowledge
from .passing import search_pass
from .play import ENDGAME_CARDS, low_minor_leads, search_play
from .valuation import MATCH_WEIGHT, Valuation
from .work import (
    WORK_PER_CARD_DEALT,
    WORK_PER_CARD_PLAYED,
    WORK_PER_DEAL,
    WORK_PER_EXACT_DEAL,
    WORK_PER_PLAY_OUT,
    WORK_PER_TRY,
)

__all__ = [
    "ENDGAME_CARDS", "MATCH_WEIGHT", "WORK_PER_CARD_DEALT", "WORK_PER_CARD_PLAYED", "WORK_PER_DEAL",
    "WORK_PER_EXACT_DEAL", "WORK_PER_PLAY_OUT", "WORK_PER_TRY", "Knowledge", "Valuation",
    "calibrate", "calibration_views", "choose_pass", "choose_play", "low_minor_leads",
    "search_pass", "search_play",
]

Choice = TypeVar("Choice")


def choose_pass(view: SeatView, rng: Random, *, budget_ms: float = DEFAULT_BUDGET_MS,
                work: int | None = None) -> list[Card]:
    """The cards to pass: ``search_pass`` with ``work`` units, or ``budget_ms`` at the pace."""
    return _timed(search_pass, view, rng, budget_ms, work)


def choose_play(view: SeatView, rng: Random, *, budget_ms: float = DEFAULT_BUDGET_MS,
                work: int | None = None) -> Card:
    """The card to play: a forced card at once, else ``search_play`` with ``work`` units, or
    ``budget_ms`` at the pace."""
    legal = candidates(view)
    if len(legal) == 1:
        return legal[0]
    return _timed(search_play, view, rng, budget_ms, work)


def _timed(search: Callable[[SeatView, Random, int], tuple[Choice, int]], view: SeatView,
           rng: Random, budget_ms: float, work: int | None) -> Choice:
    """``search(view, rng, work)``'s choice; without ``work``, the work is the pace's for
    ``budget_ms`` and the decision's CPU time is reported to it."""
    if work is not None:
        return search(view, rng, work)[0]
    allowed = PACE.work_for(budget_ms)
    start = time.thread_time()
    choice, done = search(view, rng, allowed)
    PACE.observe(done, (time.thread_time() - start) * 1e3)
    return choice
