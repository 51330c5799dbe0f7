from typing import Literal

SeatReleasedEventType = Literal["seat_released"]

SEAT_RELEASED_EVENT_TYPE_VALUES: set[SeatReleasedEventType] = {
    "seat_released",
}


def check_seat_released_event_type(value: str) -> SeatReleasedEventType:
    if value in SEAT_RELEASED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SEAT_RELEASED_EVENT_TYPE_VALUES!r}")
