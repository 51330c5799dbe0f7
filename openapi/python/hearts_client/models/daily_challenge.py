from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_enum import SeatEnum, check_seat_enum

if TYPE_CHECKING:
    from ..models.daily_attempt import DailyAttempt
    from ..models.daily_bot_levels import DailyBotLevels
    from ..models.daily_deal import DailyDeal
    from ..models.rule_set import RuleSet


T = TypeVar("T", bound="DailyChallenge")


@_attrs_define
class DailyChallenge:
    """A day's daily challenge: the same rules, bots and deals for every player.

    Attributes:
        date (datetime.date): the UTC date
        closes_at (datetime.datetime): the day's end (UTC): attempts close, the deals are shown, the matches may be
            watched
        rules (RuleSet): The rules of a match: every variant, each field's default in its description.
        seat (SeatEnum): * `north` - north
            * `east` - east
            * `south` - south
            * `west` - west
        bot_levels (DailyBotLevels): The day's bot in each seat but the player's (south): chosen from the date by a
            fixed
            public rotation (README, "The daily challenge").
        hands (int): hands played: 4, whatever the totals
        deals (list[DailyDeal] | None): null until the day is over (closes_at); then the day's 4 deals, hand 1 first
        attempt (DailyAttempt | None): your attempt at it; null without one, and without a token
    """

    date: datetime.date
    closes_at: datetime.datetime
    rules: RuleSet
    seat: SeatEnum
    bot_levels: DailyBotLevels
    hands: int
    deals: list[DailyDeal] | None
    attempt: DailyAttempt | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.daily_attempt import DailyAttempt  # noqa: PLC0415

        date = self.date.isoformat()

        closes_at = self.closes_at.isoformat()

        rules = self.rules.to_dict()

        seat: str = self.seat

        bot_levels = self.bot_levels.to_dict()

        hands = self.hands

        deals: list[dict[str, Any]] | None
        if isinstance(self.deals, list):
            deals = []
            for deals_type_0_item_data in self.deals:
                deals_type_0_item = deals_type_0_item_data.to_dict()
                deals.append(deals_type_0_item)

        else:
            deals = self.deals

        attempt: dict[str, Any] | None
        if isinstance(self.attempt, DailyAttempt):
            attempt = self.attempt.to_dict()
        else:
            attempt = self.attempt

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "date": date,
                "closes_at": closes_at,
                "rules": rules,
                "seat": seat,
                "bot_levels": bot_levels,
                "hands": hands,
                "deals": deals,
                "attempt": attempt,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.daily_attempt import DailyAttempt  # noqa: PLC0415
        from ..models.daily_bot_levels import DailyBotLevels  # noqa: PLC0415
        from ..models.daily_deal import DailyDeal  # noqa: PLC0415
        from ..models.rule_set import RuleSet  # noqa: PLC0415

        d = dict(src_dict)
        date = datetime.date.fromisoformat(d.pop("date"))

        closes_at = datetime.datetime.fromisoformat(d.pop("closes_at"))

        rules = RuleSet.from_dict(d.pop("rules"))

        seat = check_seat_enum(d.pop("seat"))

        bot_levels = DailyBotLevels.from_dict(d.pop("bot_levels"))

        hands = d.pop("hands")

        def _parse_deals(data: object) -> list[DailyDeal] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                deals_type_0 = []
                _deals_type_0 = data
                for deals_type_0_item_data in _deals_type_0:
                    deals_type_0_item = DailyDeal.from_dict(deals_type_0_item_data)

                    deals_type_0.append(deals_type_0_item)

                return deals_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[DailyDeal] | None, data)

        deals = _parse_deals(d.pop("deals"))

        def _parse_attempt(data: object) -> DailyAttempt | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                attempt_type_0 = DailyAttempt.from_dict(data)

                return attempt_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DailyAttempt | None, data)

        attempt = _parse_attempt(d.pop("attempt"))

        daily_challenge = cls(
            date=date,
            closes_at=closes_at,
            rules=rules,
            seat=seat,
            bot_levels=bot_levels,
            hands=hands,
            deals=deals,
            attempt=attempt,
        )

        daily_challenge.additional_properties = d
        return daily_challenge

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
