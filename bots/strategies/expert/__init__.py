"""The ``expert`` bot: determinized Monte Carlo search over the cards it cannot see.

Playing, it deals the hidden cards many times, each deal consistent with everything
its seat knows (its holding, every card played, the voids each seat has shown, and
where the cards it passed went), and plays every distinct legal card forward to the
end of the hand in each of those deals with fast card-playing policies for all four
seats (``policies``); once ``ENDGAME_CARDS`` or fewer cards are left it solves each
deal exactly instead (``endgame``); leading while another seat holds QS, it tries only
the lowest of its clubs and the lowest of its diamonds (``low_minor_leads``). It plays
the card with the best mean result for the match: points relative to the other seats,
scored by the match's own rules (``kernel.score_hand``: moon and sun modes, JD), and
winning or losing the match when the hand would end it (in a tiebreak hand too: the
view says when the end began).
The play-outs let its own seat try for the moon when no other seat has taken a point,
and let an opponent on a moon run (``memory``) go for it, so the search shoots a moon
it can make and breaks one it can stop.

Passing, it searches too: it deals the other 39 cards at random, lets the other seats
pass by a simple habit (``policies.quick_pass``), and plays each candidate pass out in
every deal (every choice of the pass's cards among the hard bot's pass and the
``PASS_EXTRA`` cards it would shed next, ``_most_dangerous``); it keeps the hard bot's
own pass (which knows the direction) unless another beats it clearly, by
``PASS_CONFIDENCE`` standard errors over the same deals. A hold hand has no pass.

Its effort is work, not time (``effort``): ``budget_ms`` CPU milliseconds become units
of work at the process's pace, and the search counts its work as it goes (a deal, each
try at one and each card it dealt, a card played in a play-out and the play-out itself,
a node and a leaf of the exact search: ``WORK_PER_…``), so a decision is reproducible
for a given amount of work. The expert reports each decision's CPU time to the pace,
which keeps a process's decisions near their budget.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from random import Random
from typing import TypeVar

from games.engine import Card, SeatView

from ..effort import PACE
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
DEFAULT_BUDGET_MS = 200.0


def choose_pass(view: SeatView, rng: Random, *, budget_ms: float = DEFAULT_BUDGET_MS,
                work: int | None = None) -> list[Card]:
    """The three cards with the best mean result over deals of the other 39 cards (see
    the module docstring), searched with ``work`` units (default: ``budget_ms`` CPU
    milliseconds at this process's pace, ``effort.PACE``)."""
    return _timed(search_pass, view, rng, budget_ms, work)


def choose_play(view: SeatView, rng: Random, *, budget_ms: float = DEFAULT_BUDGET_MS,
                work: int | None = None) -> Card:
    """The legal card with the best mean result over deals of the hidden cards, of those
    the search compares (``low_minor_leads``), searched with ``work`` units (default:
    ``budget_ms`` CPU milliseconds at this process's pace, ``effort.PACE``). A forced card
    is played at once."""
    legal = candidates(view)
    if len(legal) == 1:
        return legal[0]
    return _timed(search_play, view, rng, budget_ms, work)


def _timed(search: Callable[[SeatView, Random, int], tuple[Choice, int]], view: SeatView,
           rng: Random, budget_ms: float, work: int | None) -> Choice:
    """``search(view, rng, work)``'s choice; when the work follows from the pace, the
    decision's CPU time is reported to it."""
    if work is not None:
        return search(view, rng, work)[0]
    allowed = PACE.work_for(budget_ms)
    start = time.thread_time()  # this thread's: eager tasks share a server's process
    choice, done = search(view, rng, allowed)
    PACE.observe(done, (time.thread_time() - start) * 1e3)
    return choice
