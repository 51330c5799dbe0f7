"""Cards, suits, ranks and seats, and card codes (docs/rules.md, "Cards and seats").

>>> parse_card("10♥"), str(parse_card("qs"))
(Card('TH'), 'QS')
>>> format_cards(sort_cards([parse_card("AH"), parse_card("2C"), parse_card("KS")]))
['2C', 'KS', 'AH']
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import Enum, IntEnum


class Suit(Enum):
    """A suit; the value is its letter in a card code."""

    CLUBS = "C"
    DIAMONDS = "D"
    SPADES = "S"
    HEARTS = "H"


class Rank(IntEnum):
    """A rank; the value orders ranks within a suit (2 lowest, ace highest)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14


class Seat(IntEnum):
    """A seat at the table, numbered in clockwise play order (docs/rules.md, "Cards and seats")."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def label(self) -> str:
        """The seat's name in the API and the event log: ``north`` ... ``west``."""
        return _SEAT_LABELS[self]

    def next(self, steps: int = 1) -> Seat:
        """The seat ``steps`` places clockwise from this one."""
        return SEATS[(self + steps) % 4]

    @classmethod
    def from_label(cls, label: str) -> Seat:
        """Parse ``north``/``east``/``south``/``west``, in any case; else ``ValueError``."""
        seat = _SEAT_BY_LABEL.get(label.lower()) if isinstance(label, str) else None
        if seat is None:
            raise ValueError(f"unknown seat {label!r}")
        return seat


SEATS: tuple[Seat, ...] = tuple(Seat)
_SEAT_LABELS = tuple(seat.name.lower() for seat in SEATS)
_SEAT_BY_LABEL = dict(zip(_SEAT_LABELS, SEATS, strict=True))

SUIT_ORDER: dict[Suit, int] = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.SPADES: 2, Suit.HEARTS: 3}
_RANK_CODES = "23456789TJQKA"
_SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♠": "S", "♥": "H", "♧": "C", "♢": "D", "♤": "S", "♡": "H"}

# Every code ``parse_card`` accepts, in the ECMA-262 subset the schema publishes.
CARD_CODE_PATTERN = "^(10|[2-9TJQKAtjqka])[CDHScdhs♣♦♠♥♧♢♤♡]$"
CANONICAL_CARD_CODE_PATTERN = "^[2-9TJQKA][CDHS]$"
_CARD_CODE = re.compile(CARD_CODE_PATTERN)


class Card:
    """One of the 52 interned cards; ``index`` (0..51) is its place in the canonical order."""

    __slots__ = ("rank", "suit", "index", "_code")

    rank: Rank
    suit: Suit
    index: int
    _code: str

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        return _DECK_BY_KEY[(rank, suit)]

    @classmethod
    def _make(cls, rank: Rank, suit: Suit) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", SUIT_ORDER[suit] * 13 + rank - 2)
        object.__setattr__(card, "_code", _RANK_CODES[rank - 2] + suit.value)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[object, tuple[Rank, Suit]]:
        return (Card, (self.rank, self.suit))

    def __str__(self) -> str:
        return self._code

    def __repr__(self) -> str:
        return f"Card({self._code!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __hash__(self) -> int:
        return self.index

    @property
    def is_heart(self) -> bool:
        """Any heart: 1 penalty point."""
        return self.suit is Suit.HEARTS


_DECK_BY_KEY: dict[tuple[Rank, Suit], Card] = {
    (rank, suit): Card._make(rank, suit) for suit in SUIT_ORDER for rank in Rank
}
DECK: tuple[Card, ...] = tuple(sorted(_DECK_BY_KEY.values(), key=lambda c: c.index))
_BY_CODE: dict[str, Card] = {str(card): card for card in DECK}

TWO_OF_CLUBS = Card(Rank.TWO, Suit.CLUBS)
QUEEN_OF_SPADES = Card(Rank.QUEEN, Suit.SPADES)
JACK_OF_DIAMONDS = Card(Rank.JACK, Suit.DIAMONDS)


class CardSyntaxError(ValueError):
    """A card code that names no card (rule code ``unknown_card``)."""

    code = "unknown_card"

    def __init__(self, text: object) -> None:
        shown = repr(text)
        shown = shown if len(shown) <= 24 else shown[:20] + "…"
        super().__init__(f"{shown} is not a card code (examples: 2C, 10H, TH, QS, Q♠)")
        self.text = text


def parse_card(text: str) -> Card:
    """Parse a code matching ``CARD_CODE_PATTERN`` (``QS``, ``10h``, ``Q♠``); else ``CardSyntaxError``."""
    if type(text) is str and (card := _BY_CODE.get(text)) is not None:
        return card
    if not isinstance(text, str) or not _CARD_CODE.fullmatch(text):
        raise CardSyntaxError(text)
    rank, suit = text[:-1].upper(), text[-1]
    return _BY_CODE[("T" if rank == "10" else rank) + _SUIT_SYMBOLS.get(suit, suit.upper())]


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """Parse each code with ``parse_card``, keeping order and duplicates."""
    texts = list(texts)
    try:
        return [_BY_CODE[text] for text in texts]
    except (KeyError, TypeError):
        return [parse_card(text) for text in texts]


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in canonical order: suit C, D, S, H, then rank low to high."""
    return sorted(cards, key=lambda card: card.index)


def format_cards(cards: Iterable[Card]) -> list[str]:
    """Canonical codes of ``cards``, in the order given."""
    return [str(card) for card in cards]
