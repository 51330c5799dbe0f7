from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.opponent_record import OpponentRecord
    from ..models.rating import Rating


T = TypeVar("T", bound="PlayerProfile")


@_attrs_define
class PlayerProfile:
    """A player's record over the matches they held a seat in when it ended (a seat they
    left to a bot counts as theirs).

        Attributes:
            username (str):
            is_bot (bool): a bot account: a program plays as this player
            owner (None | str): the player who registered this bot account; null for a person, or a bot account nobody owns
            matches_played (int): won, shared, lost and aborted
            matches_won (int): with the only lowest total
            matches_shared (int): with a lowest total tied with others
            matches_lost (int):
            matches_aborted (int): ended with no result
            hands_played (int):
            moons_shot (int):
            suns_shot (int):
            rating (None | Rating): null before the first rated match (finished, deals shuffled by the server, a player
                seated)
            records (list[OpponentRecord]): one per set of opponents met in a finished match, by opponents
    """

    username: str
    is_bot: bool
    owner: None | str
    matches_played: int
    matches_won: int
    matches_shared: int
    matches_lost: int
    matches_aborted: int
    hands_played: int
    moons_shot: int
    suns_shot: int
    rating: None | Rating
    records: list[OpponentRecord]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.rating import Rating  # noqa: PLC0415

        username = self.username

        is_bot = self.is_bot

        owner: None | str
        owner = self.owner

        matches_played = self.matches_played

        matches_won = self.matches_won

        matches_shared = self.matches_shared

        matches_lost = self.matches_lost

        matches_aborted = self.matches_aborted

        hands_played = self.hands_played

        moons_shot = self.moons_shot

        suns_shot = self.suns_shot

        rating: dict[str, Any] | None
        if isinstance(self.rating, Rating):
            rating = self.rating.to_dict()
        else:
            rating = self.rating

        records = []
        for records_item_data in self.records:
            records_item = records_item_data.to_dict()
            records.append(records_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "username": username,
                "is_bot": is_bot,
                "owner": owner,
                "matches_played": matches_played,
                "matches_won": matches_won,
                "matches_shared": matches_shared,
                "matches_lost": matches_lost,
                "matches_aborted": matches_aborted,
                "hands_played": hands_played,
                "moons_shot": moons_shot,
                "suns_shot": suns_shot,
                "rating": rating,
                "records": records,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.opponent_record import OpponentRecord  # noqa: PLC0415
        from ..models.rating import Rating  # noqa: PLC0415

        d = dict(src_dict)
        username = d.pop("username")

        is_bot = d.pop("is_bot")

        def _parse_owner(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        owner = _parse_owner(d.pop("owner"))

        matches_played = d.pop("matches_played")

        matches_won = d.pop("matches_won")

        matches_shared = d.pop("matches_shared")

        matches_lost = d.pop("matches_lost")

        matches_aborted = d.pop("matches_aborted")

        hands_played = d.pop("hands_played")

        moons_shot = d.pop("moons_shot")

        suns_shot = d.pop("suns_shot")

        def _parse_rating(data: object) -> None | Rating:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rating_type_0 = Rating.from_dict(data)

                return rating_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Rating, data)

        rating = _parse_rating(d.pop("rating"))

        records = []
        _records = d.pop("records")
        for records_item_data in _records:
            records_item = OpponentRecord.from_dict(records_item_data)

            records.append(records_item)

        player_profile = cls(
            username=username,
            is_bot=is_bot,
            owner=owner,
            matches_played=matches_played,
            matches_won=matches_won,
            matches_shared=matches_shared,
            matches_lost=matches_lost,
            matches_aborted=matches_aborted,
            hands_played=hands_played,
            moons_shot=moons_shot,
            suns_shot=suns_shot,
            rating=rating,
            records=records,
        )

        player_profile.additional_properties = d
        return player_profile

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
