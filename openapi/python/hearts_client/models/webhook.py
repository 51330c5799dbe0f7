from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_event_enum import WebhookEventEnum, check_webhook_event_enum

T = TypeVar("T", bound="Webhook")


@_attrs_define
class Webhook:
    """
    Attributes:
        id (UUID):
        url (str): as registered
        events (list[WebhookEventEnum]):
        enabled (bool): false once a delivery failed 10 times (about a day of retries): nothing more is sent until POST
            /webhooks/{id}/enable
        deliveries_dropped (int): deliveries owed while it held WEBHOOK_PENDING_MAX (1000) pending, since it was
            registered: neither kept nor sent
        created_at (datetime.datetime):
    """

    id: UUID
    url: str
    events: list[WebhookEventEnum]
    enabled: bool
    deliveries_dropped: int
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        url = self.url

        events = []
        for events_item_data in self.events:
            events_item: str = events_item_data
            events.append(events_item)

        enabled = self.enabled

        deliveries_dropped = self.deliveries_dropped

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "url": url,
                "events": events,
                "enabled": enabled,
                "deliveries_dropped": deliveries_dropped,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        url = d.pop("url")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = check_webhook_event_enum(events_item_data)

            events.append(events_item)

        enabled = d.pop("enabled")

        deliveries_dropped = d.pop("deliveries_dropped")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        webhook = cls(
            id=id,
            url=url,
            events=events,
            enabled=enabled,
            deliveries_dropped=deliveries_dropped,
            created_at=created_at,
        )

        webhook.additional_properties = d
        return webhook

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
