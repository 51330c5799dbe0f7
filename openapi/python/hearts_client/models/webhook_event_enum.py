from typing import Literal

WebhookEventEnum = Literal["invitation", "match_ended", "turn"]

WEBHOOK_EVENT_ENUM_VALUES: set[WebhookEventEnum] = {
    "invitation",
    "match_ended",
    "turn",
}


def check_webhook_event_enum(value: str) -> WebhookEventEnum:
    if value in WEBHOOK_EVENT_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOK_EVENT_ENUM_VALUES!r}")
