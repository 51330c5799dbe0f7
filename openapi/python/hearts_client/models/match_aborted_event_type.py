from typing import Literal

MatchAbortedEventType = Literal["match_aborted"]

MATCH_ABORTED_EVENT_TYPE_VALUES: set[MatchAbortedEventType] = {
    "match_aborted",
}


def check_match_aborted_event_type(value: str) -> MatchAbortedEventType:
    if value in MATCH_ABORTED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MATCH_ABORTED_EVENT_TYPE_VALUES!r}")
