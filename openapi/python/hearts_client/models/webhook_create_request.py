from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.webhook_event_enum import WebhookEventEnum, check_webhook_event_enum

T = TypeVar("T", bound="WebhookCreateRequest")


@_attrs_define
class WebhookCreateRequest:
    """A request body; a field it does not name is refused (400 unknown_field).

    Attributes:
        url (str): where deliveries are POSTed: https, with a host name or an address outside private ranges (unless the
            server's WEBHOOK_ALLOW_PRIVATE), else 422 url_not_allowed; a name is resolved at each delivery, which is refused
            while it resolves to a private address
        events (list[WebhookEventEnum]): turn: it is your turn in a match (a seat of yours is newly to act); invitation:
            a seat is held for you; match_ended: a match you played ended (finished or aborted)
    """

    url: str
    events: list[WebhookEventEnum]

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        events = []
        for events_item_data in self.events:
            events_item: str = events_item_data
            events.append(events_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
                "events": events,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = check_webhook_event_enum(events_item_data)

            events.append(events_item)

        webhook_create_request = cls(
            url=url,
            events=events,
        )

        return webhook_create_request
