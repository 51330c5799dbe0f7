"""The variants of a match: ``RuleSet`` and its choices (docs/rules.md, "Variants").

Plain data with its JSON form and validation; the rules themselves are in ``kernel``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

MAX_HANDS = 100
"""The most a ``RuleSet.max_hands`` may say."""
BOUNDS: Mapping[str, tuple[int, int]] = {
    "target_score": (1, 2**31 - 1),
    "pass_count": (1, 4),
    "max_tiebreak_hands": (0, 10),
    "max_hands": (1, MAX_HANDS),
}
"""``(least, most)`` each integer rule of a ``RuleSet`` may be, inclusive."""
JACK_OF_DIAMONDS_CHOICES = (0, -10)
"""The values ``RuleSet.jack_of_diamonds`` may take: points for taking the jack."""
HAND_CAP = 200
"""Every match ends after this hand at the latest, whatever its rules and totals
(``kernel.match_ends``): a bound of the service, not a variant, so it holds for matches
created before it too (one already past it ends with the next hand scored)."""


class PassDirection(Enum):
    """Where a hand's passed cards go (docs/rules.md, "A hand", step 2)."""

    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    HOLD = "hold"


class MoonScoring(Enum):
    """How a moon (or sun) is scored: see ``kernel.score_hand``."""

    ADD_TO_OTHERS = "add_to_others"
    SUBTRACT_FROM_SHOOTER = "subtract_from_shooter"
    SHOOTERS_CHOICE = "shooters_choice"


class TiePolicy(Enum):
    """What a tie for the lowest total does at the end: see ``kernel.match_ends``."""

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
    max_hands: int | None = None
    """When set (1 to ``MAX_HANDS``), the match ends after this many hands at the latest,
    whatever the totals: a tie is shared, no tiebreak hands (``kernel.match_ends``)."""

    def to_json(self) -> dict[str, Any]:
        """The stored form (log and snapshot): every field, enums as their strings, and
        ``max_hands`` only when set, so rules written before it existed write back byte for
        byte (``from_json`` reads a missing field as its default)."""
        data = {
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
            "max_hands": self.max_hands,
        }
        if self.max_hands is None:
            del data["max_hands"]
        return data

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

        def bounded(name: str, wording: str) -> None:
            least, most = BOUNDS[name]
            integer(name, range(least, most + 1), wording.format(least=least, most=most))

        bounded("target_score", "must be an integer >= {least}")
        bounded("pass_count", "must be an integer from {least} to {most}")
        integer("jack_of_diamonds", JACK_OF_DIAMONDS_CHOICES,
                f"must be {' or '.join(map(str, JACK_OF_DIAMONDS_CHOICES))}")
        bounded("max_tiebreak_hands", "must be an integer from {least} to {most}")
        if data.get("max_hands") is not None:  # null or left out: no limit
            bounded("max_hands", "must be null or an integer from {least} to {most}")
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
