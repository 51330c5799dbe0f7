from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.match_status_enum import MatchStatusEnum, check_match_status_enum
from ..models.seat_enum import SeatEnum, check_seat_enum

if TYPE_CHECKING:
    from ..models.scores_by_seat import ScoresBySeat


T = TypeVar("T", bound="ArenaTable")


@_attrs_define
class ArenaTable:
    """
    Attributes:
        match_id (UUID):
        deal (int): 1 for the run's first deal
        seat (None | SeatEnum): the bot's; null at the field's own table

            * `north` - north
            * `east` - east
            * `south` - south
            * `west` - west
        status (MatchStatusEnum): * `waiting` - waiting
            * `passing` - passing
            * `playing` - playing
            * `finished` - finished
            * `aborted` - aborted
        points (None | ScoresBySeat): the hand's, once finished
    """

    match_id: UUID
    deal: int
    seat: None | SeatEnum
    status: MatchStatusEnum
    points: None | ScoresBySeat
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.scores_by_seat import ScoresBySeat  # noqa: PLC0415

        match_id = str(self.match_id)

        deal = self.deal

        seat: None | str
        if isinstance(self.seat, str):
            seat = self.seat
        else:
            seat = self.seat

        status: str = self.status

        points: dict[str, Any] | None
        if isinstance(self.points, ScoresBySeat):
            points = self.points.to_dict()
        else:
            points = self.points

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "match_id": match_id,
                "deal": deal,
                "seat": seat,
                "status": status,
                "points": points,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.scores_by_seat import ScoresBySeat  # noqa: PLC0415

        d = dict(src_dict)
        match_id = UUID(d.pop("match_id"))

        deal = d.pop("deal")

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

        status = check_match_status_enum(d.pop("status"))

        def _parse_points(data: object) -> None | ScoresBySeat:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                points_type_0 = ScoresBySeat.from_dict(data)

                return points_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ScoresBySeat, data)

        points = _parse_points(d.pop("points"))

        arena_table = cls(
            match_id=match_id,
            deal=deal,
            seat=seat,
            status=status,
            points=points,
        )

        arena_table.additional_properties = d
        return arena_table

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
