from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.match_aborted_event_type import MatchAbortedEventType, check_match_aborted_event_type
from ..models.seat_enum import SeatEnum, check_seat_enum

T = TypeVar("T", bound="MatchAbortedEvent")


@_attrs_define
class MatchAbortedEvent:
    """The match was stopped (by an operator, its creator before it began, a lesson's learner or an arena table's bot;
    `reason` says why); it has no result and takes no more commands.

        Attributes:
            seq (int):
            type_ (MatchAbortedEventType):
            seat (None | SeatEnum):
            at (datetime.datetime):
            reason (str):
    """

    seq: int
    type_: MatchAbortedEventType
    seat: None | SeatEnum
    at: datetime.datetime
    reason: str
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

        reason = self.reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seq": seq,
                "type": type_,
                "seat": seat,
                "at": at,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = check_match_aborted_event_type(d.pop("type"))

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

        reason = d.pop("reason")

        match_aborted_event = cls(
            seq=seq,
            type_=type_,
            seat=seat,
            at=at,
            reason=reason,
        )

        match_aborted_event.additional_properties = d
        return match_aborted_event

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
