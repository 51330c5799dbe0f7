from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.arena_run_status_enum import ArenaRunStatusEnum, check_arena_run_status_enum
from ..models.bot_level_enum import BotLevelEnum, check_bot_level_enum

if TYPE_CHECKING:
    from ..models.arena_progress import ArenaProgress
    from ..models.arena_result import ArenaResult
    from ..models.arena_table import ArenaTable


T = TypeVar("T", bound="ArenaRunDetail")


@_attrs_define
class ArenaRunDetail:
    """
    Attributes:
        id (UUID):
        bot (str): the bot account's username
        field (BotLevelEnum): * `random` - random
            * `easy` - easy
            * `medium` - medium
            * `hard` - hard
            * `expert` - expert
        deals (int):
        seed (int | None): the deals' seed: null while a run whose seed the server chose is running
        status (ArenaRunStatusEnum): * `running` - running
            * `finished` - finished
            * `abandoned` - abandoned
        reason (None | str): why it was abandoned, else null
        progress (ArenaProgress):
        result (ArenaResult | None): once finished
        created_at (datetime.datetime):
        ended_at (datetime.datetime | None):
        matches (list[ArenaTable]): the tables created so far, by deal: at most 5 a deal
    """

    id: UUID
    bot: str
    field: BotLevelEnum
    deals: int
    seed: int | None
    status: ArenaRunStatusEnum
    reason: None | str
    progress: ArenaProgress
    result: ArenaResult | None
    created_at: datetime.datetime
    ended_at: datetime.datetime | None
    matches: list[ArenaTable]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.arena_result import ArenaResult  # noqa: PLC0415

        id = str(self.id)

        bot = self.bot

        field: str = self.field

        deals = self.deals

        seed: int | None
        seed = self.seed

        status: str = self.status

        reason: None | str
        reason = self.reason

        progress = self.progress.to_dict()

        result: dict[str, Any] | None
        if isinstance(self.result, ArenaResult):
            result = self.result.to_dict()
        else:
            result = self.result

        created_at = self.created_at.isoformat()

        ended_at: None | str
        if isinstance(self.ended_at, datetime.datetime):
            ended_at = self.ended_at.isoformat()
        else:
            ended_at = self.ended_at

        matches = []
        for matches_item_data in self.matches:
            matches_item = matches_item_data.to_dict()
            matches.append(matches_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "bot": bot,
                "field": field,
                "deals": deals,
                "seed": seed,
                "status": status,
                "reason": reason,
                "progress": progress,
                "result": result,
                "created_at": created_at,
                "ended_at": ended_at,
                "matches": matches,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.arena_progress import ArenaProgress  # noqa: PLC0415
        from ..models.arena_result import ArenaResult  # noqa: PLC0415
        from ..models.arena_table import ArenaTable  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        bot = d.pop("bot")

        field = check_bot_level_enum(d.pop("field"))

        deals = d.pop("deals")

        def _parse_seed(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seed = _parse_seed(d.pop("seed"))

        status = check_arena_run_status_enum(d.pop("status"))

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        progress = ArenaProgress.from_dict(d.pop("progress"))

        def _parse_result(data: object) -> ArenaResult | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_0 = ArenaResult.from_dict(data)

                return result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ArenaResult | None, data)

        result = _parse_result(d.pop("result"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_ended_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ended_at_type_0 = datetime.datetime.fromisoformat(data)

                return ended_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ended_at = _parse_ended_at(d.pop("ended_at"))

        matches = []
        _matches = d.pop("matches")
        for matches_item_data in _matches:
            matches_item = ArenaTable.from_dict(matches_item_data)

            matches.append(matches_item)

        arena_run_detail = cls(
            id=id,
            bot=bot,
            field=field,
            deals=deals,
            seed=seed,
            status=status,
            reason=reason,
            progress=progress,
            result=result,
            created_at=created_at,
            ended_at=ended_at,
            matches=matches,
        )

        arena_run_detail.additional_properties = d
        return arena_run_detail

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
