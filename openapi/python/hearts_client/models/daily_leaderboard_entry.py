from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="DailyLeaderboardEntry")


@_attrs_define
class DailyLeaderboardEntry:
    """
    Attributes:
        rank (int): 1 = the fewest points; equal points and seconds share a rank
        username (str):
        points (int): the player's total after the 4 hands (fewest is best)
        seconds (int): whole seconds from the match's creation to its end
        finished_at (datetime.datetime):
    """

    rank: int
    username: str
    points: int
    seconds: int
    finished_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rank = self.rank

        username = self.username

        points = self.points

        seconds = self.seconds

        finished_at = self.finished_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rank": rank,
                "username": username,
                "points": points,
                "seconds": seconds,
                "finished_at": finished_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rank = d.pop("rank")

        username = d.pop("username")

        points = d.pop("points")

        seconds = d.pop("seconds")

        finished_at = datetime.datetime.fromisoformat(d.pop("finished_at"))

        daily_leaderboard_entry = cls(
            rank=rank,
            username=username,
            points=points,
            seconds=seconds,
            finished_at=finished_at,
        )

        daily_leaderboard_entry.additional_properties = d
        return daily_leaderboard_entry

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
