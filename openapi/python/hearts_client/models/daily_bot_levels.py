from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bot_level_enum import BotLevelEnum, check_bot_level_enum

T = TypeVar("T", bound="DailyBotLevels")


@_attrs_define
class DailyBotLevels:
    """The day's bot in each seat but the player's (south): chosen from the date by a fixed
    public rotation (README, "The daily challenge").

        Attributes:
            west (BotLevelEnum): * `random` - random
                * `easy` - easy
                * `medium` - medium
                * `hard` - hard
                * `expert` - expert
            north (BotLevelEnum): * `random` - random
                * `easy` - easy
                * `medium` - medium
                * `hard` - hard
                * `expert` - expert
            east (BotLevelEnum): * `random` - random
                * `easy` - easy
                * `medium` - medium
                * `hard` - hard
                * `expert` - expert
    """

    west: BotLevelEnum
    north: BotLevelEnum
    east: BotLevelEnum
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        west: str = self.west

        north: str = self.north

        east: str = self.east

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "west": west,
                "north": north,
                "east": east,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        west = check_bot_level_enum(d.pop("west"))

        north = check_bot_level_enum(d.pop("north"))

        east = check_bot_level_enum(d.pop("east"))

        daily_bot_levels = cls(
            west=west,
            north=north,
            east=east,
        )

        daily_bot_levels.additional_properties = d
        return daily_bot_levels

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
