from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_enum import SeatEnum, check_seat_enum
from ..models.teaches_enum import TeachesEnum, check_teaches_enum

T = TypeVar("T", bound="LessonPrompt")


@_attrs_define
class LessonPrompt:
    """A lesson as its match shows it: what it asks of you, from which seat.

    Attributes:
        slug (str):
        order (int): the lessons' order, from 1
        title (str):
        teaches (TeachesEnum): * `passing` - passing
            * `pass_rotation` - pass_rotation
            * `two_of_clubs` - two_of_clubs
            * `following_suit` - following_suit
            * `clean_first_trick` - clean_first_trick
            * `sloughing` - sloughing
            * `hearts_broken` - hearts_broken
            * `queen_of_spades` - queen_of_spades
            * `shooting_the_moon` - shooting_the_moon
            * `scoring` - scoring
            * `end_of_match` - end_of_match
            * `jack_of_diamonds` - jack_of_diamonds
            * `shoot_the_sun` - shoot_the_sun
            * `queen_breaks_hearts` - queen_breaks_hearts
            * `moon_scoring` - moon_scoring
            * `pass_count` - pass_count
        seat (SeatEnum): * `north` - north
            * `east` - east
            * `south` - south
            * `west` - west
        prompt (str):
    """

    slug: str
    order: int
    title: str
    teaches: TeachesEnum
    seat: SeatEnum
    prompt: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        slug = self.slug

        order = self.order

        title = self.title

        teaches: str = self.teaches

        seat: str = self.seat

        prompt = self.prompt

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "slug": slug,
                "order": order,
                "title": title,
                "teaches": teaches,
                "seat": seat,
                "prompt": prompt,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        slug = d.pop("slug")

        order = d.pop("order")

        title = d.pop("title")

        teaches = check_teaches_enum(d.pop("teaches"))

        seat = check_seat_enum(d.pop("seat"))

        prompt = d.pop("prompt")

        lesson_prompt = cls(
            slug=slug,
            order=order,
            title=title,
            teaches=teaches,
            seat=seat,
            prompt=prompt,
        )

        lesson_prompt.additional_properties = d
        return lesson_prompt

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
