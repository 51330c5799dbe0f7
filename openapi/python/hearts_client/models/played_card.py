from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_enum import SeatEnum, check_seat_enum

T = TypeVar("T", bound="PlayedCard")


@_attrs_define
class PlayedCard:
    """
    Attributes:
        seat (SeatEnum): * `north` - north
            * `east` - east
            * `south` - south
            * `west` - west
        card (str):  Example: QS.
    """

    seat: SeatEnum
    card: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat: str = self.seat

        card = self.card

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "card": card,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = check_seat_enum(d.pop("seat"))

        card = d.pop("card")

        played_card = cls(
            seat=seat,
            card=card,
        )

        played_card.additional_properties = d
        return played_card

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
