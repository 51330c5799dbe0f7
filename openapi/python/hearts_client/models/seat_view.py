from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.match_status_enum import MatchStatusEnum, check_match_status_enum
from ..models.pass_direction_enum import PassDirectionEnum, check_pass_direction_enum
from ..models.seat_enum import SeatEnum, check_seat_enum

if TYPE_CHECKING:
    from ..models.completed_trick import CompletedTrick
    from ..models.current_trick import CurrentTrick
    from ..models.match_result import MatchResult
    from ..models.pass_info import PassInfo
    from ..models.play_refusal import PlayRefusal
    from ..models.player import Player
    from ..models.rule_set import RuleSet
    from ..models.scores_by_seat import ScoresBySeat


T = TypeVar("T", bound="SeatView")


@_attrs_define
class SeatView:
    """What the caller's seat may see (a spectator's view when the caller has no seat).

    Attributes:
        match_id (UUID):
        version (int):
        status (MatchStatusEnum): * `waiting` - waiting
            * `passing` - passing
            * `playing` - playing
            * `finished` - finished
            * `aborted` - aborted
        seat (None | SeatEnum):
        hand_number (int):
        pass_direction (None | PassDirectionEnum):
        hand (list[str]): your cards, sorted
        to_act (list[SeatEnum]):
        is_your_turn (bool):
        turn_deadline (datetime.datetime | None): when a stand-in bot moves for the players (not the bots) in to_act if
            they have not: the match's turn_timeout_s after their turn began (a deal, the exchange, a card played or a trick
            taken). Null: no timeout set, or only bots to act
        legal_cards (list[str]): what you may play now, or pass from
        trick (CurrentTrick | None):
        tricks (list[CompletedTrick]): this hand's tricks, oldest first
        hearts_broken (bool):
        tricks_won (ScoresBySeat):
        hand_points (ScoresBySeat):
        scores (ScoresBySeat):
        players (list[Player]):
        rules (RuleSet): The rules of a match: every variant, each field's default in its description.
        result (MatchResult | None):
        fixed_deals (int): How many of the first hands were dealt when the match was created, not shuffled as they came
            (0: every hand shuffled by the server): the creator's `deals`, every card of which the creator knows, or a daily
            challenge's (the summary's `daily` is set), which nobody but the server knew before the day was over.
        hints (bool): Whether the players may ask for a hint when they are to act (GET /matches/{id}/hint). A match with
            hints is unrated and counts in no record.
        end_started_after (int | None): the hand after which some total first reached the target score, so the end of
            the match began: every hand after it is a tiebreak hand (at most rules.max_tiebreak_hands of them under
            tie_policy play_on). Null while no total has reached the target
        refusal (None | PlayRefusal): while you are to play and hold a card not in legal_cards: the code and detail of
            the 422 that playing it is refused with (docs/api.md, "Errors"); null otherwise
        pass_ (None | PassInfo): your pass; null on a hold hand and for a spectator
    """

    match_id: UUID
    version: int
    status: MatchStatusEnum
    seat: None | SeatEnum
    hand_number: int
    pass_direction: None | PassDirectionEnum
    hand: list[str]
    to_act: list[SeatEnum]
    is_your_turn: bool
    turn_deadline: datetime.datetime | None
    legal_cards: list[str]
    trick: CurrentTrick | None
    tricks: list[CompletedTrick]
    hearts_broken: bool
    tricks_won: ScoresBySeat
    hand_points: ScoresBySeat
    scores: ScoresBySeat
    players: list[Player]
    rules: RuleSet
    result: MatchResult | None
    fixed_deals: int
    hints: bool
    end_started_after: int | None
    refusal: None | PlayRefusal
    pass_: None | PassInfo
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.current_trick import CurrentTrick  # noqa: PLC0415
        from ..models.match_result import MatchResult  # noqa: PLC0415
        from ..models.pass_info import PassInfo  # noqa: PLC0415
        from ..models.play_refusal import PlayRefusal  # noqa: PLC0415

        match_id = str(self.match_id)

        version = self.version

        status: str = self.status

        seat: None | str
        if isinstance(self.seat, str):
            seat = self.seat
        else:
            seat = self.seat

        hand_number = self.hand_number

        pass_direction: None | str
        if isinstance(self.pass_direction, str):
            pass_direction = self.pass_direction
        else:
            pass_direction = self.pass_direction

        hand = self.hand

        to_act = []
        for to_act_item_data in self.to_act:
            to_act_item: str = to_act_item_data
            to_act.append(to_act_item)

        is_your_turn = self.is_your_turn

        turn_deadline: None | str
        if isinstance(self.turn_deadline, datetime.datetime):
            turn_deadline = self.turn_deadline.isoformat()
        else:
            turn_deadline = self.turn_deadline

        legal_cards = self.legal_cards

        trick: dict[str, Any] | None
        if isinstance(self.trick, CurrentTrick):
            trick = self.trick.to_dict()
        else:
            trick = self.trick

        tricks = []
        for tricks_item_data in self.tricks:
            tricks_item = tricks_item_data.to_dict()
            tricks.append(tricks_item)

        hearts_broken = self.hearts_broken

        tricks_won = self.tricks_won.to_dict()

        hand_points = self.hand_points.to_dict()

        scores = self.scores.to_dict()

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        rules = self.rules.to_dict()

        result: dict[str, Any] | None
        if isinstance(self.result, MatchResult):
            result = self.result.to_dict()
        else:
            result = self.result

        fixed_deals = self.fixed_deals

        hints = self.hints

        end_started_after: int | None
        end_started_after = self.end_started_after

        refusal: dict[str, Any] | None
        if isinstance(self.refusal, PlayRefusal):
            refusal = self.refusal.to_dict()
        else:
            refusal = self.refusal

        pass_: dict[str, Any] | None
        if isinstance(self.pass_, PassInfo):
            pass_ = self.pass_.to_dict()
        else:
            pass_ = self.pass_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "match_id": match_id,
                "version": version,
                "status": status,
                "seat": seat,
                "hand_number": hand_number,
                "pass_direction": pass_direction,
                "hand": hand,
                "to_act": to_act,
                "is_your_turn": is_your_turn,
                "turn_deadline": turn_deadline,
                "legal_cards": legal_cards,
                "trick": trick,
                "tricks": tricks,
                "hearts_broken": hearts_broken,
                "tricks_won": tricks_won,
                "hand_points": hand_points,
                "scores": scores,
                "players": players,
                "rules": rules,
                "result": result,
                "fixed_deals": fixed_deals,
                "hints": hints,
                "end_started_after": end_started_after,
                "refusal": refusal,
                "pass": pass_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.completed_trick import CompletedTrick  # noqa: PLC0415
        from ..models.current_trick import CurrentTrick  # noqa: PLC0415
        from ..models.match_result import MatchResult  # noqa: PLC0415
        from ..models.pass_info import PassInfo  # noqa: PLC0415
        from ..models.play_refusal import PlayRefusal  # noqa: PLC0415
        from ..models.player import Player  # noqa: PLC0415
        from ..models.rule_set import RuleSet  # noqa: PLC0415
        from ..models.scores_by_seat import ScoresBySeat  # noqa: PLC0415

        d = dict(src_dict)
        match_id = UUID(d.pop("match_id"))

        version = d.pop("version")

        status = check_match_status_enum(d.pop("status"))

        def _parse_seat(data: object) -> None | SeatEnum:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                seat_type_0 = check_seat_enum(data)

                return seat_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SeatEnum, data)

        seat = _parse_seat(d.pop("seat"))

        hand_number = d.pop("hand_number")

        def _parse_pass_direction(data: object) -> None | PassDirectionEnum:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                pass_direction_type_0 = check_pass_direction_enum(data)

                return pass_direction_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PassDirectionEnum, data)

        pass_direction = _parse_pass_direction(d.pop("pass_direction"))

        hand = cast(list[str], d.pop("hand"))

        to_act = []
        _to_act = d.pop("to_act")
        for to_act_item_data in _to_act:
            to_act_item = check_seat_enum(to_act_item_data)

            to_act.append(to_act_item)

        is_your_turn = d.pop("is_your_turn")

        def _parse_turn_deadline(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                turn_deadline_type_0 = datetime.datetime.fromisoformat(data)

                return turn_deadline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        turn_deadline = _parse_turn_deadline(d.pop("turn_deadline"))

        legal_cards = cast(list[str], d.pop("legal_cards"))

        def _parse_trick(data: object) -> CurrentTrick | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                trick_type_0 = CurrentTrick.from_dict(data)

                return trick_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CurrentTrick | None, data)

        trick = _parse_trick(d.pop("trick"))

        tricks = []
        _tricks = d.pop("tricks")
        for tricks_item_data in _tricks:
            tricks_item = CompletedTrick.from_dict(tricks_item_data)

            tricks.append(tricks_item)

        hearts_broken = d.pop("hearts_broken")

        tricks_won = ScoresBySeat.from_dict(d.pop("tricks_won"))

        hand_points = ScoresBySeat.from_dict(d.pop("hand_points"))

        scores = ScoresBySeat.from_dict(d.pop("scores"))

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = Player.from_dict(players_item_data)

            players.append(players_item)

        rules = RuleSet.from_dict(d.pop("rules"))

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

        hints = d.pop("hints")

        def _parse_end_started_after(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        end_started_after = _parse_end_started_after(d.pop("end_started_after"))

        def _parse_refusal(data: object) -> None | PlayRefusal:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                refusal_type_0 = PlayRefusal.from_dict(data)

                return refusal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlayRefusal, data)

        refusal = _parse_refusal(d.pop("refusal"))

        def _parse_pass_(data: object) -> None | PassInfo:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                pass_type_0 = PassInfo.from_dict(data)

                return pass_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PassInfo, data)

        pass_ = _parse_pass_(d.pop("pass"))

        seat_view = cls(
            match_id=match_id,
            version=version,
            status=status,
            seat=seat,
            hand_number=hand_number,
            pass_direction=pass_direction,
            hand=hand,
            to_act=to_act,
            is_your_turn=is_your_turn,
            turn_deadline=turn_deadline,
            legal_cards=legal_cards,
            trick=trick,
            tricks=tricks,
            hearts_broken=hearts_broken,
            tricks_won=tricks_won,
            hand_points=hand_points,
            scores=scores,
            players=players,
            rules=rules,
            result=result,
            fixed_deals=fixed_deals,
            hints=hints,
            end_started_after=end_started_after,
            refusal=refusal,
            pass_=pass_,
        )

        seat_view.additional_properties = d
        return seat_view

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
