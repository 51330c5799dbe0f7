from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.bot_options_request import BotOptionsRequest
    from ..models.bot_seat_spec_request import BotSeatSpecRequest
    from ..models.invited_seat_spec_request import InvitedSeatSpecRequest
    from ..models.open_seat_spec_request import OpenSeatSpecRequest
    from ..models.player_seat_spec_request import PlayerSeatSpecRequest
    from ..models.rules_request import RulesRequest


T = TypeVar("T", bound="MatchCreateRequest")


@_attrs_define
class MatchCreateRequest:
    """A request body; a field it does not name is refused (400 unknown_field).

    Attributes:
        seats (list[BotSeatSpecRequest | InvitedSeatSpecRequest | OpenSeatSpecRequest | PlayerSeatSpecRequest]): north,
            east, south, west, in order
        rules (None | RulesRequest | Unset):
        deals (list[list[list[str]]] | None | Unset): Explicit deals for the first hands: each is four lists of 13 cards
            (north, east, south, west), before passing, holding each of the 52 cards once (a card named twice is 422
            duplicate_cards).
        bots (BotOptionsRequest | None | Unset): How the bots move: a pause before each bot move (delay_ms) and the
            expert bot's thinking time (think_ms). Left out or null: the defaults.
        turn_timeout_s (int | None | Unset): Seconds a player's turn may last (5..86400). Null or left out: 60
            (OPEN_SEAT_TURN_TIMEOUT_S) when a seat is open, so nobody who joins can hold the table; else turns never time
            out. When it runs out (the view's turn_deadline), a stand-in bot (hard) makes that one move for each player
            still to act, marked `auto` in the log, within moments, and the player plays on; a move the player sends before
            then is taken. A pass or play that comes in before a stand-in moved for the seat is refused (412 stale_version),
            so it cannot land on the next turn.
        hints (bool | Unset): Whether the players may ask for a hint when they are to act (GET /matches/{id}/hint). A
            match with hints is unrated and counts in no record. Default: False.
    """

    seats: list[BotSeatSpecRequest | InvitedSeatSpecRequest | OpenSeatSpecRequest | PlayerSeatSpecRequest]
    rules: None | RulesRequest | Unset = UNSET
    deals: list[list[list[str]]] | None | Unset = UNSET
    bots: BotOptionsRequest | None | Unset = UNSET
    turn_timeout_s: int | None | Unset = UNSET
    hints: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        from ..models.bot_options_request import BotOptionsRequest  # noqa: PLC0415
        from ..models.bot_seat_spec_request import BotSeatSpecRequest  # noqa: PLC0415
        from ..models.open_seat_spec_request import OpenSeatSpecRequest  # noqa: PLC0415
        from ..models.player_seat_spec_request import PlayerSeatSpecRequest  # noqa: PLC0415
        from ..models.rules_request import RulesRequest  # noqa: PLC0415

        seats = []
        for seats_item_data in self.seats:
            seats_item: dict[str, Any]
            if isinstance(seats_item_data, PlayerSeatSpecRequest):
                seats_item = seats_item_data.to_dict()
            elif isinstance(seats_item_data, OpenSeatSpecRequest):
                seats_item = seats_item_data.to_dict()
            elif isinstance(seats_item_data, BotSeatSpecRequest):
                seats_item = seats_item_data.to_dict()
            else:
                seats_item = seats_item_data.to_dict()

            seats.append(seats_item)

        rules: dict[str, Any] | None | Unset
        if isinstance(self.rules, Unset):
            rules = UNSET
        elif isinstance(self.rules, RulesRequest):
            rules = self.rules.to_dict()
        else:
            rules = self.rules

        deals: list[list[list[str]]] | None | Unset
        if isinstance(self.deals, Unset):
            deals = UNSET
        elif isinstance(self.deals, list):
            deals = []
            for deals_type_0_item_data in self.deals:
                deals_type_0_item = []
                for deals_type_0_item_item_data in deals_type_0_item_data:
                    deals_type_0_item_item = deals_type_0_item_item_data

                    deals_type_0_item.append(deals_type_0_item_item)

                deals.append(deals_type_0_item)

        else:
            deals = self.deals

        bots: dict[str, Any] | None | Unset
        if isinstance(self.bots, Unset):
            bots = UNSET
        elif isinstance(self.bots, BotOptionsRequest):
            bots = self.bots.to_dict()
        else:
            bots = self.bots

        turn_timeout_s: int | None | Unset
        if isinstance(self.turn_timeout_s, Unset):
            turn_timeout_s = UNSET
        else:
            turn_timeout_s = self.turn_timeout_s

        hints = self.hints

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seats": seats,
            }
        )
        if rules is not UNSET:
            field_dict["rules"] = rules
        if deals is not UNSET:
            field_dict["deals"] = deals
        if bots is not UNSET:
            field_dict["bots"] = bots
        if turn_timeout_s is not UNSET:
            field_dict["turn_timeout_s"] = turn_timeout_s
        if hints is not UNSET:
            field_dict["hints"] = hints

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bot_options_request import BotOptionsRequest  # noqa: PLC0415
        from ..models.bot_seat_spec_request import BotSeatSpecRequest  # noqa: PLC0415
        from ..models.invited_seat_spec_request import InvitedSeatSpecRequest  # noqa: PLC0415
        from ..models.open_seat_spec_request import OpenSeatSpecRequest  # noqa: PLC0415
        from ..models.player_seat_spec_request import PlayerSeatSpecRequest  # noqa: PLC0415
        from ..models.rules_request import RulesRequest  # noqa: PLC0415

        d = dict(src_dict)
        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:

            def _parse_seats_item(
                data: object,
            ) -> BotSeatSpecRequest | InvitedSeatSpecRequest | OpenSeatSpecRequest | PlayerSeatSpecRequest:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_seat_spec_request_type_0 = PlayerSeatSpecRequest.from_dict(data)

                    return componentsschemas_seat_spec_request_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_seat_spec_request_type_1 = OpenSeatSpecRequest.from_dict(data)

                    return componentsschemas_seat_spec_request_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_seat_spec_request_type_2 = BotSeatSpecRequest.from_dict(data)

                    return componentsschemas_seat_spec_request_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_seat_spec_request_type_3 = InvitedSeatSpecRequest.from_dict(data)

                return componentsschemas_seat_spec_request_type_3

            seats_item = _parse_seats_item(seats_item_data)

            seats.append(seats_item)

        def _parse_rules(data: object) -> None | RulesRequest | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rules_type_0 = RulesRequest.from_dict(data)

                return rules_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RulesRequest | Unset, data)

        rules = _parse_rules(d.pop("rules", UNSET))

        def _parse_deals(data: object) -> list[list[list[str]]] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                deals_type_0 = []
                _deals_type_0 = data
                for deals_type_0_item_data in _deals_type_0:
                    deals_type_0_item = []
                    _deals_type_0_item = deals_type_0_item_data
                    for deals_type_0_item_item_data in _deals_type_0_item:
                        deals_type_0_item_item = cast(list[str], deals_type_0_item_item_data)

                        deals_type_0_item.append(deals_type_0_item_item)

                    deals_type_0.append(deals_type_0_item)

                return deals_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[list[list[str]]] | None | Unset, data)

        deals = _parse_deals(d.pop("deals", UNSET))

        def _parse_bots(data: object) -> BotOptionsRequest | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                bots_type_0 = BotOptionsRequest.from_dict(data)

                return bots_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BotOptionsRequest | None | Unset, data)

        bots = _parse_bots(d.pop("bots", UNSET))

        def _parse_turn_timeout_s(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn_timeout_s = _parse_turn_timeout_s(d.pop("turn_timeout_s", UNSET))

        hints = d.pop("hints", UNSET)

        match_create_request = cls(
            seats=seats,
            rules=rules,
            deals=deals,
            bots=bots,
            turn_timeout_s=turn_timeout_s,
            hints=hints,
        )

        return match_create_request
