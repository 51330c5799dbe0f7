"""Bot strategies: a seat's pass or play from its ``SeatView`` and a seeded ``random.Random``.

A strategy module has ``choose_pass(view, rng) -> list[Card]`` and ``choose_play(view, rng)
-> Card`` and sees only what the API shows its seat. All but the searching levels are pure
functions of their arguments; a searching level (``SEARCHING_LEVELS``) also takes ``work``
(then pure too) or a ``budget_ms`` that it turns into work at this process's measured pace
(``effort.PACE``), which each such decision updates. ``LEVELS`` maps each level to its module.
"""

from __future__ import annotations

from random import Random
from types import ModuleType

from games.engine import PassCards, Phase, PlayCard, SeatView

from . import easy, expert, hard, medium, random_play
from .effort import DEFAULT_BUDGET_MS as DEFAULT_BUDGET_MS  # re-exported: the arena reads it here

LEVELS: dict[str, ModuleType] = {
    "random": random_play, "easy": easy, "medium": medium, "hard": hard, "expert": expert,
}

SEARCHING_LEVELS: frozenset[str] = frozenset({"expert"})


def choose_command(level: str, view: SeatView, rng: Random, *,
                   budget_ms: float = DEFAULT_BUDGET_MS,
                   work: int | None = None) -> PassCards | PlayCard:
    """The pass or play the bot of ``level`` makes from ``view``; a searching level does
    ``work`` units of search, or about ``budget_ms`` CPU milliseconds' worth at the pace.
    Raises ``KeyError`` for an unknown level, ``ValueError`` when the seat has nothing to do."""
    strategy = LEVELS[level]
    if view.seat is None or not view.is_your_turn:
        raise ValueError("this seat has nothing to do")
    effort = {"budget_ms": budget_ms, "work": work} if level in SEARCHING_LEVELS else {}
    if view.status is Phase.PASSING:
        return PassCards(view.seat, tuple(strategy.choose_pass(view, rng, **effort)))
    return PlayCard(view.seat, strategy.choose_play(view, rng, **effort))
