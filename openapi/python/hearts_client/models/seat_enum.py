from typing import Literal

SeatEnum = Literal["east", "north", "south", "west"]

SEAT_ENUM_VALUES: set[SeatEnum] = {
    "east",
    "north",
    "south",
    "west",
}


def check_seat_enum(value: str) -> SeatEnum:
    if value in SEAT_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SEAT_ENUM_VALUES!r}")
