"""A seat's decisions in a played match weighed after the fact (``appraisal``), each from
what the seat knew then, with a fixed effort and seed: the same log gives the same analysis."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from random import Random

from games.bot_levels import BLUNDER_POINTS
from games.engine import NEW_MATCH, Card, Event, Phase, Seat, SeatView, evolve, seat_view
from games.engine.events import CardPlayed, CardsPassed

from .appraisal import appraise

PASS_WORK = 4  # a pass is weighed with this many times a play's work: its options are close


@dataclass(frozen=True, slots=True)
class Decision:
    """One pass (``trick`` None) or play with a choice: what was played, the best option found,
    and the expected points of the hand lost against it."""

    hand: int
    trick: int | None
    played: tuple[Card, ...]
    best: tuple[Card, ...]
    loss: float

    @property
    def kind(self) -> str:
        return "pass" if self.trick is None else "play"

    @property
    def blunder(self) -> bool:
        return self.loss >= BLUNDER_POINTS


def choices(events: Iterable[Event], seat: Seat) -> Iterator[tuple[SeatView, tuple[Card, ...]]]:
    """``(view, played)`` for each of ``seat``'s passes and plays with more than one legal card
    in the log ``events``, ``view`` as the seat saw the match just before; moves a stand-in
    made for it (``auto``), or the bot its player left it to, are not its decisions."""
    state = NEW_MATCH
    for event in events:
        occupant = state.seats[seat]
        left = occupant is not None and occupant.left_by is not None
        if isinstance(event, CardsPassed | CardPlayed) and event.seat == seat and not (event.auto or left):
            view = seat_view(state, seat)
            if isinstance(event, CardsPassed):
                yield view, event.cards
            elif len(view.legal_cards) > 1:
                yield view, (event.card,)
        state = evolve(state, event)


def analyse(view: SeatView, played: tuple[Card, ...], *, seed: str, work: int) -> Decision:
    """The decision to play ``played`` from ``view``, weighed with ``work`` units (a pass
    ``PASS_WORK`` times as many) from ``seed``: half of them find the best option, the
    other half, on other deals, measure the loss against it (so the loss is not inflated
    by the luck of the deals that made the best look best)."""
    assert view.trick is not None or view.status is Phase.PASSING
    passing = view.status is Phase.PASSING
    trick = None if passing else view.trick.number  # type: ignore[union-attr]
    half = work * (PASS_WORK if passing else 1) // 2
    rng = Random(f"{seed}:{view.hand_number}:{trick}:{len(view.hand)}")
    best = appraise(view, rng, half, also=[played]).best.cards
    if set(best) == set(played):
        return Decision(view.hand_number, trick, played, best, 0.0)
    measured = appraise(view, rng, half, also=[played, best])
    gap = measured.option(played).expected_points - measured.option(best).expected_points  # type: ignore[union-attr]
    return Decision(view.hand_number, trick, played, best, max(0.0, round(gap, 2)))
