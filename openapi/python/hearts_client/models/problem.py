from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_enum import SeatEnum, check_seat_enum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.field_error import FieldError


T = TypeVar("T", bound="Problem")


@_attrs_define
class Problem:
    """An RFC 9457 problem details object (``application/problem+json``). ``type`` resolves
    to a page about the code (``GET /problems/<code>``).

        Attributes:
            type_ (str): /problems/<code>
            title (str):
            status (int):
            detail (str):
            code (str): stable machine-readable code, one page each at /problems/<code>; today one of invalid_request,
                unknown_card, not_authenticated, not_seated, not_creator, permission_denied, bot_account_required,
                not_for_bot_accounts, registration_closed, not_found, method_not_allowed, not_acceptable, not_your_turn,
                wrong_phase, match_finished, match_not_finished, hints_disabled, already_passed, already_seated,
                not_replaceable, username_taken, seat_taken, match_full, request_in_progress, daily_closed, invitation_closed,
                daily_attempted, stale_version, payload_too_large, unsupported_media_type, range_not_satisfiable,
                must_lead_two_of_clubs, must_follow_suit, no_points_on_first_trick, hearts_not_broken, card_not_in_hand,
                wrong_pass_count, duplicate_cards, idempotency_key_reused, url_not_allowed, throttled, quota_exceeded,
                server_error, unavailable (a client should expect new ones)
            legal_cards (list[str] | Unset): with rule refusals: what you may play or pass
            errors (list[FieldError] | Unset): always with invalid_request and unknown_card: the faults, the first found
            to_act (list[SeatEnum] | Unset): with not_your_turn: the seats to act
            version (int | Unset): with stale_version: the current version
            seat (SeatEnum | Unset): * `north` - north
                * `east` - east
                * `south` - south
                * `west` - west
            retry_after (int | Unset): with throttled, unavailable and a rate's quota_exceeded: seconds to wait
            quota (str | Unset): with quota_exceeded: the quota's name (tokens, match_creations, idempotency_keys, ...)
            limit (int | Unset): with quota_exceeded: how many may be held, or with period_s, how many a window allows
            period_s (int | Unset): with quota_exceeded for a rate: its window, in seconds
            match_id (UUID | Unset): with daily_attempted: the match of your attempt
            invitation_status (str | Unset): with invitation_closed: what became of the invitation
            database (str | Unset): with unavailable at /healthz: "ok" or "error: <exception class>"
            broker (str | Unset): with unavailable at /healthz: "ok", "error: <exception class>", or "none (tasks run in-
                process)"
            redis (str | Unset): with unavailable at /healthz: "ok", "error: <exception class>", or "none (no REDIS_URL)"
    """

    type_: str
    title: str
    status: int
    detail: str
    code: str
    legal_cards: list[str] | Unset = UNSET
    errors: list[FieldError] | Unset = UNSET
    to_act: list[SeatEnum] | Unset = UNSET
    version: int | Unset = UNSET
    seat: SeatEnum | Unset = UNSET
    retry_after: int | Unset = UNSET
    quota: str | Unset = UNSET
    limit: int | Unset = UNSET
    period_s: int | Unset = UNSET
    match_id: UUID | Unset = UNSET
    invitation_status: str | Unset = UNSET
    database: str | Unset = UNSET
    broker: str | Unset = UNSET
    redis: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        title = self.title

        status = self.status

        detail = self.detail

        code = self.code

        legal_cards: list[str] | Unset = UNSET
        if not isinstance(self.legal_cards, Unset):
            legal_cards = self.legal_cards

        errors: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = []
            for errors_item_data in self.errors:
                errors_item = errors_item_data.to_dict()
                errors.append(errors_item)

        to_act: list[str] | Unset = UNSET
        if not isinstance(self.to_act, Unset):
            to_act = []
            for to_act_item_data in self.to_act:
                to_act_item: str = to_act_item_data
                to_act.append(to_act_item)

        version = self.version

        seat: str | Unset = UNSET
        if not isinstance(self.seat, Unset):
            seat = self.seat

        retry_after = self.retry_after

        quota = self.quota

        limit = self.limit

        period_s = self.period_s

        match_id: str | Unset = UNSET
        if not isinstance(self.match_id, Unset):
            match_id = str(self.match_id)

        invitation_status = self.invitation_status

        database = self.database

        broker = self.broker

        redis = self.redis

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "title": title,
                "status": status,
                "detail": detail,
                "code": code,
            }
        )
        if legal_cards is not UNSET:
            field_dict["legal_cards"] = legal_cards
        if errors is not UNSET:
            field_dict["errors"] = errors
        if to_act is not UNSET:
            field_dict["to_act"] = to_act
        if version is not UNSET:
            field_dict["version"] = version
        if seat is not UNSET:
            field_dict["seat"] = seat
        if retry_after is not UNSET:
            field_dict["retry_after"] = retry_after
        if quota is not UNSET:
            field_dict["quota"] = quota
        if limit is not UNSET:
            field_dict["limit"] = limit
        if period_s is not UNSET:
            field_dict["period_s"] = period_s
        if match_id is not UNSET:
            field_dict["match_id"] = match_id
        if invitation_status is not UNSET:
            field_dict["invitation_status"] = invitation_status
        if database is not UNSET:
            field_dict["database"] = database
        if broker is not UNSET:
            field_dict["broker"] = broker
        if redis is not UNSET:
            field_dict["redis"] = redis

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.field_error import FieldError  # noqa: PLC0415

        d = dict(src_dict)
        type_ = d.pop("type")

        title = d.pop("title")

        status = d.pop("status")

        detail = d.pop("detail")

        code = d.pop("code")

        legal_cards = cast(list[str], d.pop("legal_cards", UNSET))

        _errors = d.pop("errors", UNSET)
        errors: list[FieldError] | Unset = UNSET
        if _errors is not UNSET:
            errors = []
            for errors_item_data in _errors:
                errors_item = FieldError.from_dict(errors_item_data)

                errors.append(errors_item)

        _to_act = d.pop("to_act", UNSET)
        to_act: list[SeatEnum] | Unset = UNSET
        if _to_act is not UNSET:
            to_act = []
            for to_act_item_data in _to_act:
                to_act_item = check_seat_enum(to_act_item_data)

                to_act.append(to_act_item)

        version = d.pop("version", UNSET)

        _seat = d.pop("seat", UNSET)
        seat: SeatEnum | Unset
        if isinstance(_seat, Unset):
            seat = UNSET
        else:
            seat = check_seat_enum(_seat)

        retry_after = d.pop("retry_after", UNSET)

        quota = d.pop("quota", UNSET)

        limit = d.pop("limit", UNSET)

        period_s = d.pop("period_s", UNSET)

        _match_id = d.pop("match_id", UNSET)
        match_id: UUID | Unset
        if isinstance(_match_id, Unset):
            match_id = UNSET
        else:
            match_id = UUID(_match_id)

        invitation_status = d.pop("invitation_status", UNSET)

        database = d.pop("database", UNSET)

        broker = d.pop("broker", UNSET)

        redis = d.pop("redis", UNSET)

        problem = cls(
            type_=type_,
            title=title,
            status=status,
            detail=detail,
            code=code,
            legal_cards=legal_cards,
            errors=errors,
            to_act=to_act,
            version=version,
            seat=seat,
            retry_after=retry_after,
            quota=quota,
            limit=limit,
            period_s=period_s,
            match_id=match_id,
            invitation_status=invitation_status,
            database=database,
            broker=broker,
            redis=redis,
        )

        problem.additional_properties = d
        return problem

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
