from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="BotOptionsRequest")


@_attrs_define
class BotOptionsRequest:
    """How the match's bots move (milliseconds); fields left out take their defaults, unknown fields are refused.

    Attributes:
        delay_ms (int | Unset): Milliseconds each bot waits before it moves, so people at the table can follow the play
            (0..10000, default 0). Default: 0.
        think_ms (int | Unset): The expert bot's thinking time per decision (each pass and each play with a choice), in
            milliseconds of CPU time on the worker (10..1000, the server's ceiling BOT_THINK_MS_CEILING; default 200); on a
            worker shared by many searches a decision takes longer by the clock. More means a stronger, slower bot. Other
            levels do not search and ignore it. Default: 200.
    """

    delay_ms: int | Unset = 0
    think_ms: int | Unset = 200

    def to_dict(self) -> dict[str, Any]:
        delay_ms = self.delay_ms

        think_ms = self.think_ms

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if delay_ms is not UNSET:
            field_dict["delay_ms"] = delay_ms
        if think_ms is not UNSET:
            field_dict["think_ms"] = think_ms

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        delay_ms = d.pop("delay_ms", UNSET)

        think_ms = d.pop("think_ms", UNSET)

        bot_options_request = cls(
            delay_ms=delay_ms,
            think_ms=think_ms,
        )

        return bot_options_request
