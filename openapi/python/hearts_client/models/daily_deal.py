from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="DailyDeal")


@_attrs_define
class DailyDeal:
    """One deal of a daily challenge, before passing: each seat's 13 cards, sorted.

    Attributes:
        north (list[str]):
        east (list[str]):
        south (list[str]):
        west (list[str]):
    """

    north: list[str]
    east: list[str]
    south: list[str]
    west: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        north = self.north

        east = self.east

        south = self.south

        west = self.west

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "north": north,
                "east": east,
                "south": south,
                "west": west,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        north = cast(list[str], d.pop("north"))

        east = cast(list[str], d.pop("east"))

        south = cast(list[str], d.pop("south"))

        west = cast(list[str], d.pop("west"))

        daily_deal = cls(
            north=north,
            east=east,
            south=south,
            west=west,
        )

        daily_deal.additional_properties = d
        return daily_deal

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
