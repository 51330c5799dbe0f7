from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.match_status_enum import MatchStatusEnum, check_match_status_enum
from ..models.seat_enum import SeatEnum, check_seat_enum

if TYPE_CHECKING:
    from ..models.bot_options import BotOptions
    from ..models.lesson_prompt import LessonPrompt
    from ..models.match_result import MatchResult
    from ..models.rule_set import RuleSet
    from ..models.scores_by_seat import ScoresBySeat
    from ..models.seat_summary import SeatSummary


T = TypeVar("T", bound="LobbyEntry")


@_attrs_define
class LobbyEntry:
    """A match you may join: its summary and the seats still open.

    Attributes:
        id (UUID):
        status (MatchStatusEnum): * `waiting` - waiting
            * `passing` - passing
            * `playing` - playing
            * `finished` - finished
            * `aborted` - aborted
        rules (RuleSet): The rules of a match: every variant, each field's default in its description.
        bots (BotOptions): How the match's bots move (milliseconds).
        seats (list[SeatSummary]):
        hand_number (int): 0 before the first deal
        scores (ScoresBySeat):
        version (int): seq of the last event
        created_at (datetime.datetime):
        result (MatchResult | None):
        fixed_deals (int): How many of the first hands were dealt when the match was created, not shuffled as they came
            (0: every hand shuffled by the server): the creator's `deals`, every card of which the creator knows, or a daily
            challenge's (the summary's `daily` is set), which nobody but the server knew before the day was over.
        turn_timeout_s (int | None): Seconds a player's turn may last (5..86400). Null or left out: 60
            (OPEN_SEAT_TURN_TIMEOUT_S) when a seat is open, so nobody who joins can hold the table; else turns never time
            out. When it runs out (the view's turn_deadline), a stand-in bot (hard) makes that one move for each player
            still to act, marked `auto` in the log, within moments, and the player plays on; a move the player sends before
            then is taken. A pass or play that comes in before a stand-in moved for the seat is refused (412 stale_version),
            so it cannot land on the next turn.
        daily (datetime.date | None): The UTC date of the daily challenge this match is its creator's one attempt at
            (GET /daily/{day}); null: not a daily.
        hints (bool): Whether the players may ask for a hint when they are to act (GET /matches/{id}/hint). A match with
            hints is unrated and counts in no record.
        lesson (LessonPrompt | None): the lesson this match is an attempt at (POST /lessons/{slug}/attempts); null: not
            a lesson
        open_seats (list[SeatEnum]): the seats nobody holds yet nor is invited to, north to west; join takes one
    """

    id: UUID
    status: MatchStatusEnum
    rules: RuleSet
    bots: BotOptions
    seats: list[SeatSummary]
    hand_number: int
    scores: ScoresBySeat
    version: int
    created_at: datetime.datetime
    result: MatchResult | None
    fixed_deals: int
    turn_timeout_s: int | None
    daily: datetime.date | None
    hints: bool
    lesson: LessonPrompt | None
    open_seats: list[SeatEnum]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.lesson_prompt import LessonPrompt  # noqa: PLC0415
        from ..models.match_result import MatchResult  # noqa: PLC0415

        id = str(self.id)

        status: str = self.status

        rules = self.rules.to_dict()

        bots = self.bots.to_dict()

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        hand_number = self.hand_number

        scores = self.scores.to_dict()

        version = self.version

        created_at = self.created_at.isoformat()

        result: dict[str, Any] | None
        if isinstance(self.result, MatchResult):
            result = self.result.to_dict()
        else:
            result = self.result

        fixed_deals = self.fixed_deals

        turn_timeout_s: int | None
        turn_timeout_s = self.turn_timeout_s

        daily: None | str
        if isinstance(self.daily, datetime.date):
            daily = self.daily.isoformat()
        else:
            daily = self.daily

        hints = self.hints

        lesson: dict[str, Any] | None
        if isinstance(self.lesson, LessonPrompt):
            lesson = self.lesson.to_dict()
        else:
            lesson = self.lesson

        open_seats = []
        for open_seats_item_data in self.open_seats:
            open_seats_item: str = open_seats_item_data
            open_seats.append(open_seats_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "status": status,
                "rules": rules,
                "bots": bots,
                "seats": seats,
                "hand_number": hand_number,
                "scores": scores,
                "version": version,
                "created_at": created_at,
                "result": result,
                "fixed_deals": fixed_deals,
                "turn_timeout_s": turn_timeout_s,
                "daily": daily,
                "hints": hints,
                "lesson": lesson,
                "open_seats": open_seats,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bot_options import BotOptions  # noqa: PLC0415
        from ..models.lesson_prompt import LessonPrompt  # noqa: PLC0415
        from ..models.match_result import MatchResult  # noqa: PLC0415
        from ..models.rule_set import RuleSet  # noqa: PLC0415
        from ..models.scores_by_seat import ScoresBySeat  # noqa: PLC0415
        from ..models.seat_summary import SeatSummary  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        status = check_match_status_enum(d.pop("status"))

        rules = RuleSet.from_dict(d.pop("rules"))

        bots = BotOptions.from_dict(d.pop("bots"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = SeatSummary.from_dict(seats_item_data)

            seats.append(seats_item)

        hand_number = d.pop("hand_number")

        scores = ScoresBySeat.from_dict(d.pop("scores"))

        version = d.pop("version")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_result(data: object) -> MatchResult | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_0 = MatchResult.from_dict(data)

                return result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MatchResult | None, data)

        result = _parse_result(d.pop("result"))

        fixed_deals = d.pop("fixed_deals")

        def _parse_turn_timeout_s(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn_timeout_s = _parse_turn_timeout_s(d.pop("turn_timeout_s"))

        def _parse_daily(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                daily_type_0 = datetime.date.fromisoformat(data)

                return daily_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        daily = _parse_daily(d.pop("daily"))

        hints = d.pop("hints")

        def _parse_lesson(data: object) -> LessonPrompt | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                lesson_type_0 = LessonPrompt.from_dict(data)

                return lesson_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LessonPrompt | None, data)

        lesson = _parse_lesson(d.pop("lesson"))

        open_seats = []
        _open_seats = d.pop("open_seats")
        for open_seats_item_data in _open_seats:
            open_seats_item = check_seat_enum(open_seats_item_data)

            open_seats.append(open_seats_item)

        lobby_entry = cls(
            id=id,
            status=status,
            rules=rules,
            bots=bots,
            seats=seats,
            hand_number=hand_number,
            scores=scores,
            version=version,
            created_at=created_at,
            result=result,
            fixed_deals=fixed_deals,
            turn_timeout_s=turn_timeout_s,
            daily=daily,
            hints=hints,
            lesson=lesson,
            open_seats=open_seats,
        )

        lobby_entry.additional_properties = d
        return lobby_entry

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
