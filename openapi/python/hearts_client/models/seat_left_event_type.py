from typing import Literal

SeatLeftEventType = Literal["seat_left"]

SEAT_LEFT_EVENT_TYPE_VALUES: set[SeatLeftEventType] = {
    "seat_left",
}


def check_seat_left_event_type(value: str) -> SeatLeftEventType:
    if value in SEAT_LEFT_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SEAT_LEFT_EVENT_TYPE_VALUES!r}")
