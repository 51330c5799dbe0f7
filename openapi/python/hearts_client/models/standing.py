from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_enum import SeatEnum, check_seat_enum

T = TypeVar("T", bound="Standing")


@_attrs_define
class Standing:
    """
    Attributes:
        seat (SeatEnum): * `north` - north
            * `east` - east
            * `south` - south
            * `west` - west
        score (int):
        place (int): 1 = first; tied seats share a place
    """

    seat: SeatEnum
    score: int
    place: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat: str = self.seat

        score = self.score

        place = self.place

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "score": score,
                "place": place,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = check_seat_enum(d.pop("seat"))

        score = d.pop("score")

        place = d.pop("place")

        standing = cls(
            seat=seat,
            score=score,
            place=place,
        )

        standing.additional_properties = d
        return standing

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
