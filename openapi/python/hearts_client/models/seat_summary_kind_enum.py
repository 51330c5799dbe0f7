from typing import Literal

SeatSummaryKindEnum = Literal["bot", "invited", "open", "player"]

SEAT_SUMMARY_KIND_ENUM_VALUES: set[SeatSummaryKindEnum] = {
    "bot",
    "invited",
    "open",
    "player",
}


def check_seat_summary_kind_enum(value: str) -> SeatSummaryKindEnum:
    if value in SEAT_SUMMARY_KIND_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SEAT_SUMMARY_KIND_ENUM_VALUES!r}")
