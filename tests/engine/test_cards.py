"""Card codes and sort order (docs/rules.md, "Cards and seats")."""

import pytest

from games.engine import DECK, Card, CardSyntaxError, Rank, Seat, Suit, parse_card, sort_cards
from games.engine.cards import format_cards

from .helpers import cards


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("2C", Rank.TWO, Suit.CLUBS),
        ("TH", Rank.TEN, Suit.HEARTS),
        ("10H", Rank.TEN, Suit.HEARTS),
        ("10c", Rank.TEN, Suit.CLUBS),
        ("th", Rank.TEN, Suit.HEARTS),
        ("qs", Rank.QUEEN, Suit.SPADES),
        ("Q♠", Rank.QUEEN, Suit.SPADES),
        ("q♠", Rank.QUEEN, Suit.SPADES),
        ("10♥", Rank.TEN, Suit.HEARTS),
        ("A♦", Rank.ACE, Suit.DIAMONDS),
        ("J♣", Rank.JACK, Suit.CLUBS),
        ("k♡", Rank.KING, Suit.HEARTS),
    ],
)
def test_parse_card_accepts_canonical_ten_symbol_and_lowercase_forms(text, rank, suit):
    card = parse_card(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert card is Card(rank, suit)


@pytest.mark.parametrize("text", ["10H", "th", "10♥", "T♥"])
def test_card_formats_as_canonical_code_whatever_the_input(text):
    assert str(parse_card(text)) == "TH"


@pytest.mark.parametrize(
    "text", ["", "1H", "11H", "0H", "ZS", "QX", "Q", "S", "QSS", "10", "1 0H", "♠Q", "QS♠", None, 12,
             # Exactly CARD_CODE_PATTERN: nothing around the code, no Unicode case folding.
             " KD ", "KD\n", "Qſ", "QＳ"]
)
def test_parse_card_rejects_junk_with_card_syntax_error(text):
    with pytest.raises(CardSyntaxError) as refusal:
        parse_card(text)
    assert refusal.value.code == "unknown_card"


def test_card_syntax_error_is_a_value_error_not_a_rule_refusal():
    assert issubclass(CardSyntaxError, ValueError)


def test_deck_has_52_distinct_canonical_codes():
    assert len({str(card) for card in DECK}) == 52
    assert all(parse_card(str(card)) is card for card in DECK)


def test_sort_order_is_clubs_diamonds_spades_hearts_then_rank():
    shuffled = cards("AH 2S KD 3C QS 2H TD 2C AS AC 2D KH")
    assert format_cards(sort_cards(shuffled)) == [
        "2C", "3C", "AC", "2D", "TD", "KD", "2S", "QS", "AS", "2H", "KH", "AH"
    ]


def test_deck_is_in_canonical_sort_order():
    assert [str(card) for card in DECK[:2]] == ["2C", "3C"]
    assert [str(card) for card in DECK[12:14]] == ["AC", "2D"]
    assert [str(card) for card in DECK[25:27]] == ["AD", "2S"]
    assert [str(card) for card in DECK[38:40]] == ["AS", "2H"]
    assert str(DECK[51]) == "AH"


def test_seats_are_clockwise_north_east_south_west():
    assert [seat.label for seat in Seat] == ["north", "east", "south", "west"]
    assert [Seat.NORTH.next(i) for i in range(5)] == [
        Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH
    ]
    assert Seat.from_label("west") is Seat.WEST
