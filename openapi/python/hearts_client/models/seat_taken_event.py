from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bot_level_enum import BotLevelEnum, check_bot_level_enum
from ..models.seat_enum import SeatEnum, check_seat_enum
from ..models.seat_taken_event_type import SeatTakenEventType, check_seat_taken_event_type

T = TypeVar("T", bound="SeatTakenEvent")


@_attrs_define
class SeatTakenEvent:
    """A seat was taken.

    Attributes:
        seq (int):
        type_ (SeatTakenEventType):
        seat (None | SeatEnum):
        at (datetime.datetime):
        player (None | str):
        bot_level (BotLevelEnum | None):
    """

    seq: int
    type_: SeatTakenEventType
    seat: None | SeatEnum
    at: datetime.datetime
    player: None | str
    bot_level: BotLevelEnum | None
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

        player: None | str
        player = self.player

        bot_level: None | str
        if isinstance(self.bot_level, str):
            bot_level = self.bot_level
        else:
            bot_level = self.bot_level

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seq": seq,
                "type": type_,
                "seat": seat,
                "at": at,
                "player": player,
                "bot_level": bot_level,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = check_seat_taken_event_type(d.pop("type"))

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

        def _parse_player(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        player = _parse_player(d.pop("player"))

        def _parse_bot_level(data: object) -> BotLevelEnum | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                bot_level_type_0 = check_bot_level_enum(data)

                return bot_level_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BotLevelEnum | None, data)

        bot_level = _parse_bot_level(d.pop("bot_level"))

        seat_taken_event = cls(
            seq=seq,
            type_=type_,
            seat=seat,
            at=at,
            player=player,
            bot_level=bot_level,
        )

        seat_taken_event.additional_properties = d
        return seat_taken_event

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
