"""The ``medium`` bot: counts cards, and wins or ducks a trick on purpose.

It knows every card played this hand (``memory.Memory``), so it knows the
highest card still out in each suit.

Passing: QS when it is unguarded (fewer than ``QUEEN_GUARDS`` lower spades),
AS and KS when they could catch the queen, then a whole short club or diamond
suit to void itself, then its high hearts, then its highest cards.

Playing:

- leading: its lowest card that someone else can still beat (a higher card of
  the suit is out), never QS, nor AS/KS while the queen is out elsewhere;
- following: under a winning AS/KS it drops QS; otherwise it ducks with its
  lowest card when it has one under the current winner. Made to go over, it
  wins on purpose with a card higher than every card still out when the trick
  can collect no points, and else plays its lowest card over, hoping to be
  overtaken; last to play, it wins with its highest card;
- void in the suit led: QS first, then its highest card.

It never plays at random; ``rng`` is accepted for the strategy interface.
"""

from __future__ import annotations

from random import Random

from games.engine import Card, Rank, SeatView, Suit
from games.engine.cards import QUEEN_OF_SPADES

from .memory import (
    HIGH_SPADES,
    Memory,
    TrickSoFar,
    below,
    candidates,
    height,
    highest,
    is_sure_winner,
    lowest,
    may_collect_points,
    without_queen,
)

QUEEN_GUARDS = 3
"""Spades below the queen that make holding QS (or AS, KS) safe enough to keep."""

HIGH_HEART_RANK = Rank.JACK
"""Hearts from this rank up are passed before other high cards."""

VOIDABLE_SUITS = (Suit.CLUBS, Suit.DIAMONDS)
"""Suits the pass may empty; spades guard against the queen and hearts cannot help."""


# --- passing ------------------------------------------------------------------------------


def spades_guarding_queen(holding: list[Card]) -> list[Card]:
    """The spades of ``holding`` ranked below the queen."""
    return [card for card in holding if card.suit is Suit.SPADES and card.rank < Rank.QUEEN]


def keeps_queen(holding: list[Card]) -> bool:
    """Whether the holding has QS guarded by at least ``QUEEN_GUARDS`` lower spades."""
    return QUEEN_OF_SPADES in holding and len(spades_guarding_queen(holding)) >= QUEEN_GUARDS


def dangerous_spades(holding: list[Card]) -> list[Card]:
    """QS, AS and KS when too few lower spades guard them (QS first, then AS, KS).

    An unguarded QS must be played early; AS and KS win spade tricks the
    queen can drop on. Guarded, or with QS kept, none is dangerous.
    """
    if len(spades_guarding_queen(holding)) >= QUEEN_GUARDS:
        return []
    return [card for card in (QUEEN_OF_SPADES, *HIGH_SPADES) if card in holding]


def short_suit_to_void(holding: list[Card], room: int) -> list[Card]:
    """The cards of the shortest club or diamond suit that fits in ``room`` cards, or [].

    Between suits of equal length, the one with the higher top card goes.
    """
    suits = [[card for card in holding if card.suit is suit] for suit in VOIDABLE_SUITS]
    fitting = [cards for cards in suits if 0 < len(cards) <= room]
    if not fitting:
        return []
    return min(fitting, key=lambda cards: (len(cards), -max(card.rank for card in cards)))


def high_hearts(holding: list[Card]) -> list[Card]:
    """Hearts from ``HIGH_HEART_RANK`` up, highest first."""
    hearts = [card for card in holding if card.is_heart and card.rank >= HIGH_HEART_RANK]
    return sorted(hearts, key=height, reverse=True)


def choose_pass(view: SeatView, rng: Random) -> list[Card]:
    """``rules.pass_count`` distinct cards of the holding, in order of need.

    Dangerous spades, then a short suit to void (only if it fits whole in the
    room left), then high hearts, then the highest other cards; a kept queen
    and its guards are never passed.
    """
    holding = list(view.hand)
    count = view.rules.pass_count
    chosen: list[Card] = []

    def take(cards: list[Card]) -> None:
        for card in cards:
            if len(chosen) < count and card not in chosen:
                chosen.append(card)

    take(dangerous_spades(holding))
    take(short_suit_to_void([card for card in holding if card not in chosen], count - len(chosen)))
    take(high_hearts(holding))
    kept = set(spades_guarding_queen(holding) + [QUEEN_OF_SPADES]) if keeps_queen(holding) else set()
    take(sorted((card for card in holding if card not in kept), key=height, reverse=True))
    take(sorted(holding, key=height, reverse=True))
    return chosen


# --- playing ------------------------------------------------------------------------------


def is_risky_lead(card: Card, memory: Memory) -> bool:
    """QS, or AS/KS while the queen is out elsewhere: a lead that may take the queen."""
    return card is QUEEN_OF_SPADES or (card in HIGH_SPADES and memory.is_queen_out_elsewhere())


def choose_lead(legal: list[Card], memory: Memory) -> Card:
    """The lowest card that a card still out can beat, avoiding risky leads.

    Between equal ranks, the suit with more cards out (others are likelier to
    follow). With nothing beatable, the lowest card.
    """
    pool = [card for card in legal if not is_risky_lead(card, memory)] or legal
    beatable = [card for card in pool if memory.has_higher_out(card)] or pool
    return min(beatable, key=lambda card: (card.rank, -len(memory.cards_out(card.suit)), card.index))


def queen_under_high_spade(legal: list[Card], trick: TrickSoFar) -> bool:
    """Whether QS may be dropped under a winning AS or KS."""
    winning = trick.winning_card
    return QUEEN_OF_SPADES in legal and winning is not None and winning in HIGH_SPADES


def choose_follow(legal: list[Card], memory: Memory, trick: TrickSoFar) -> Card:
    """Follow suit: drop QS under AS/KS, else duck low, else win on purpose or go over low."""
    winning = trick.winning_card
    assert winning is not None
    if queen_under_high_spade(legal, trick):
        return QUEEN_OF_SPADES
    under = below(legal, winning)
    if under:
        return lowest(under)
    over = without_queen(legal)
    if trick.is_last:
        return highest(over)
    if not may_collect_points(memory, trick):
        sure = [card for card in over if is_sure_winner(memory, trick, card)]
        if sure:
            return lowest(sure)
    return lowest(over)


def choose_discard(legal: list[Card]) -> Card:
    """Void in the suit led: QS if it may go, else the highest card."""
    if QUEEN_OF_SPADES in legal:
        return QUEEN_OF_SPADES
    return highest(legal)


def choose_play(view: SeatView, rng: Random) -> Card:
    """A legal card (from ``memory.candidates``): lead, follow or discard as above."""
    legal = candidates(view)
    if len(legal) == 1:
        return legal[0]
    memory = Memory.from_view(view)
    trick = TrickSoFar.from_view(view)
    if trick.is_leading:
        return choose_lead(legal, memory)
    if legal[0].suit is trick.led_suit:
        return choose_follow(legal, memory, trick)
    return choose_discard(legal)
