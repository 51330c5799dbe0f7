from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.play_rule_enum import PlayRuleEnum, check_play_rule_enum

T = TypeVar("T", bound="PlayRefusal")


@_attrs_define
class PlayRefusal:
    """
    Attributes:
        code (PlayRuleEnum): * `must_lead_two_of_clubs` - must_lead_two_of_clubs
            * `must_follow_suit` - must_follow_suit
            * `no_points_on_first_trick` - no_points_on_first_trick
            * `hearts_not_broken` - hearts_not_broken
        detail (str):
    """

    code: PlayRuleEnum
    detail: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code: str = self.code

        detail = self.detail

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "detail": detail,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = check_play_rule_enum(d.pop("code"))

        detail = d.pop("detail")

        play_refusal = cls(
            code=code,
            detail=detail,
        )

        play_refusal.additional_properties = d
        return play_refusal

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
