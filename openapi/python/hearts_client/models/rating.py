from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Rating")


@_attrs_define
class Rating:
    """
    Attributes:
        conservative (float): The conservative estimate of skill, mu - 3 sigma (openskill, Plackett-Luce): 0 at the
            start, higher is stronger; the leaderboard's order.
        mu (float): the estimate of skill (25 at the start)
        sigma (float): its uncertainty (8.333 at the start)
        matches_rated (int):
    """

    conservative: float
    mu: float
    sigma: float
    matches_rated: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        conservative = self.conservative

        mu = self.mu

        sigma = self.sigma

        matches_rated = self.matches_rated

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "conservative": conservative,
                "mu": mu,
                "sigma": sigma,
                "matches_rated": matches_rated,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        conservative = d.pop("conservative")

        mu = d.pop("mu")

        sigma = d.pop("sigma")

        matches_rated = d.pop("matches_rated")

        rating = cls(
            conservative=conservative,
            mu=mu,
            sigma=sigma,
            matches_rated=matches_rated,
        )

        rating.additional_properties = d
        return rating

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
