from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.hand_dealt_event_type import HandDealtEventType, check_hand_dealt_event_type
from ..models.pass_direction_enum import PassDirectionEnum, check_pass_direction_enum
from ..models.seat_enum import SeatEnum, check_seat_enum

T = TypeVar("T", bound="HandDealtEvent")


@_attrs_define
class HandDealtEvent:
    """A hand was dealt; `hand` holds only your 13 cards.

    Attributes:
        seq (int):
        type_ (HandDealtEventType):
        seat (None | SeatEnum):
        at (datetime.datetime):
        hand_number (int):
        pass_direction (PassDirectionEnum): * `left` - left
            * `right` - right
            * `across` - across
            * `hold` - hold
        hand (list[str]):
    """

    seq: int
    type_: HandDealtEventType
    seat: None | SeatEnum
    at: datetime.datetime
    hand_number: int
    pass_direction: PassDirectionEnum
    hand: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seq = self.seq

        type_: str = self.type_

        seat: None | str
        if isinstance(self.seat, str):
            seat = self.seat
        else:
            seat = self.seat

        at = self.at.isoformat()

        hand_number = self.hand_number

        pass_direction: str = self.pass_direction

        hand = self.hand

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seq": seq,
                "type": type_,
                "seat": seat,
                "at": at,
                "hand_number": hand_number,
                "pass_direction": pass_direction,
                "hand": hand,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = check_hand_dealt_event_type(d.pop("type"))

        def _parse_seat(data: object) -> None | SeatEnum:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                seat_type_0 = check_seat_enum(data)

                return seat_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SeatEnum, data)

        seat = _parse_seat(d.pop("seat"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        hand_number = d.pop("hand_number")

        pass_direction = check_pass_direction_enum(d.pop("pass_direction"))

        hand = cast(list[str], d.pop("hand"))

        hand_dealt_event = cls(
            seq=seq,
            type_=type_,
            seat=seat,
            at=at,
            hand_number=hand_number,
            pass_direction=pass_direction,
            hand=hand,
        )

        hand_dealt_event.additional_properties = d
        return hand_dealt_event

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
