"""The deal notation: ``parse_deal`` and ``format_deal`` (games/engine/notation.py)."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DECK, DealNotationError, Seat, format_deal, parse_deal

from .helpers import D1, cards

N, E, S, W = Seat

# D1 of scenarios.md, written there as card codes (N: 2C 3C 4C 5C 6C 7C 8C 9C 10C 2D 3D 4D 5D ...).
D1_CARDS = {
    N: "2C 3C 4C 5C 6C 7C 8C 9C 10C 2D 3D 4D 5D",
    E: "6D 7D 8D 2S 3S QS 2H 3H 4H 5H 6H 7H 8H",
    S: "4S 5S 6S 7S 8S 9S 10S 9H 10H JH QH KH AH",
    W: "JC QC KC AC 9D 10D JD QD KD AD JS KS AS",
}
D1_CANONICAL = """\
N: T98765432.5432.-.-
E: -.876.Q32.8765432
S: -.-.T987654.AKQJT9
W: AKQJ.AKQJT9.AKJ.-"""


def test_the_fixture_d1_parses_to_the_cards_scenarios_md_lists_each_holding_sorted():
    deal = parse_deal(D1)
    assert deal == tuple(cards(D1_CARDS[seat]) for seat in Seat)
    assert format_deal(deal) == D1_CANONICAL


@pytest.mark.parametrize("text", [
    D1_CANONICAL,
    "\n  W: AKQJ.AKQJT9.AKJ.-\nE: -.876.Q32.8765432\n\n S : -.-.T987654.AKQJT9 \nN: T98765432.5432.-.-\n",
    "n: 23456789t.2345..\ne: .678.23q.2345678\ns: ..45678910.9tjqka\nw: jqka.9tjqka.jka.",
    "N:1098765432.5432.-.-\nE:-.876.Q32.8765432\nS:-.-.10987654.AKQJ109\nW:AKQJ.AKQJ109.AKJ.-",
], ids=["canonical", "seats_in_any_order_and_blank_lines", "lowercase_ascending_empty_voids",
        "ten_as_10_no_spaces"])
def test_format_deal_gives_the_canonical_text_of_any_spelling_of_a_deal(text):
    assert format_deal(parse_deal(text)) == D1_CANONICAL


@given(st.permutations(DECK))
def test_any_deal_survives_format_then_parse(pack):
    deal = tuple(tuple(sorted(pack[i * 13:(i + 1) * 13])) for i in range(4))
    assert parse_deal(format_deal(deal)) == deal


def test_format_deal_prints_a_position_in_play_and_refuses_other_than_four_holdings():
    assert format_deal([cards("AS 2C"), (), cards("10H 3H"), cards("KD")]) == (
        "N: 2.-.A.-\nE: -.-.-.-\nS: -.-.-.T3\nW: -.K.-.-")
    with pytest.raises(ValueError, match="four holdings"):
        format_deal([cards("AS")] * 3)


SWAPPED = D1_CANONICAL.replace("N: T98765432", "N: T9876543A")  # N names AC, which W holds


@pytest.mark.parametrize(("text", "message"), [
    (D1_CANONICAL.replace("E: ", "X: "), "'X: -.876.Q32.8765432' is not 'seat: clubs.diamonds"),
    (D1_CANONICAL.replace("E: ", "E "), "is not 'seat: clubs.diamonds.spades.hearts'"),
    (D1_CANONICAL.replace("E: -.876.Q32.", "E: -.876.Q32"), "E: '-.876.Q328765432' is not four suits"),
    (D1_CANONICAL.replace("W: ", "N: "), "seat N is given twice"),
    (D1_CANONICAL.split("\nS:")[0], "a deal has four seats: S W missing"),
    (D1_CANONICAL.replace(".Q32.", ".Q3X."), "E's spades: 'Q3X' is not ranks"),
    (D1_CANONICAL.replace(".5432.", ".5442."), "N holds 4D twice"),
    (SWAPPED, "AC is in N's holding and in W's"),
    (D1_CANONICAL.replace(".5432.", ".543."), "N holds 12 cards, not 13"),
    ("", "a deal has four seats: N E S W missing"),
], ids=["unknown_seat", "no_colon", "three_suits", "seat_twice", "seats_missing", "bad_rank",
        "card_twice_in_a_holding", "card_in_two_holdings", "twelve_cards", "empty"])
def test_parse_deal_refuses_what_is_not_a_whole_deal_saying_where(text, message):
    with pytest.raises(DealNotationError, match=re.escape(message)):
        parse_deal(text)
    assert issubclass(DealNotationError, ValueError)
