from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BotOptions")


@_attrs_define
class BotOptions:
    """How the match's bots move (milliseconds).

    Attributes:
        delay_ms (int): Milliseconds each bot waits before it moves, so people at the table can follow the play
            (0..10000, default 0).
        think_ms (int): The expert bot's thinking time per decision (each pass and each play with a choice), in
            milliseconds of CPU time on the worker (10..1000, the server's ceiling BOT_THINK_MS_CEILING; default 200); on a
            worker shared by many searches a decision takes longer by the clock. More means a stronger, slower bot. Other
            levels do not search and ignore it.
    """

    delay_ms: int
    think_ms: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        delay_ms = self.delay_ms

        think_ms = self.think_ms

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "delay_ms": delay_ms,
                "think_ms": think_ms,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        delay_ms = d.pop("delay_ms")

        think_ms = d.pop("think_ms")

        bot_options = cls(
            delay_ms=delay_ms,
            think_ms=think_ms,
        )

        bot_options.additional_properties = d
        return bot_options

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
