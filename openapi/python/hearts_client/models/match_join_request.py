from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.seat_enum import SeatEnum, check_seat_enum
from ..types import UNSET, Unset

T = TypeVar("T", bound="MatchJoinRequest")


@_attrs_define
class MatchJoinRequest:
    """A request body; a field it does not name is refused (400 unknown_field).

    Attributes:
        seat (None | SeatEnum | Unset): Leave out to take the first open seat.

            * `north` - north
            * `east` - east
            * `south` - south
            * `west` - west
    """

    seat: None | SeatEnum | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        seat: None | str | Unset
        if isinstance(self.seat, Unset):
            seat = UNSET
        elif isinstance(self.seat, str):
            seat = self.seat
        else:
            seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if seat is not UNSET:
            field_dict["seat"] = seat

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_seat(data: object) -> None | SeatEnum | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                seat_type_0 = check_seat_enum(data)

                return seat_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SeatEnum | Unset, data)

        seat = _parse_seat(d.pop("seat", UNSET))

        match_join_request = cls(
            seat=seat,
        )

        return match_join_request
