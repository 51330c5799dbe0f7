"""The rules of docs/rules.md as pure functions: variants, passing, legal plays, tricks, scoring."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from .cards import JACK_OF_DIAMONDS, QUEEN_OF_SPADES, Card, Seat, Suit
from .masks import SUIT_MASKS, legal_mask, mask_of


class PassDirection(Enum):
    """Where a hand's passed cards go (docs/rules.md, "A hand", step 2)."""

    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    HOLD = "hold"


# Seats clockwise from the passer to the receiver: left s+1, across s+2, right s+3.
_PASS_STEPS = {PassDirection.LEFT: 1, PassDirection.ACROSS: 2, PassDirection.RIGHT: 3}


class MoonScoring(Enum):
    """How a moon (or sun) is scored: see ``score_hand``."""

    ADD_TO_OTHERS = "add_to_others"
    SUBTRACT_FROM_SHOOTER = "subtract_from_shooter"
    SHOOTERS_CHOICE = "shooters_choice"


class TiePolicy(Enum):
    """What a tie for the lowest total does at the end: see ``match_ends``."""

    PLAY_ON = "play_on"
    SHARE = "share"


class RuleSetError(ValueError):
    """Invalid RuleSet fields: ``errors`` maps each field to a message."""

    def __init__(self, errors: dict[str, str]) -> None:
        super().__init__("; ".join(f"{field}: {message}" for field, message in errors.items()))
        self.errors = errors


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The variants of one match (docs/rules.md, "Variants"); the defaults are the standard game."""

    target_score: int = 100
    pass_rotation: tuple[PassDirection, ...] = (
        PassDirection.LEFT,
        PassDirection.RIGHT,
        PassDirection.ACROSS,
        PassDirection.HOLD,
    )
    pass_count: int = 3
    first_trick_points: bool = False
    queen_breaks_hearts: bool = False
    shoot_the_sun: bool = False
    moon_scoring: MoonScoring = MoonScoring.ADD_TO_OTHERS
    jack_of_diamonds: int = 0
    tie_policy: TiePolicy = TiePolicy.PLAY_ON
    max_tiebreak_hands: int = 5

    def to_json(self) -> dict[str, Any]:
        """The RuleSet as a JSON object with every field (enums as their strings)."""
        return {
            "target_score": self.target_score,
            "pass_rotation": [direction.value for direction in self.pass_rotation],
            "pass_count": self.pass_count,
            "first_trick_points": self.first_trick_points,
            "queen_breaks_hearts": self.queen_breaks_hearts,
            "shoot_the_sun": self.shoot_the_sun,
            "moon_scoring": self.moon_scoring.value,
            "jack_of_diamonds": self.jack_of_diamonds,
            "tie_policy": self.tie_policy.value,
            "max_tiebreak_hands": self.max_tiebreak_hands,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> RuleSet:
        """Build a RuleSet from any subset of its fields; the rest take their defaults.

        Raises ``RuleSetError`` naming every unknown field and every bad value.
        """
        data = dict(data or {})
        errors: dict[str, str] = {}
        known = {field.name for field in dataclasses.fields(cls)}
        for name in data.keys() - known:
            errors[name] = "unknown rule"
        values: dict[str, Any] = {}

        def integer(name: str, allowed: range | tuple[int, ...], wording: str) -> None:
            if name in data:
                value = data[name]
                if type(value) is not int or value not in allowed:
                    errors[name] = wording
                else:
                    values[name] = value

        def boolean(name: str) -> None:
            if name in data:
                if type(data[name]) is not bool:
                    errors[name] = "must be true or false"
                else:
                    values[name] = data[name]

        def choice(name: str, enum: type[Enum]) -> None:
            if name in data:
                try:
                    values[name] = enum(data[name])
                except (ValueError, TypeError):
                    errors[name] = f"must be one of {[member.value for member in enum]}"

        integer("target_score", range(1, 2**31), "must be an integer >= 1")
        integer("pass_count", range(1, 5), "must be an integer from 1 to 4")
        integer("jack_of_diamonds", (0, -10), "must be 0 or -10")
        integer("max_tiebreak_hands", range(0, 11), "must be an integer from 0 to 10")
        for name in ("first_trick_points", "queen_breaks_hearts", "shoot_the_sun"):
            boolean(name)
        choice("moon_scoring", MoonScoring)
        choice("tie_policy", TiePolicy)
        if "pass_rotation" in data:
            rotation = data["pass_rotation"]
            try:
                if not isinstance(rotation, list) or not rotation:
                    raise ValueError
                values["pass_rotation"] = tuple(PassDirection(item) for item in rotation)
            except (ValueError, TypeError):
                errors["pass_rotation"] = (
                    "must be a non-empty list of 'left', 'right', 'across', 'hold'"
                )
        if errors:
            raise RuleSetError(errors)
        return cls(**values)


def pass_direction(rules: RuleSet, hand_number: int) -> PassDirection:
    """Direction of hand ``hand_number`` (1-based): ``rotation[(n-1) % len(rotation)]``."""
    return rules.pass_rotation[(hand_number - 1) % len(rules.pass_rotation)]


def pass_target(seat: Seat, direction: PassDirection) -> Seat:
    """The seat that receives ``seat``'s pass. Raises ``ValueError`` on a hold hand."""
    if direction is PassDirection.HOLD:
        raise ValueError("nobody passes on a hold hand")
    return seat.next(_PASS_STEPS[direction])


def legal_plays(
    holding: Iterable[Card],
    led_suit: Suit | None,
    *,
    is_first_trick: bool,
    hearts_broken: bool,
    rules: RuleSet,
) -> list[Card]:
    """The cards of ``holding`` that may be played now, in the holding's order.

    ``led_suit`` is None when the seat leads. Implements docs/rules.md, "A hand",
    steps 3 to 6: the first lead is 2C; follow suit when able; no hearts and
    no QS on the first trick unless the holding is nothing else (variant
    ``first_trick_points`` lifts that); hearts are led only once broken or
    from a hearts-only holding.
    """
    cards = list(holding)
    legal = legal_mask(mask_of(cards), 0 if led_suit is None else SUIT_MASKS[led_suit],
                       is_first_trick=is_first_trick, hearts_broken=hearts_broken,
                       first_trick_points=rules.first_trick_points)
    return [card for card in cards if legal >> card.index & 1]


def trick_winner(leader: Seat, cards: Sequence[Card]) -> Seat:
    """The seat whose card wins a complete trick led by ``leader`` (docs/rules.md, rule 7).

    ``cards`` are the four cards in play order, the leader's first.
    """
    led_suit = cards[0].suit
    best = max(
        (position for position, card in enumerate(cards) if card.suit is led_suit),
        key=lambda position: cards[position].rank,
    )
    return leader.next(best)


def penalty_points(cards: Iterable[Card]) -> int:
    """Penalty points in ``cards``: 1 per heart, 13 for QS (JD's variant is scored per hand)."""
    return sum(1 if card.is_heart else 13 if card.is_queen_of_spades else 0 for card in cards)


@dataclass(frozen=True, slots=True)
class HandScore:
    """One hand's score: ``points`` by seat (index = seat), and who shot the moon or sun."""

    points: tuple[int, int, int, int]
    moon_shooter: Seat | None
    is_sun: bool


def score_hand(
    taken: Sequence[Sequence[Card]],
    tricks_won: Sequence[int],
    totals: Sequence[int],
    rules: RuleSet,
    *,
    hand_number: int,
    end_started_after: int | None,
) -> HandScore:
    """Score hand ``hand_number`` (docs/rules.md, "Scoring", and the moon, sun and JD variants).

    ``taken[s]`` are the cards seat ``s`` took, ``tricks_won[s]`` its tricks,
    ``totals`` the match totals before this hand. A moon is found by the cards
    taken (all 13 hearts and QS), never by a points total. ``end_started_after``
    (see ``match_ends``) lets ``shooters_choice`` tell whether adding to the
    others would end the match.
    """
    points = [penalty_points(cards) for cards in taken]
    jack = [rules.jack_of_diamonds if JACK_OF_DIAMONDS in cards else 0 for cards in taken]
    shooter: Seat | None = None
    is_sun = False
    if rules.shoot_the_sun and 13 in tricks_won:
        shooter, is_sun = Seat(tricks_won.index(13)), True
    else:
        for seat, cards in zip(Seat, taken, strict=True):
            if sum(1 for card in cards if card.is_heart) == 13 and QUEEN_OF_SPADES in cards:
                shooter = seat
    if shooter is not None:
        amount = 52 if is_sun else 26
        added = [0 if seat == shooter else amount for seat in Seat]
        subtract = rules.moon_scoring is MoonScoring.SUBTRACT_FROM_SHOOTER
        if rules.moon_scoring is MoonScoring.SHOOTERS_CHOICE:
            # Judged on the totals the hand would really leave, JD included.
            after = [total + add + j for total, add, j in zip(totals, added, jack, strict=True)]
            alone_lowest = all(after[shooter] < after[s] for s in Seat if s != shooter)
            subtract = not alone_lowest and match_ends(
                after, rules, hand_number=hand_number, end_started_after=end_started_after)
        points = [-amount if seat == shooter else 0 for seat in Seat] if subtract else added
    points = [p + j for p, j in zip(points, jack, strict=True)]
    return HandScore((points[0], points[1], points[2], points[3]), shooter, is_sun)


def match_ends(
    totals: Sequence[int], rules: RuleSet, *, hand_number: int, end_started_after: int | None
) -> bool:
    """Whether the match ends with ``totals`` after hand ``hand_number`` (docs/rules.md, "End
    of the match"). ``end_started_after`` is the hand after which some total first reached the
    target, if that happened before this hand: extra tiebreak hands count from it.
    """
    started = end_started_after
    if started is None:
        if max(totals) < rules.target_score:
            return False
        started = hand_number
    alone_lowest = list(totals).count(min(totals)) == 1
    return (alone_lowest or rules.tie_policy is TiePolicy.SHARE
            or hand_number - started >= rules.max_tiebreak_hands)


def standings(totals: Sequence[int]) -> list[tuple[Seat, int, int]]:
    """``(seat, total, place)`` for every seat, lowest total first; tied seats share a place."""
    ordered = sorted(Seat, key=lambda seat: (totals[seat], seat))
    return [(seat, totals[seat], 1 + sum(1 for t in totals if t < totals[seat])) for seat in ordered]
