from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.jack_of_diamonds_enum import JackOfDiamondsEnum, check_jack_of_diamonds_enum
from ..models.moon_scoring_enum import MoonScoringEnum, check_moon_scoring_enum
from ..models.pass_direction_enum import PassDirectionEnum, check_pass_direction_enum
from ..models.tie_policy_enum import TiePolicyEnum, check_tie_policy_enum
from ..types import UNSET, Unset

T = TypeVar("T", bound="RulesRequest")


@_attrs_define
class RulesRequest:
    """Any RuleSet fields; those left out take their defaults.

    Attributes:
        target_score (int | Unset): default 100
        pass_rotation (list[PassDirectionEnum] | Unset): default left, right, across, hold
        pass_count (int | Unset): default 3
        first_trick_points (bool | Unset): default false
        queen_breaks_hearts (bool | Unset): default false
        shoot_the_sun (bool | Unset): default false
        moon_scoring (MoonScoringEnum | Unset): * `add_to_others` - add_to_others
            * `subtract_from_shooter` - subtract_from_shooter
            * `shooters_choice` - shooters_choice
        jack_of_diamonds (JackOfDiamondsEnum | Unset): * `0` - 0
            * `-10` - -10
        tie_policy (TiePolicyEnum | Unset): * `play_on` - play_on
            * `share` - share
        max_tiebreak_hands (int | Unset): default 5
        max_hands (int | None | Unset): default null (no limit): the match ends after this many hands at the latest,
            whatever the totals (a tie is shared, no tiebreak hands)
    """

    target_score: int | Unset = UNSET
    pass_rotation: list[PassDirectionEnum] | Unset = UNSET
    pass_count: int | Unset = UNSET
    first_trick_points: bool | Unset = UNSET
    queen_breaks_hearts: bool | Unset = UNSET
    shoot_the_sun: bool | Unset = UNSET
    moon_scoring: MoonScoringEnum | Unset = UNSET
    jack_of_diamonds: JackOfDiamondsEnum | Unset = UNSET
    tie_policy: TiePolicyEnum | Unset = UNSET
    max_tiebreak_hands: int | Unset = UNSET
    max_hands: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        target_score = self.target_score

        pass_rotation: list[str] | Unset = UNSET
        if not isinstance(self.pass_rotation, Unset):
            pass_rotation = []
            for pass_rotation_item_data in self.pass_rotation:
                pass_rotation_item: str = pass_rotation_item_data
                pass_rotation.append(pass_rotation_item)

        pass_count = self.pass_count

        first_trick_points = self.first_trick_points

        queen_breaks_hearts = self.queen_breaks_hearts

        shoot_the_sun = self.shoot_the_sun

        moon_scoring: str | Unset = UNSET
        if not isinstance(self.moon_scoring, Unset):
            moon_scoring = self.moon_scoring

        jack_of_diamonds: int | Unset = UNSET
        if not isinstance(self.jack_of_diamonds, Unset):
            jack_of_diamonds = self.jack_of_diamonds

        tie_policy: str | Unset = UNSET
        if not isinstance(self.tie_policy, Unset):
            tie_policy = self.tie_policy

        max_tiebreak_hands = self.max_tiebreak_hands

        max_hands: int | None | Unset
        if isinstance(self.max_hands, Unset):
            max_hands = UNSET
        else:
            max_hands = self.max_hands

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if target_score is not UNSET:
            field_dict["target_score"] = target_score
        if pass_rotation is not UNSET:
            field_dict["pass_rotation"] = pass_rotation
        if pass_count is not UNSET:
            field_dict["pass_count"] = pass_count
        if first_trick_points is not UNSET:
            field_dict["first_trick_points"] = first_trick_points
        if queen_breaks_hearts is not UNSET:
            field_dict["queen_breaks_hearts"] = queen_breaks_hearts
        if shoot_the_sun is not UNSET:
            field_dict["shoot_the_sun"] = shoot_the_sun
        if moon_scoring is not UNSET:
            field_dict["moon_scoring"] = moon_scoring
        if jack_of_diamonds is not UNSET:
            field_dict["jack_of_diamonds"] = jack_of_diamonds
        if tie_policy is not UNSET:
            field_dict["tie_policy"] = tie_policy
        if max_tiebreak_hands is not UNSET:
            field_dict["max_tiebreak_hands"] = max_tiebreak_hands
        if max_hands is not UNSET:
            field_dict["max_hands"] = max_hands

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        target_score = d.pop("target_score", UNSET)

        _pass_rotation = d.pop("pass_rotation", UNSET)
        pass_rotation: list[PassDirectionEnum] | Unset = UNSET
        if _pass_rotation is not UNSET:
            pass_rotation = []
            for pass_rotation_item_data in _pass_rotation:
                pass_rotation_item = check_pass_direction_enum(pass_rotation_item_data)

                pass_rotation.append(pass_rotation_item)

        pass_count = d.pop("pass_count", UNSET)

        first_trick_points = d.pop("first_trick_points", UNSET)

        queen_breaks_hearts = d.pop("queen_breaks_hearts", UNSET)

        shoot_the_sun = d.pop("shoot_the_sun", UNSET)

        _moon_scoring = d.pop("moon_scoring", UNSET)
        moon_scoring: MoonScoringEnum | Unset
        if isinstance(_moon_scoring, Unset):
            moon_scoring = UNSET
        else:
            moon_scoring = check_moon_scoring_enum(_moon_scoring)

        _jack_of_diamonds = d.pop("jack_of_diamonds", UNSET)
        jack_of_diamonds: JackOfDiamondsEnum | Unset
        if isinstance(_jack_of_diamonds, Unset):
            jack_of_diamonds = UNSET
        else:
            jack_of_diamonds = check_jack_of_diamonds_enum(_jack_of_diamonds)

        _tie_policy = d.pop("tie_policy", UNSET)
        tie_policy: TiePolicyEnum | Unset
        if isinstance(_tie_policy, Unset):
            tie_policy = UNSET
        else:
            tie_policy = check_tie_policy_enum(_tie_policy)

        max_tiebreak_hands = d.pop("max_tiebreak_hands", UNSET)

        def _parse_max_hands(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_hands = _parse_max_hands(d.pop("max_hands", UNSET))

        rules_request = cls(
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

        return rules_request
