"""Sets of cards as 52-bit integers: bit ``card.index`` is set when the card is in the set.

The engine's fast internal representation. Bit order is the canonical sort order
(clubs, diamonds, spades, hearts; 2 to A within a suit), so each suit is 13
contiguous bits and a higher bit within a suit is a higher rank. ``legal_mask``
is the one implementation of which cards may be played; ``rules.legal_plays``
and ``playout.PlayoutHand`` both call it.

>>> from games.engine.cards import parse_cards
>>> hand = mask_of(parse_cards(["QS", "2C", "AH"]))
>>> hand == TWO_OF_CLUBS_BIT | QUEEN_OF_SPADES_BIT | 1 << 51
True
>>> cards_of(legal_mask(hand, 0, is_first_trick=False, hearts_broken=False,
...                     first_trick_points=False))
[Card('2C'), Card('QS')]
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import DECK, JACK_OF_DIAMONDS, QUEEN_OF_SPADES, SUIT_ORDER, TWO_OF_CLUBS, Card, Suit

ALL_CARDS = (1 << 52) - 1
SUIT_MASK_BY_ORDER: tuple[int, int, int, int] = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39)
"""The 13 bits of each suit, in sort order: clubs, diamonds, spades, hearts."""
CLUBS, DIAMONDS, SPADES, HEARTS = SUIT_MASK_BY_ORDER
SUIT_MASKS: dict[Suit, int] = {suit: SUIT_MASK_BY_ORDER[order] for suit, order in SUIT_ORDER.items()}
TWO_OF_CLUBS_BIT = 1 << TWO_OF_CLUBS.index
QUEEN_OF_SPADES_BIT = 1 << QUEEN_OF_SPADES.index
JACK_OF_DIAMONDS_BIT = 1 << JACK_OF_DIAMONDS.index
PENALTY_CARDS = HEARTS | QUEEN_OF_SPADES_BIT


def mask_of(cards: Iterable[Card]) -> int:
    """The set of ``cards`` as a mask."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def cards_of(mask: int) -> list[Card]:
    """The cards of ``mask``, in the canonical sort order."""
    return [DECK[bit.bit_length() - 1] for bit in cards_as_bits(mask)]


def cards_as_bits(mask: int) -> list[int]:
    """The one-card masks of ``mask``, lowest first."""
    bits = []
    while mask:
        low = mask & -mask
        bits.append(low)
        mask ^= low
    return bits


def suit_mask_of(bit: int) -> int:
    """The mask of the whole suit of a one-card mask (``bit`` must be non-zero)."""
    return SUIT_MASK_BY_ORDER[(bit.bit_length() - 1) // 13]


def legal_mask(
    holding: int, led_suit_mask: int, *, is_first_trick: bool, hearts_broken: bool,
    first_trick_points: bool,
) -> int:
    """The cards of ``holding`` that may be played now (docs/rules.md, "A hand", steps 3 to 6).

    ``led_suit_mask`` is the led suit's mask (``SUIT_MASKS[suit]``), or 0 when the
    seat leads. The first lead is 2C; a seat follows suit when it can; on the
    first trick a void seat plays no heart and not QS unless it holds nothing
    else (variant ``first_trick_points`` lifts that); hearts are led only once
    broken or from a hearts-only holding.
    """
    if not led_suit_mask:
        if is_first_trick:
            return holding & TWO_OF_CLUBS_BIT
        if hearts_broken:
            return holding
        return holding & ~HEARTS or holding
    following = holding & led_suit_mask
    if following:
        return following
    if is_first_trick and not first_trick_points:
        return holding & ~PENALTY_CARDS or holding
    return holding


def penalty_points_of(mask: int) -> int:
    """Penalty points in ``mask``: 1 per heart, 13 for QS (docs/rules.md, "Scoring")."""
    return (mask & HEARTS).bit_count() + (13 if mask & QUEEN_OF_SPADES_BIT else 0)
