from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="HintOption")


@_attrs_define
class HintOption:
    """
    Attributes:
        card (str):  Example: QS.
        expected_points (float): the mean points of this hand you would take after it, over deals of the cards you
            cannot see played out
        moon_against (float): the share of those deals in which another seat shot the moon (or sun)
    """

    card: str
    expected_points: float
    moon_against: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        card = self.card

        expected_points = self.expected_points

        moon_against = self.moon_against

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "card": card,
                "expected_points": expected_points,
                "moon_against": moon_against,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = d.pop("card")

        expected_points = d.pop("expected_points")

        moon_against = d.pop("moon_against")

        hint_option = cls(
            card=card,
            expected_points=expected_points,
            moon_against=moon_against,
        )

        hint_option.additional_properties = d
        return hint_option

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
