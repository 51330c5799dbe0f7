from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.ended_by_enum import EndedByEnum, check_ended_by_enum
from ..models.seat_enum import SeatEnum, check_seat_enum

if TYPE_CHECKING:
    from ..models.moon import Moon
    from ..models.standing import Standing


T = TypeVar("T", bound="MatchResult")


@_attrs_define
class MatchResult:
    """
    Attributes:
        standings (list[Standing]):
        winners (list[SeatEnum]):
        shared (bool): true when several seats share the win
        hands_played (int):
        moons (list[Moon]):
        ended_by (EndedByEnum | None): Why the match ended (docs/rules.md, "End of the match"): target_score (a total
            reached it and the tie rule settled the winners), max_hands (the rules' last hand), hand_cap (the last hand any
            match may have) or lesson (a lesson's match, ended after the learner's decision); null for a match that ended
            before results said why.

            * `target_score` - target_score
            * `max_hands` - max_hands
            * `hand_cap` - hand_cap
            * `lesson` - lesson
    """

    standings: list[Standing]
    winners: list[SeatEnum]
    shared: bool
    hands_played: int
    moons: list[Moon]
    ended_by: EndedByEnum | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        standings = []
        for standings_item_data in self.standings:
            standings_item = standings_item_data.to_dict()
            standings.append(standings_item)

        winners = []
        for winners_item_data in self.winners:
            winners_item: str = winners_item_data
            winners.append(winners_item)

        shared = self.shared

        hands_played = self.hands_played

        moons = []
        for moons_item_data in self.moons:
            moons_item = moons_item_data.to_dict()
            moons.append(moons_item)

        ended_by: None | str
        if isinstance(self.ended_by, str):
            ended_by = self.ended_by
        else:
            ended_by = self.ended_by

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "standings": standings,
                "winners": winners,
                "shared": shared,
                "hands_played": hands_played,
                "moons": moons,
                "ended_by": ended_by,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.moon import Moon  # noqa: PLC0415
        from ..models.standing import Standing  # noqa: PLC0415

        d = dict(src_dict)
        standings = []
        _standings = d.pop("standings")
        for standings_item_data in _standings:
            standings_item = Standing.from_dict(standings_item_data)

            standings.append(standings_item)

        winners = []
        _winners = d.pop("winners")
        for winners_item_data in _winners:
            winners_item = check_seat_enum(winners_item_data)

            winners.append(winners_item)

        shared = d.pop("shared")

        hands_played = d.pop("hands_played")

        moons = []
        _moons = d.pop("moons")
        for moons_item_data in _moons:
            moons_item = Moon.from_dict(moons_item_data)

            moons.append(moons_item)

        def _parse_ended_by(data: object) -> EndedByEnum | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ended_by_type_0 = check_ended_by_enum(data)

                return ended_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EndedByEnum | None, data)

        ended_by = _parse_ended_by(d.pop("ended_by"))

        match_result = cls(
            standings=standings,
            winners=winners,
            shared=shared,
            hands_played=hands_played,
            moons=moons,
            ended_by=ended_by,
        )

        match_result.additional_properties = d
        return match_result

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
