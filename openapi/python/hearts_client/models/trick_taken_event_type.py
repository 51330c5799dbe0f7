from typing import Literal

TrickTakenEventType = Literal["trick_taken"]

TRICK_TAKEN_EVENT_TYPE_VALUES: set[TrickTakenEventType] = {
    "trick_taken",
}


def check_trick_taken_event_type(value: str) -> TrickTakenEventType:
    if value in TRICK_TAKEN_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TRICK_TAKEN_EVENT_TYPE_VALUES!r}")
