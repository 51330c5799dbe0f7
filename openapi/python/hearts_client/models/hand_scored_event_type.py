from typing import Literal

HandScoredEventType = Literal["hand_scored"]

HAND_SCORED_EVENT_TYPE_VALUES: set[HandScoredEventType] = {
    "hand_scored",
}


def check_hand_scored_event_type(value: str) -> HandScoredEventType:
    if value in HAND_SCORED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {HAND_SCORED_EVENT_TYPE_VALUES!r}")
