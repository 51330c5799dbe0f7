"""A deal as text: per seat ``N: clubs.diamonds.spades.hearts``, ranks high to low, a void ``-``.

``parse_deal`` also reads seats and ranks in any order and case, ``10`` and empty voids:

>>> print(format_deal(parse_deal('''
...     W: akqj.9tjqka.jka.
...     S: .-.45678910.9TJQKA
...     N: 23456789T.2345..
...     E: .678.23Q.2345678''')))
N: T98765432.5432.-.-
E: -.876.Q32.8765432
S: -.-.T987654.AKQJT9
W: AKQJ.AKQJT9.AKJ.-
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from .cards import SUIT_ORDER, Card, Seat, Suit, parse_card, sort_cards
from .state import Deal

SUITS_IN_ORDER: tuple[Suit, ...] = tuple(sorted(SUIT_ORDER, key=SUIT_ORDER.__getitem__))
_SEAT_OF_LETTER = {seat.label[0].upper(): seat for seat in Seat}
_LINE = re.compile(r"\s*([NESW])\s*:\s*(\S*)\s*")
_RANKS = re.compile(r"(?:10|[2-9TJQKA])*")
_RANK = re.compile(r"10|[2-9TJQKA]")


class DealNotationError(ValueError):
    """A text that is not a whole deal (four holdings of 13, the pack once) in this notation."""


def parse_deal(text: str) -> Deal:
    """The deal ``text`` writes, each holding sorted; blank lines and spaces are ignored.
    Raises ``DealNotationError`` naming the seat, suit or card at fault."""
    holdings: dict[Seat, list[Card]] = {}
    for line in filter(str.strip, text.splitlines()):
        found = _LINE.fullmatch(line.upper())
        if found is None:
            raise DealNotationError(f"{line.strip()!r} is not 'seat: clubs.diamonds.spades.hearts'"
                                    " (e.g. 'N: AKQ.T98.-.5432')")
        seat = _SEAT_OF_LETTER[found[1]]
        if seat in holdings:
            raise DealNotationError(f"seat {found[1]} is given twice")
        holdings[seat] = _holding(found[1], found[2])
    missing = [_letter(seat) for seat in Seat if seat not in holdings]
    if missing:
        raise DealNotationError(f"a deal has four seats: {' '.join(missing)} missing")
    return _checked([holdings[seat] for seat in Seat])


def format_deal(holdings: Sequence[Iterable[Card]]) -> str:
    """The canonical text of four holdings of any size, north first; else ``ValueError``."""
    if len(holdings) != 4:
        raise ValueError(f"four holdings, north to west, not {len(holdings)}")
    return "\n".join(f"{_letter(seat)}: {_suits(holding)}"
                     for seat, holding in zip(Seat, holdings, strict=True))


def _letter(seat: Seat) -> str:
    return seat.label[0].upper()


def _suits(holding: Iterable[Card]) -> str:
    cards = sort_cards(holding)[::-1]
    return ".".join("".join(str(card)[:-1] for card in cards if card.suit is suit) or "-"
                    for suit in SUITS_IN_ORDER)


def _holding(letter: str, suits: str) -> list[Card]:
    """One seat's cards from its ``clubs.diamonds.spades.hearts`` part."""
    parts = suits.split(".")
    if len(parts) != 4:
        raise DealNotationError(f"{letter}: {suits!r} is not four suits "
                                "clubs.diamonds.spades.hearts (a void is '-')")
    cards: list[Card] = []
    for suit, ranks in zip(SUITS_IN_ORDER, parts, strict=True):
        ranks = "" if ranks == "-" else ranks
        if not _RANKS.fullmatch(ranks):
            raise DealNotationError(f"{letter}'s {suit.name.lower()}: {ranks!r} is not ranks "
                                    "of 2-9, T (or 10), J, Q, K, A")
        cards += [parse_card(rank + suit.value) for rank in _RANK.findall(ranks)]
    return cards


def _checked(holdings: list[list[Card]]) -> Deal:
    """The four holdings as a sorted ``Deal``, once none shares a card and each is 13."""
    owner: dict[Card, Seat] = {}
    for seat, holding in zip(Seat, holdings, strict=True):
        for card in holding:
            if card in owner:
                raise DealNotationError(f"{_letter(seat)} holds {card} twice" if owner[card] is seat
                                        else f"{card} is in {_letter(owner[card])}'s holding "
                                        f"and in {_letter(seat)}'s")
            owner[card] = seat
    for seat, holding in zip(Seat, holdings, strict=True):
        if len(holding) != 13:
            raise DealNotationError(f"{_letter(seat)} holds {len(holding)} cards, not 13")
    north, east, south, west = (tuple(sort_cards(holding)) for holding in holdings)
    return (north, east, south, west)
