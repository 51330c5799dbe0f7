from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_enum import SeatEnum, check_seat_enum

if TYPE_CHECKING:
    from ..models.record_moon import RecordMoon
    from ..models.scores_by_seat import ScoresBySeat


T = TypeVar("T", bound="FastestWin")


@_attrs_define
class FastestWin:
    """
    Attributes:
        hands (int): hands the match lasted
        match_id (UUID):
        ended_at (datetime.datetime):
        seat (SeatEnum): * `north` - north
            * `east` - east
            * `south` - south
            * `west` - west
        scores (ScoresBySeat):
        moons (list[RecordMoon]): every moon and sun shot in that match
    """

    hands: int
    match_id: UUID
    ended_at: datetime.datetime
    seat: SeatEnum
    scores: ScoresBySeat
    moons: list[RecordMoon]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        hands = self.hands

        match_id = str(self.match_id)

        ended_at = self.ended_at.isoformat()

        seat: str = self.seat

        scores = self.scores.to_dict()

        moons = []
        for moons_item_data in self.moons:
            moons_item = moons_item_data.to_dict()
            moons.append(moons_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "hands": hands,
                "match_id": match_id,
                "ended_at": ended_at,
                "seat": seat,
                "scores": scores,
                "moons": moons,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.record_moon import RecordMoon  # noqa: PLC0415
        from ..models.scores_by_seat import ScoresBySeat  # noqa: PLC0415

        d = dict(src_dict)
        hands = d.pop("hands")

        match_id = UUID(d.pop("match_id"))

        ended_at = datetime.datetime.fromisoformat(d.pop("ended_at"))

        seat = check_seat_enum(d.pop("seat"))

        scores = ScoresBySeat.from_dict(d.pop("scores"))

        moons = []
        _moons = d.pop("moons")
        for moons_item_data in _moons:
            moons_item = RecordMoon.from_dict(moons_item_data)

            moons.append(moons_item)

        fastest_win = cls(
            hands=hands,
            match_id=match_id,
            ended_at=ended_at,
            seat=seat,
            scores=scores,
            moons=moons,
        )

        fastest_win.additional_properties = d
        return fastest_win

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
