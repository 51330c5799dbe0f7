from typing import Literal

MatchEndedEventType = Literal["match_ended"]

MATCH_ENDED_EVENT_TYPE_VALUES: set[MatchEndedEventType] = {
    "match_ended",
}


def check_match_ended_event_type(value: str) -> MatchEndedEventType:
    if value in MATCH_ENDED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MATCH_ENDED_EVENT_TYPE_VALUES!r}")
