"""The ``medium`` bot: counts cards (``memory.Memory``), and wins or ducks a trick on purpose.

Its pass and each play follow the habits below (docs/adr/0052-rule-based-bot-levels.md);
under the jack of diamonds variant it takes JD only when that is sure and pays. It never
plays at random (``rng`` is accepted for the strategy interface).
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from games.engine import Card, Rank, RuleSet, Seat, SeatView, Suit
from games.engine.cards import JACK_OF_DIAMONDS, QUEEN_OF_SPADES

from .memory import (
    HIGH_SPADES,
    Memory,
    TrickSoFar,
    below,
    candidates,
    height,
    highest,
    is_jack_in,
    is_jack_prize,
    is_sure_winner,
    lowest,
    may_collect_points,
    points_to_come,
    without_queen,
)

QUEEN_GUARDS = 3  # spades below the queen that make QS (or AS, KS) safe to keep
HIGH_HEART_RANK = Rank.JACK  # hearts from this rank up are passed before other high cards
VOIDABLE_SUITS = (Suit.CLUBS, Suit.DIAMONDS)  # the suits a pass may empty


# --- passing ------------------------------------------------------------------------------


def spades_guarding_queen(holding: list[Card]) -> list[Card]:
    """The spades of ``holding`` ranked below the queen."""
    return [card for card in holding if card.suit is Suit.SPADES and card.rank < Rank.QUEEN]


def keeps_queen(holding: list[Card]) -> bool:
    """Whether the holding has QS guarded by at least ``QUEEN_GUARDS`` lower spades."""
    return QUEEN_OF_SPADES in holding and len(spades_guarding_queen(holding)) >= QUEEN_GUARDS


def dangerous_spades(holding: list[Card]) -> list[Card]:
    """QS, AS and KS (in that order) held with fewer than ``QUEEN_GUARDS`` lower spades."""
    if len(spades_guarding_queen(holding)) >= QUEEN_GUARDS:
        return []
    return [card for card in (QUEEN_OF_SPADES, *HIGH_SPADES) if card in holding]


def short_suit_to_void(holding: list[Card], room: int) -> list[Card]:
    """The cards of the shortest club or diamond suit that fits in ``room`` cards (the higher
    top card between equals), or []."""
    suits = [[card for card in holding if card.suit is suit] for suit in VOIDABLE_SUITS]
    fitting = [cards for cards in suits if 0 < len(cards) <= room]
    if not fitting:
        return []
    return min(fitting, key=lambda cards: (len(cards), -max(card.rank for card in cards)))


def high_hearts(holding: list[Card]) -> list[Card]:
    """Hearts from ``HIGH_HEART_RANK`` up, highest first."""
    hearts = [card for card in holding if card.is_heart and card.rank >= HIGH_HEART_RANK]
    return sorted(hearts, key=height, reverse=True)


def kept_cards(holding: list[Card], rules: RuleSet) -> set[Card]:
    """Cards the pass keeps: a guarded queen and her guards, and JD when it is a prize."""
    kept = set(spades_guarding_queen(holding) + [QUEEN_OF_SPADES]) if keeps_queen(holding) else set()
    if is_jack_prize(rules) and JACK_OF_DIAMONDS in holding:
        kept.add(JACK_OF_DIAMONDS)
    return kept


def pass_in_order(holding: list[Card], count: int, first: list[Card], kept: set[Card]) -> list[Card]:
    """``count`` distinct cards of ``holding``: ``first``, a short suit to void whole (none of
    a ``kept`` card's suit), high hearts, the highest cards not ``kept``, then any."""
    chosen: list[Card] = []

    def take(cards: list[Card]) -> None:
        for card in cards:
            if len(chosen) < count and card not in chosen:
                chosen.append(card)

    take(first)
    kept_suits = {card.suit for card in kept}
    voidable = [card for card in holding if card not in chosen and card.suit not in kept_suits]
    take(short_suit_to_void(voidable, count - len(chosen)))
    take(high_hearts(holding))
    take(sorted((card for card in holding if card not in kept), key=height, reverse=True))
    take(sorted(holding, key=height, reverse=True))
    return chosen


def choose_pass(view: SeatView, rng: Random) -> list[Card]:
    """``rules.pass_count`` cards (``pass_in_order``): dangerous spades first, kept cards never."""
    holding = list(view.hand)
    return pass_in_order(holding, view.rules.pass_count, dangerous_spades(holding),
                         kept_cards(holding, view.rules))


# --- playing ------------------------------------------------------------------------------


def is_risky_lead(card: Card, memory: Memory) -> bool:
    """QS, or AS/KS while the queen is out elsewhere: a lead that may take the queen."""
    return card is QUEEN_OF_SPADES or (card in HIGH_SPADES and memory.is_queen_out_elsewhere())


def choose_lead(legal: list[Card], memory: Memory) -> Card:
    """The lowest card, not a risky lead, that a card still out can beat (between equal
    ranks, the suit with more cards out); else the lowest card."""
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


# --- the jack of diamonds (variant) -------------------------------------------------------


def is_jack_worth_taking(memory: Memory, trick: TrickSoFar, rules: RuleSet) -> bool:
    """Whether taking the trick with JD gains: its points and ``points_to_come`` stay under
    the jack's value (10)."""
    return trick.points + points_to_come(memory, trick) < -rules.jack_of_diamonds


def is_jack_fishing_safe(memory: Memory) -> bool:
    """Whether no other seat has shown a diamond void."""
    return not any(memory.is_void(seat, Suit.DIAMONDS) for seat in Seat if seat != memory.seat)


def jack_lead(legal: list[Card], memory: Memory) -> Card | None:
    """Leading, while ``is_jack_fishing_safe``: JD when no card out beats it, else while JD is
    out the lowest diamond no card out beats; otherwise None."""
    if not is_jack_fishing_safe(memory):
        return None
    if JACK_OF_DIAMONDS in legal and memory.is_boss(JACK_OF_DIAMONDS):
        return JACK_OF_DIAMONDS
    if JACK_OF_DIAMONDS not in memory.out:
        return None
    bosses = [card for card in legal if card.suit is Suit.DIAMONDS and memory.is_boss(card)]
    return lowest(bosses) if bosses else None


def take_jack(legal: list[Card], memory: Memory, trick: TrickSoFar, jack_in_trick: bool,
              rules: RuleSet) -> Card | None:
    """A card that surely takes JD, or None: leading, ``jack_lead``; following, while
    ``is_jack_worth_taking``, JD if it surely wins, or with JD in the trick the lowest sure
    winner other than QS."""
    if trick.is_leading:
        return jack_lead(legal, memory)
    if legal[0].suit is not trick.led_suit or not is_jack_worth_taking(memory, trick, rules):
        return None
    if JACK_OF_DIAMONDS in legal and is_sure_winner(memory, trick, JACK_OF_DIAMONDS):
        return JACK_OF_DIAMONDS
    if jack_in_trick:
        sure = [card for card in legal
                if card is not QUEEN_OF_SPADES and is_sure_winner(memory, trick, card)]
        return lowest(sure) if sure else None
    return None


def without_jack(cards: Sequence[Card]) -> list[Card]:
    """``cards`` less JD, unless JD is all there is."""
    rest = [card for card in cards if card is not JACK_OF_DIAMONDS]
    return rest or list(cards)


def choose_play(view: SeatView, rng: Random) -> Card:
    """A legal card: ``take_jack`` under the variant (else never JD), then lead, follow or
    discard as above."""
    legal = candidates(view)
    if len(legal) == 1:
        return legal[0]
    memory = Memory.from_view(view)
    trick = TrickSoFar.from_view(view)
    if is_jack_prize(view.rules):
        card = take_jack(legal, memory, trick, is_jack_in(view.trick), view.rules)
        if card is not None:
            return card
        legal = without_jack(legal)
        if len(legal) == 1:
            return legal[0]
    if trick.is_leading:
        return choose_lead(legal, memory)
    if legal[0].suit is trick.led_suit:
        return choose_follow(legal, memory, trick)
    return choose_discard(legal)
