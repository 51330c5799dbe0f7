"""Every rule of play and scoring of docs/rules.md, once, on 52-bit card sets (bit
``card.index``; seats are ints 0..3).

>>> legal, rule = legal_play(TWO_OF_CLUBS_BIT | QUEEN_OF_SPADES_BIT | HEARTS, 0, False, False, False)
>>> cards_of(legal), rule
([Card('2C'), Card('QS')], 'hearts_not_broken')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from .cards import DECK, JACK_OF_DIAMONDS, QUEEN_OF_SPADES, SUIT_ORDER, TWO_OF_CLUBS, Card, Seat, Suit
from .variants import HAND_CAP, MoonScoring, PassDirection, RuleSet, TiePolicy

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



MUST_LEAD_TWO_OF_CLUBS = "must_lead_two_of_clubs"
HEARTS_NOT_BROKEN = "hearts_not_broken"
MUST_FOLLOW_SUIT = "must_follow_suit"
NO_POINTS_ON_FIRST_TRICK = "no_points_on_first_trick"
PLAY_RULES = (MUST_LEAD_TWO_OF_CLUBS, MUST_FOLLOW_SUIT, NO_POINTS_ON_FIRST_TRICK, HEARTS_NOT_BROKEN)
"""The codes of the rules ``legal_play`` can name."""


def legal_play(
    holding: int, led_suit_mask: int, is_first_trick: bool, hearts_broken: bool,
    first_trick_points: bool,
) -> tuple[int, str | None]:
    """``(legal, rule)``: the cards of ``holding`` playable now, and the rule code a card
    outside ``legal`` breaks (None if all are legal); ``led_suit_mask`` is 0 for a lead.

    docs/rules.md, "A hand", 3-6: lead 2C first; follow suit when able; on the first trick
    no heart nor QS unless nothing else (unless ``first_trick_points``); lead hearts only
    once broken or from a hearts-only holding."""
    if not led_suit_mask:
        if is_first_trick:
            return holding & TWO_OF_CLUBS_BIT, MUST_LEAD_TWO_OF_CLUBS
        if hearts_broken:
            return holding, None
        return holding & ~HEARTS or holding, HEARTS_NOT_BROKEN
    following = holding & led_suit_mask
    if following:
        return following, MUST_FOLLOW_SUIT
    if is_first_trick and not first_trick_points:
        return holding & ~PENALTY_CARDS or holding, NO_POINTS_ON_FIRST_TRICK
    return holding, None


def takes_lead(bit: int, winning_bit: int, led_suit_mask: int) -> bool:
    """Whether ``bit`` beats ``winning_bit`` on a trick led in ``led_suit_mask``
    (docs/rules.md, rule 7: the highest card of the suit led wins)."""
    return bit & led_suit_mask != 0 and bit > winning_bit


def winning_position(plays: Sequence[int]) -> int:
    """The position (0: the leader's) of the card winning ``plays`` (one-card masks) so far."""
    led = suit_mask_of(plays[0])
    best = 0
    for position in range(1, len(plays)):
        if takes_lead(plays[position], plays[best], led):
            best = position
    return best


def breaks_hearts(bit: int, queen_breaks_hearts: bool) -> bool:
    """Whether ``bit`` breaks hearts: any heart, and QS under ``queen_breaks_hearts`` (rules.md, 6)."""
    return bit & HEARTS != 0 or (queen_breaks_hearts and bit == QUEEN_OF_SPADES_BIT)


def first_leader(holdings: Sequence[int]) -> int:
    """The holder of 2C after the pass, who leads the first trick (docs/rules.md, "First lead")."""
    return next(seat for seat in range(4) if holdings[seat] & TWO_OF_CLUBS_BIT)



_PASS_STEPS = {PassDirection.LEFT: 1, PassDirection.ACROSS: 2, PassDirection.RIGHT: 3}


def pass_direction(rules: RuleSet, hand_number: int) -> PassDirection:
    """Direction of hand ``hand_number`` (1-based): ``rotation[(n-1) % len(rotation)]``."""
    return rules.pass_rotation[(hand_number - 1) % len(rules.pass_rotation)]


def pass_target(seat: int, direction: PassDirection) -> int:
    """The seat that receives ``seat``'s pass. Raises ``ValueError`` on a hold hand."""
    if direction is PassDirection.HOLD:
        raise ValueError("nobody passes on a hold hand")
    return (seat + _PASS_STEPS[direction]) % 4


def pass_source(seat: int, direction: PassDirection) -> int:
    """The seat whose pass ``seat`` receives. Raises ``ValueError`` on a hold hand."""
    if direction is PassDirection.HOLD:
        raise ValueError("nobody passes on a hold hand")
    return (seat - _PASS_STEPS[direction]) % 4


def exchange(holdings: Sequence[int], passes: Sequence[int], direction: PassDirection) -> list[int]:
    """The holdings after each seat passes ``passes[seat]`` in ``direction``, all at once ("Pass")."""
    after = [holding & ~given for holding, given in zip(holdings, passes, strict=True)]
    for seat in range(4):
        after[pass_target(seat, direction)] |= passes[seat]
    return after




def penalty_points_of(mask: int) -> int:
    """Penalty points in ``mask``: 1 per heart, 13 for QS (docs/rules.md, "Scoring")."""
    return (mask & HEARTS).bit_count() + (13 if mask & QUEEN_OF_SPADES_BIT else 0)


def moon_shooter(taken: Sequence[int]) -> int | None:
    """The seat whose ``taken`` cards hold all 13 hearts and QS, if any."""
    for seat in range(4):
        if taken[seat] & PENALTY_CARDS == PENALTY_CARDS:
            return seat
    return None


@dataclass(frozen=True, slots=True)
class HandScore:
    """One hand's score: ``points`` by seat (index = seat), and who shot the moon or sun."""

    points: tuple[int, int, int, int]
    moon_shooter: Seat | None
    is_sun: bool


def score_hand(
    taken: Sequence[int],
    tricks_won: Sequence[int],
    totals: Sequence[int],
    rules: RuleSet,
    *,
    hand_number: int,
    end_started_after: int | None,
) -> HandScore:
    """Score a hand from the cards (``taken``) and tricks each seat took (docs/rules.md, "Scoring"):
    a sun is 13 tricks (52), a moon all hearts and QS (26), added to the others or, per
    ``moon_scoring``, taken off the shooter; ``shooters_choice`` subtracts only when adding
    would end the match (``totals`` before the hand) with the shooter not alone lowest."""
    jack = rules.jack_of_diamonds
    bonus = [jack if cards & JACK_OF_DIAMONDS_BIT else 0 for cards in taken]
    is_sun = rules.shoot_the_sun and 13 in tricks_won
    shooter = list(tricks_won).index(13) if is_sun else moon_shooter(taken)
    if shooter is None:
        points = [penalty_points_of(cards) for cards in taken]
    else:
        amount = 52 if is_sun else 26
        added = [0 if seat == shooter else amount for seat in range(4)]
        subtract = rules.moon_scoring is MoonScoring.SUBTRACT_FROM_SHOOTER
        if rules.moon_scoring is MoonScoring.SHOOTERS_CHOICE:
            after = [total + add + j for total, add, j in zip(totals, added, bonus, strict=True)]
            alone_lowest = all(after[shooter] < after[s] for s in range(4) if s != shooter)
            subtract = not alone_lowest and match_ends(
                after, rules, hand_number=hand_number,
                end_started_after=end_started_after) is not None
        points = [-amount if seat == shooter else 0 for seat in range(4)] if subtract else added
    a, b, c, d = (p + j for p, j in zip(points, bonus, strict=True))
    return HandScore((a, b, c, d), None if shooter is None else Seat(shooter), is_sun)




def end_begins(totals: Sequence[int], rules: RuleSet) -> bool:
    """Whether ``totals`` reach the target, so the end begins (docs/rules.md, "End of the match")."""
    return max(totals) >= rules.target_score


class EndedBy(Enum):
    """Why a match ended (``match_ends``)."""

    TARGET_SCORE = "target_score"
    MAX_HANDS = "max_hands"
    HAND_CAP = "hand_cap"
    LESSON = "lesson"  # a lesson's match, ended after the learner's decision (``EndLesson``)


def match_ends(
    totals: Sequence[int], rules: RuleSet, *, hand_number: int, end_started_after: int | None
) -> EndedBy | None:
    """Why the match ends after hand ``hand_number``, or None (docs/rules.md, "End of the
    match"): the target, once one seat is alone lowest, ties are shared or the tiebreak hands
    since ``end_started_after`` are spent; else ``max_hands``; else ``HAND_CAP``."""
    started = end_started_after
    if started is None and end_begins(totals, rules):
        started = hand_number
    if started is not None and (list(totals).count(min(totals)) == 1
                                or rules.tie_policy is TiePolicy.SHARE
                                or hand_number - started >= rules.max_tiebreak_hands):
        return EndedBy.TARGET_SCORE
    if rules.max_hands is not None and hand_number >= rules.max_hands:
        return EndedBy.MAX_HANDS
    if hand_number >= HAND_CAP:
        return EndedBy.HAND_CAP
    return None


def standings(totals: Sequence[int]) -> list[tuple[int, int, int]]:
    """``(seat, total, place)`` for every seat, lowest total first; tied seats share a place."""
    ordered = sorted(range(4), key=lambda seat: (totals[seat], seat))
    return [(seat, totals[seat], 1 + sum(1 for t in totals if t < totals[seat])) for seat in ordered]
