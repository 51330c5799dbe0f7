"""The ``easy`` bot: plays by habit, remembers nothing, and plays one card in four at random."""

from __future__ import annotations

from random import Random

from games.engine import Card, SeatView

from .memory import height

RANDOM_SHARE = 0.25  # the share of plays made at random


def choose_pass(view: SeatView, rng: Random) -> list[Card]:
    """The ``rules.pass_count`` highest cards of the holding."""
    return sorted(view.hand, key=height, reverse=True)[: view.rules.pass_count]


def choose_play(view: SeatView, rng: Random) -> Card:
    """Lowest of the suit led, highest when void, lowest when leading; 1 in 4 at random."""
    legal = list(view.legal_cards)
    if rng.random() < RANDOM_SHARE:
        return rng.choice(legal)
    trick = view.trick
    led = trick.cards[0].suit if trick is not None and trick.cards else None
    if led is not None and legal[0].suit is not led:
        return max(legal, key=height)
    return min(legal, key=height)
