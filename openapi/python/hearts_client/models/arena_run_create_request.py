from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.bot_level_enum import BotLevelEnum, check_bot_level_enum
from ..types import UNSET, Unset

T = TypeVar("T", bound="ArenaRunCreateRequest")


@_attrs_define
class ArenaRunCreateRequest:
    """A request body; a field it does not name is refused (400 unknown_field).

    Attributes:
        field (BotLevelEnum): * `random` - random
            * `easy` - easy
            * `medium` - medium
            * `hard` - hard
            * `expert` - expert
        deals (int): deals to play; each is five one-hand tables: the field's own, and the bot in each seat
        seed (int | Unset): the deals' seed, to replay the same deals in another run (default: a random one)
    """

    field: BotLevelEnum
    deals: int
    seed: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        field: str = self.field

        deals = self.deals

        seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "field": field,
                "deals": deals,
            }
        )
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        field = check_bot_level_enum(d.pop("field"))

        deals = d.pop("deals")

        seed = d.pop("seed", UNSET)

        arena_run_create_request = cls(
            field=field,
            deals=deals,
            seed=seed,
        )

        return arena_run_create_request
