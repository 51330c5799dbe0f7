from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.hand_scored_event_type import HandScoredEventType, check_hand_scored_event_type
from ..models.seat_enum import SeatEnum, check_seat_enum

if TYPE_CHECKING:
    from ..models.scores_by_seat import ScoresBySeat


T = TypeVar("T", bound="HandScoredEvent")


@_attrs_define
class HandScoredEvent:
    """A hand was scored; `moon` names the shooter if any.

    Attributes:
        seq (int):
        type_ (HandScoredEventType):
        seat (None | SeatEnum):
        at (datetime.datetime):
        hand_number (int):
        points (ScoresBySeat):
        totals (ScoresBySeat):
        moon (None | SeatEnum):
        sun (bool):
    """

    seq: int
    type_: HandScoredEventType
    seat: None | SeatEnum
    at: datetime.datetime
    hand_number: int
    points: ScoresBySeat
    totals: ScoresBySeat
    moon: None | SeatEnum
    sun: bool
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

        points = self.points.to_dict()

        totals = self.totals.to_dict()

        moon: None | str
        if isinstance(self.moon, str):
            moon = self.moon
        else:
            moon = self.moon

        sun = self.sun

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seq": seq,
                "type": type_,
                "seat": seat,
                "at": at,
                "hand_number": hand_number,
                "points": points,
                "totals": totals,
                "moon": moon,
                "sun": sun,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.scores_by_seat import ScoresBySeat  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = check_hand_scored_event_type(d.pop("type"))

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

        points = ScoresBySeat.from_dict(d.pop("points"))

        totals = ScoresBySeat.from_dict(d.pop("totals"))

        def _parse_moon(data: object) -> None | SeatEnum:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                moon_type_0 = check_seat_enum(data)

                return moon_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SeatEnum, data)

        moon = _parse_moon(d.pop("moon"))

        sun = d.pop("sun")

        hand_scored_event = cls(
            seq=seq,
            type_=type_,
            seat=seat,
            at=at,
            hand_number=hand_number,
            points=points,
            totals=totals,
            moon=moon,
            sun=sun,
        )

        hand_scored_event.additional_properties = d
        return hand_scored_event

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
