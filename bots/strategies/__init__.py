"""Bot strategies: pure functions of one seat's ``SeatView`` and a seeded ``random.Random``.

A strategy module has ``choose_pass(view, rng) -> list[Card]`` and
``choose_play(view, rng) -> Card``. It sees exactly what the API shows its
seat, nothing more. ``LEVELS`` maps each bot level offered to its module.
"""

from __future__ import annotations

from random import Random
from types import ModuleType

from games.engine import PassCards, Phase, PlayCard, SeatView

from . import easy, expert, hard, medium, random_play

LEVELS: dict[str, ModuleType] = {
    "random": random_play, "easy": easy, "medium": medium, "hard": hard, "expert": expert,
}


# Levels that search take a time budget per move (milliseconds).
SEARCHING_LEVELS: frozenset[str] = frozenset({"expert"})
DEFAULT_BUDGET_MS = 200.0


def choose_command(level: str, view: SeatView, rng: Random, *,
                   budget_ms: float = DEFAULT_BUDGET_MS,
                   work: int | None = None) -> PassCards | PlayCard:
    """The pass or play the bot of ``level`` makes from ``view`` (its seat must act);
    a searching level thinks for about ``budget_ms`` CPU milliseconds per decision (pass
    or play), or does exactly ``work`` units of search (``effort``) when given.

    Raises ``KeyError`` for an unknown level, ``ValueError`` when the seat has nothing to do.
    """
    strategy = LEVELS[level]
    if view.seat is None or not view.is_your_turn:
        raise ValueError("this seat has nothing to do")
    effort = {"budget_ms": budget_ms, "work": work} if level in SEARCHING_LEVELS else {}
    if view.status is Phase.PASSING:
        return PassCards(view.seat, tuple(strategy.choose_pass(view, rng, **effort)))
    return PlayCard(view.seat, strategy.choose_play(view, rng, **effort))
