"""Reading the admin's pages in tests: the card elements of the table page, and the
table replayed independently from the stored events."""

from __future__ import annotations

import re
from collections import defaultdict

from django.urls import reverse

from games.engine import MatchState, event_from_json, replay
from games.models import Event, Match

CARD = re.compile(r'data-role="([\w-]+)" data-seat="(\w+)" data-card="(\w+)"')


def cards_shown(html: str) -> dict[tuple[str, str], list[str]]:
    """``(role, seat) -> card codes`` of the page's card elements, in page order."""
    shown: dict[tuple[str, str], list[str]] = defaultdict(list)
    for role, seat, card in CARD.findall(html):
        shown[role, seat].append(card)
    return dict(shown)


def replayed(match: Match, seq: int) -> MatchState:
    """The state after event ``seq``, replayed here from the rows."""
    rows = Event.objects.filter(match=match, seq__lte=seq).order_by("seq")
    return replay(event_from_json(row.payload) for row in rows)


def table_url(match: Match, **query: object) -> str:
    url = reverse("admin:games_match_table", args=[match.pk])
    return url + ("?" + "&".join(f"{key}={value}" for key, value in query.items()) if query else "")


def trick_taken_seq(match: Match, hand_number: int, trick_number: int) -> int:
    """The seq of the ``trick_taken`` of trick ``trick_number`` in hand ``hand_number``,
    found by walking the log."""
    hand = 0
    for row in Event.objects.filter(match=match).order_by("seq"):
        if row.type == "hand_dealt":
            hand = row.payload["hand_number"]
        if (row.type, hand) == ("trick_taken", hand_number) and row.payload["number"] == trick_number:
            return row.seq
    raise AssertionError(f"no trick {trick_number} in hand {hand_number}")
