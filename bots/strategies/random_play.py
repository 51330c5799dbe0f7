"""The ``random`` bot: any legal card, any cards to pass."""

from __future__ import annotations

from random import Random

from games.engine import Card, SeatView


def choose_pass(view: SeatView, rng: Random) -> list[Card]:
    """``rules.pass_count`` distinct cards of the holding, uniformly at random."""
    return rng.sample(list(view.hand), view.rules.pass_count)


def choose_play(view: SeatView, rng: Random) -> Card:
    """A uniformly random legal card."""
    return rng.choice(view.legal_cards)
