from typing import Literal

HandDealtEventType = Literal["hand_dealt"]

HAND_DEALT_EVENT_TYPE_VALUES: set[HandDealtEventType] = {
    "hand_dealt",
}


def check_hand_dealt_event_type(value: str) -> HandDealtEventType:
    if value in HAND_DEALT_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {HAND_DEALT_EVENT_TYPE_VALUES!r}")
