from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ScoresBySeat")


@_attrs_define
class ScoresBySeat:
    """
    Attributes:
        north (int):
        east (int):
        south (int):
        west (int):
    """

    north: int
    east: int
    south: int
    west: int
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
        north = d.pop("north")

        east = d.pop("east")

        south = d.pop("south")

        west = d.pop("west")

        scores_by_seat = cls(
            north=north,
            east=east,
            south=south,
            west=west,
        )

        scores_by_seat.additional_properties = d
        return scores_by_seat

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
