from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bot_level_enum import BotLevelEnum, check_bot_level_enum
from ..models.seat_enum import SeatEnum, check_seat_enum
from ..models.seat_summary_kind_enum import SeatSummaryKindEnum, check_seat_summary_kind_enum

T = TypeVar("T", bound="SeatSummary")


@_attrs_define
class SeatSummary:
    """
    Attributes:
        seat (SeatEnum): * `north` - north
            * `east` - east
            * `south` - south
            * `west` - west
        kind (SeatSummaryKindEnum): * `player` - player
            * `bot` - bot
            * `open` - open
            * `invited` - invited
        name (None | str): The player's username.
        bot_level (BotLevelEnum | None):
        is_bot (bool): a program holds the seat: a built-in bot (bot_level) or a bot account (a player registered as a
            bot)
        invited (None | str): the player this open seat is held for (GET /invitations); null when nobody is invited to
            it
    """

    seat: SeatEnum
    kind: SeatSummaryKindEnum
    name: None | str
    bot_level: BotLevelEnum | None
    is_bot: bool
    invited: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat: str = self.seat

        kind: str = self.kind

        name: None | str
        name = self.name

        bot_level: None | str
        if isinstance(self.bot_level, str):
            bot_level = self.bot_level
        else:
            bot_level = self.bot_level

        is_bot = self.is_bot

        invited: None | str
        invited = self.invited

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "kind": kind,
                "name": name,
                "bot_level": bot_level,
                "is_bot": is_bot,
                "invited": invited,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = check_seat_enum(d.pop("seat"))

        kind = check_seat_summary_kind_enum(d.pop("kind"))

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

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

        is_bot = d.pop("is_bot")

        def _parse_invited(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        invited = _parse_invited(d.pop("invited"))

        seat_summary = cls(
            seat=seat,
            kind=kind,
            name=name,
            bot_level=bot_level,
            is_bot=is_bot,
            invited=invited,
        )

        seat_summary.additional_properties = d
        return seat_summary

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
