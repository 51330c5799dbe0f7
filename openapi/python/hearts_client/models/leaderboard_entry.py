from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.leaderboard_entry_kind_enum import LeaderboardEntryKindEnum, check_leaderboard_entry_kind_enum

if TYPE_CHECKING:
    from ..models.rating import Rating


T = TypeVar("T", bound="LeaderboardEntry")


@_attrs_define
class LeaderboardEntry:
    """
    Attributes:
        rank (int): 1 = the highest rating; equal ratings: the first rated first
        kind (LeaderboardEntryKindEnum): * `player` - player
            * `bot` - bot
            * `builtin` - builtin
        is_bot (bool): a program plays: a bot account or a built-in level
        name (str): the player's username, or the bot level
        rating (Rating):
    """

    rank: int
    kind: LeaderboardEntryKindEnum
    is_bot: bool
    name: str
    rating: Rating
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rank = self.rank

        kind: str = self.kind

        is_bot = self.is_bot

        name = self.name

        rating = self.rating.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rank": rank,
                "kind": kind,
                "is_bot": is_bot,
                "name": name,
                "rating": rating,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating import Rating  # noqa: PLC0415

        d = dict(src_dict)
        rank = d.pop("rank")

        kind = check_leaderboard_entry_kind_enum(d.pop("kind"))

        is_bot = d.pop("is_bot")

        name = d.pop("name")

        rating = Rating.from_dict(d.pop("rating"))

        leaderboard_entry = cls(
            rank=rank,
            kind=kind,
            is_bot=is_bot,
            name=name,
            rating=rating,
        )

        leaderboard_entry.additional_properties = d
        return leaderboard_entry

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
