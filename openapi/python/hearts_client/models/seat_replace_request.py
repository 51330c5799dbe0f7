from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.bot_level_enum import BotLevelEnum, check_bot_level_enum
from ..types import UNSET, Unset

T = TypeVar("T", bound="SeatReplaceRequest")


@_attrs_define
class SeatReplaceRequest:
    """A request body; a field it does not name is refused (400 unknown_field).

    Attributes:
        bot_level (BotLevelEnum | Unset): * `random` - random
            * `easy` - easy
            * `medium` - medium
            * `hard` - hard
            * `expert` - expert Default: 'hard'.
    """

    bot_level: BotLevelEnum | Unset = "hard"

    def to_dict(self) -> dict[str, Any]:
        bot_level: str | Unset = UNSET
        if not isinstance(self.bot_level, Unset):
            bot_level = self.bot_level

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if bot_level is not UNSET:
            field_dict["bot_level"] = bot_level

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _bot_level = d.pop("bot_level", UNSET)
        bot_level: BotLevelEnum | Unset
        if isinstance(_bot_level, Unset):
            bot_level = UNSET
        else:
            bot_level = check_bot_level_enum(_bot_level)

        seat_replace_request = cls(
            bot_level=bot_level,
        )

        return seat_replace_request
