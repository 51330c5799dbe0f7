from typing import Literal

LeaderboardListKind = Literal["bot", "builtin", "player"]

LEADERBOARD_LIST_KIND_VALUES: set[LeaderboardListKind] = {
    "bot",
    "builtin",
    "player",
}


def check_leaderboard_list_kind(value: str) -> LeaderboardListKind:
    if value in LEADERBOARD_LIST_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LEADERBOARD_LIST_KIND_VALUES!r}")
