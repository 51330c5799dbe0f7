from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PlayerCreateRequest")


@_attrs_define
class PlayerCreateRequest:
    """A request body; a field it does not name is refused (400 unknown_field).

    Attributes:
        username (str): 1 to 150 of: ASCII letters, digits and @ . + - _, not dots alone; unique ignoring case (409
            username_taken)
        password (str | Unset): Optional: lets the player mint tokens with HTTP Basic credentials (POST /tokens). 8 to
            128 characters, not entirely numeric, not a common password, not too like the username; else 400 invalid_request
            with the reason's code (password_too_common, ...). Left out, the player has tokens only.
        bot (bool | Unset): true: a bot account, a program that plays, shown as a bot wherever it sits (is_bot); sent
            with a bearer token, that token's player is its owner. A bot account may not take the daily challenge; it is one
            for good. Default: False.
    """

    username: str
    password: str | Unset = UNSET
    bot: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        password = self.password

        bot = self.bot

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "username": username,
            }
        )
        if password is not UNSET:
            field_dict["password"] = password
        if bot is not UNSET:
            field_dict["bot"] = bot

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        username = d.pop("username")

        password = d.pop("password", UNSET)

        bot = d.pop("bot", UNSET)

        player_create_request = cls(
            username=username,
            password=password,
            bot=bot,
        )

        return player_create_request
