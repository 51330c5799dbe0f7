from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.bot_level_enum import BotLevelEnum, check_bot_level_enum
from ..models.bot_seat_spec_request_kind import BotSeatSpecRequestKind, check_bot_seat_spec_request_kind
from ..types import UNSET, Unset

T = TypeVar("T", bound="BotSeatSpecRequest")


@_attrs_define
class BotSeatSpecRequest:
    """A bot sits here.

    Attributes:
        kind (BotSeatSpecRequestKind):
        level (BotLevelEnum | Unset): * `random` - random
            * `easy` - easy
            * `medium` - medium
            * `hard` - hard
            * `expert` - expert Default: 'easy'.
    """

    kind: BotSeatSpecRequestKind
    level: BotLevelEnum | Unset = "easy"

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        level: str | Unset = UNSET
        if not isinstance(self.level, Unset):
            level = self.level

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
            }
        )
        if level is not UNSET:
            field_dict["level"] = level

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = check_bot_seat_spec_request_kind(d.pop("kind"))

        _level = d.pop("level", UNSET)
        level: BotLevelEnum | Unset
        if isinstance(_level, Unset):
            level = UNSET
        else:
            level = check_bot_level_enum(_level)

        bot_seat_spec_request = cls(
            kind=kind,
            level=level,
        )

        return bot_seat_spec_request
