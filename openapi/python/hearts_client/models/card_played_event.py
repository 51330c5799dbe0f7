from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.card_played_event_type import CardPlayedEventType, check_card_played_event_type
from ..models.seat_enum import SeatEnum, check_seat_enum

T = TypeVar("T", bound="CardPlayedEvent")


@_attrs_define
class CardPlayedEvent:
    """A card was played.

    Attributes:
        seq (int):
        type_ (CardPlayedEventType):
        seat (None | SeatEnum):
        at (datetime.datetime):
        card (str):  Example: QS.
        auto (bool): true: a stand-in bot made this move because the seat's turn timed out
    """

    seq: int
    type_: CardPlayedEventType
    seat: None | SeatEnum
    at: datetime.datetime
    card: str
    auto: bool
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

        card = self.card

        auto = self.auto

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seq": seq,
                "type": type_,
                "seat": seat,
                "at": at,
                "card": card,
                "auto": auto,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = check_card_played_event_type(d.pop("type"))

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

        card = d.pop("card")

        auto = d.pop("auto")

        card_played_event = cls(
            seq=seq,
            type_=type_,
            seat=seat,
            at=at,
            card=card,
            auto=auto,
        )

        card_played_event.additional_properties = d
        return card_played_event

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
