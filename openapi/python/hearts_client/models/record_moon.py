from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_enum import SeatEnum, check_seat_enum

T = TypeVar("T", bound="RecordMoon")


@_attrs_define
class RecordMoon:
    """
    Attributes:
        hand (int):
        seat (SeatEnum): * `north` - north
            * `east` - east
            * `south` - south
            * `west` - west
        sun (bool): true: the shooter took every trick (shoot_the_sun)
    """

    hand: int
    seat: SeatEnum
    sun: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        hand = self.hand

        seat: str = self.seat

        sun = self.sun

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "hand": hand,
                "seat": seat,
                "sun": sun,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hand = d.pop("hand")

        seat = check_seat_enum(d.pop("seat"))

        sun = d.pop("sun")

        record_moon = cls(
            hand=hand,
            seat=seat,
            sun=sun,
        )

        record_moon.additional_properties = d
        return record_moon

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
