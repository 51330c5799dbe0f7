from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.fastest_win import FastestWin


T = TypeVar("T", bound="OpponentRecord")


@_attrs_define
class OpponentRecord:
    """
    Attributes:
        opponents (str): The other three seats, each "human" (a player, or the bot holding a seat a player left) or its
            bot level, sorted and joined by commas: "easy,easy,easy", "hard,hard,human".
        matches_finished (int): finished against these opponents
        matches_won (int): with the only lowest total
        matches_shared (int): with a lowest total tied with others
        fastest_win (FastestWin | None): The won match that took the fewest hands (the earlier of two as fast); null
            until a win with deals the server shuffled (fixed deals set none).
    """

    opponents: str
    matches_finished: int
    matches_won: int
    matches_shared: int
    fastest_win: FastestWin | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.fastest_win import FastestWin  # noqa: PLC0415

        opponents = self.opponents

        matches_finished = self.matches_finished

        matches_won = self.matches_won

        matches_shared = self.matches_shared

        fastest_win: dict[str, Any] | None
        if isinstance(self.fastest_win, FastestWin):
            fastest_win = self.fastest_win.to_dict()
        else:
            fastest_win = self.fastest_win

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "opponents": opponents,
                "matches_finished": matches_finished,
                "matches_won": matches_won,
                "matches_shared": matches_shared,
                "fastest_win": fastest_win,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fastest_win import FastestWin  # noqa: PLC0415

        d = dict(src_dict)
        opponents = d.pop("opponents")

        matches_finished = d.pop("matches_finished")

        matches_won = d.pop("matches_won")

        matches_shared = d.pop("matches_shared")

        def _parse_fastest_win(data: object) -> FastestWin | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                fastest_win_type_0 = FastestWin.from_dict(data)

                return fastest_win_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FastestWin | None, data)

        fastest_win = _parse_fastest_win(d.pop("fastest_win"))

        opponent_record = cls(
            opponents=opponents,
            matches_finished=matches_finished,
            matches_won=matches_won,
            matches_shared=matches_shared,
            fastest_win=fastest_win,
        )

        opponent_record.additional_properties = d
        return opponent_record

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
