from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_delivery_status_enum import WebhookDeliveryStatusEnum, check_webhook_delivery_status_enum
from ..models.webhook_event_enum import WebhookEventEnum, check_webhook_event_enum

if TYPE_CHECKING:
    from ..models.webhook_delivery_payload import WebhookDeliveryPayload


T = TypeVar("T", bound="WebhookDelivery")


@_attrs_define
class WebhookDelivery:
    """
    Attributes:
        id (UUID): its webhook-id header: the same on every attempt
        type_ (WebhookEventEnum): * `turn` - turn
            * `invitation` - invitation
            * `match_ended` - match_ended
        payload (WebhookDeliveryPayload): the JSON body sent: type, match_id, version, and seat (turn, invitation) or
            status (match_ended)
        status (WebhookDeliveryStatusEnum): * `pending` - pending
            * `delivered` - delivered
            * `failed` - failed
        attempts (int):
        next_attempt_at (datetime.datetime): while pending: when it is tried
        last_status_code (int | None): the endpoint's answer to the last attempt; null before one, or when none came
        last_error (str): why the last attempt got no answer, if so
        created_at (datetime.datetime):
        delivered_at (datetime.datetime | None):
    """

    id: UUID
    type_: WebhookEventEnum
    payload: WebhookDeliveryPayload
    status: WebhookDeliveryStatusEnum
    attempts: int
    next_attempt_at: datetime.datetime
    last_status_code: int | None
    last_error: str
    created_at: datetime.datetime
    delivered_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        type_: str = self.type_

        payload = self.payload.to_dict()

        status: str = self.status

        attempts = self.attempts

        next_attempt_at = self.next_attempt_at.isoformat()

        last_status_code: int | None
        last_status_code = self.last_status_code

        last_error = self.last_error

        created_at = self.created_at.isoformat()

        delivered_at: None | str
        if isinstance(self.delivered_at, datetime.datetime):
            delivered_at = self.delivered_at.isoformat()
        else:
            delivered_at = self.delivered_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "type": type_,
                "payload": payload,
                "status": status,
                "attempts": attempts,
                "next_attempt_at": next_attempt_at,
                "last_status_code": last_status_code,
                "last_error": last_error,
                "created_at": created_at,
                "delivered_at": delivered_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_delivery_payload import WebhookDeliveryPayload  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        type_ = check_webhook_event_enum(d.pop("type"))

        payload = WebhookDeliveryPayload.from_dict(d.pop("payload"))

        status = check_webhook_delivery_status_enum(d.pop("status"))

        attempts = d.pop("attempts")

        next_attempt_at = datetime.datetime.fromisoformat(d.pop("next_attempt_at"))

        def _parse_last_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_status_code = _parse_last_status_code(d.pop("last_status_code"))

        last_error = d.pop("last_error")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_delivered_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivered_at_type_0 = datetime.datetime.fromisoformat(data)

                return delivered_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        delivered_at = _parse_delivered_at(d.pop("delivered_at"))

        webhook_delivery = cls(
            id=id,
            type_=type_,
            payload=payload,
            status=status,
            attempts=attempts,
            next_attempt_at=next_attempt_at,
            last_status_code=last_status_code,
            last_error=last_error,
            created_at=created_at,
            delivered_at=delivered_at,
        )

        webhook_delivery.additional_properties = d
        return webhook_delivery

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
