from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.jack_of_diamonds_enum import JackOfDiamondsEnum, check_jack_of_diamonds_enum
from ..models.moon_scoring_enum import MoonScoringEnum, check_moon_scoring_enum
from ..models.pass_direction_enum import PassDirectionEnum, check_pass_direction_enum
from ..models.tie_policy_enum import TiePolicyEnum, check_tie_policy_enum

T = TypeVar("T", bound="RuleSet")


@_attrs_define
class RuleSet:
    """The rules of a match: every variant, each field's default in its description.

    Attributes:
        target_score (int): default 100
        pass_rotation (list[PassDirectionEnum]): default left, right, across, hold
        pass_count (int): default 3
        first_trick_points (bool): default false
        queen_breaks_hearts (bool): default false
        shoot_the_sun (bool): default false
        moon_scoring (MoonScoringEnum): * `add_to_others` - add_to_others
            * `subtract_from_shooter` - subtract_from_shooter
            * `shooters_choice` - shooters_choice
        jack_of_diamonds (JackOfDiamondsEnum): * `0` - 0
            * `-10` - -10
        tie_policy (TiePolicyEnum): * `play_on` - play_on
            * `share` - share
        max_tiebreak_hands (int): default 5
        max_hands (int | None): default null (no limit): the match ends after this many hands at the latest, whatever
            the totals (a tie is shared, no tiebreak hands)
    """

    target_score: int
    pass_rotation: list[PassDirectionEnum]
    pass_count: int
    first_trick_points: bool
    queen_breaks_hearts: bool
    shoot_the_sun: bool
    moon_scoring: MoonScoringEnum
    jack_of_diamonds: JackOfDiamondsEnum
    tie_policy: TiePolicyEnum
    max_tiebreak_hands: int
    max_hands: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        target_score = self.target_score

        pass_rotation = []
        for pass_rotation_item_data in self.pass_rotation:
            pass_rotation_item: str = pass_rotation_item_data
            pass_rotation.append(pass_rotation_item)

        pass_count = self.pass_count

        first_trick_points = self.first_trick_points

        queen_breaks_hearts = self.queen_breaks_hearts

        shoot_the_sun = self.shoot_the_sun

        moon_scoring: str = self.moon_scoring

        jack_of_diamonds: int = self.jack_of_diamonds

        tie_policy: str = self.tie_policy

        max_tiebreak_hands = self.max_tiebreak_hands

        max_hands: int | None
        max_hands = self.max_hands

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "target_score": target_score,
                "pass_rotation": pass_rotation,
                "pass_count": pass_count,
                "first_trick_points": first_trick_points,
                "queen_breaks_hearts": queen_breaks_hearts,
                "shoot_the_sun": shoot_the_sun,
                "moon_scoring": moon_scoring,
                "jack_of_diamonds": jack_of_diamonds,
                "tie_policy": tie_policy,
                "max_tiebreak_hands": max_tiebreak_hands,
                "max_hands": max_hands,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        target_score = d.pop("target_score")

        pass_rotation = []
        _pass_rotation = d.pop("pass_rotation")
        for pass_rotation_item_data in _pass_rotation:
            pass_rotation_item = check_pass_direction_enum(pass_rotation_item_data)

            pass_rotation.append(pass_rotation_item)

        pass_count = d.pop("pass_count")

        first_trick_points = d.pop("first_trick_points")

        queen_breaks_hearts = d.pop("queen_breaks_hearts")

        shoot_the_sun = d.pop("shoot_the_sun")

        moon_scoring = check_moon_scoring_enum(d.pop("moon_scoring"))

        jack_of_diamonds = check_jack_of_diamonds_enum(d.pop("jack_of_diamonds"))

        tie_policy = check_tie_policy_enum(d.pop("tie_policy"))

        max_tiebreak_hands = d.pop("max_tiebreak_hands")

        def _parse_max_hands(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_hands = _parse_max_hands(d.pop("max_hands"))

        rule_set = cls(
            target_score=target_score,
            pass_rotation=pass_rotation,
            pass_count=pass_count,
            first_trick_points=first_trick_points,
            queen_breaks_hearts=queen_breaks_hearts,
            shoot_the_sun=shoot_the_sun,
            moon_scoring=moon_scoring,
            jack_of_diamonds=jack_of_diamonds,
            tie_policy=tie_policy,
            max_tiebreak_hands=max_tiebreak_hands,
            max_hands=max_hands,
        )

        rule_set.additional_properties = d
        return rule_set

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
