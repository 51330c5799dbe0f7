from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_enum import SeatEnum, check_seat_enum

T = TypeVar("T", bound="ArenaSeatResult")


@_attrs_define
class ArenaSeatResult:
    """
    Attributes:
        seat (SeatEnum): * `north` - north
            * `east` - east
            * `south` - south
            * `west` - west
        advantage (float): points per hand the field took more than the bot in this seat
        points (float): the bot's mean points per hand in this seat
        field_points (float): the field's mean points per hand in this seat, at its own table
    """

    seat: SeatEnum
    advantage: float
    points: float
    field_points: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat: str = self.seat

        advantage = self.advantage

        points = self.points

        field_points = self.field_points

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "advantage": advantage,
                "points": points,
                "field_points": field_points,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = check_seat_enum(d.pop("seat"))

        advantage = d.pop("advantage")

        points = d.pop("points")

        field_points = d.pop("field_points")

        arena_seat_result = cls(
            seat=seat,
            advantage=advantage,
            points=points,
            field_points=field_points,
        )

        arena_seat_result.additional_properties = d
        return arena_seat_result

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
