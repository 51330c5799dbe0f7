"""A daily attempt in the admin: until its day closes no staff member, superusers included,
sees any of its cards (its events without their fields, on the match's page or an event's
own page; no table, no tricks); once the day is over everything shows, as for any match."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, time

import pytest
from django.urls import reverse
from django.utils.html import escape

from bots import moves
from games import selectors, services
from games.engine import Seat, legal_cards, parse_cards, seat_view
from games.models import Event, Match, Trick
from hearts_api.admin_table import table_page

from .helpers import cards_shown, replayed, table_url

pytestmark = pytest.mark.django_db

# A Monday: its bots are easy, medium and hard (no searching bot: quick).
MONDAY = date(2025, 1, 6)
STAFF = ["staff_client", "root_client"]


def _at(day: date, hour: int) -> datetime:
    return datetime.combine(day, time(hour), tzinfo=UTC)


@pytest.fixture
def attempt(player, time_machine) -> Match:
    """``player``'s daily attempt of MONDAY, at noon that day: south passed its first three
    cards, then the bots passed and played up to south's turn; when south holds the two of
    clubs (the day's deal follows DAILY_SECRET) it leads and the bots play on to its next."""
    time_machine.move_to(_at(MONDAY, 12), tick=False)
    match = services.daily_match_create(player=player, day=MONDAY).match
    held = parse_cards(Match.objects.get(pk=match.pk).state["hand"]["holdings"][Seat.SOUTH])
    services.cards_pass(match_id=match.id, player=player, cards=held[:3])
    moves.run_due(seconds=float("inf"))
    if not Event.objects.filter(match=match, type="card_played").exists():
        state = selectors.match_state(Match.objects.get(pk=match.pk))
        services.card_play(match_id=match.id, player=player, card=legal_cards(state, Seat.SOUTH)[0])
        moves.run_due(seconds=float("inf"))
    return Match.objects.get(pk=match.pk)


@pytest.fixture
def day_over(attempt, time_machine) -> Match:
    """The same attempt, the next day (its deals are public)."""
    time_machine.move_to(_at(date(2025, 1, 7), 0), tick=False)
    return attempt


def _logged(match: Match, kind: str) -> Event:
    return Event.objects.filter(match=match, type=kind).order_by("seq").first()


def _html(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, response.content
    return response.content.decode()


def _secrets(match: Match) -> list[str]:
    """The stored deals, holdings and passes as the pages would print them (escaped JSON)."""
    dealt, exchanged = _logged(match, "hand_dealt"), _logged(match, "cards_exchanged")
    return [escape(json.dumps(cards)) for cards in (
        *_logged(match, "match_created").payload["deals"][0].values(),
        *dealt.payload["holdings"].values(), *exchanged.payload["passes"].values())]


def _log_fields(client, match: Match) -> dict[str, list[dict]]:
    response = client.get(reverse("admin:games_match_change", args=[match.pk]))
    fields: dict[str, list[dict]] = {}
    for row in response.context["events"].rows:
        fields.setdefault(row.type, []).append(row.fields)
    return fields


@pytest.mark.parametrize("who", STAFF)
def test_today_the_event_log_shows_no_field_of_any_event_to_any_staff_member(who, attempt, request):
    client = request.getfixturevalue(who)
    fields = _log_fields(client, attempt)
    assert {"match_created", "seat_taken", "hand_dealt", "cards_passed", "cards_exchanged",
            "card_played"} <= set(fields)
    assert all(shown == {} for rows in fields.values() for shown in rows)
    html = _html(client, reverse("admin:games_match_change", args=[attempt.pk]))
    assert 'id="unrevealed"' in html and 'id="table-link"' not in html
    assert "until its day closes (2025-01-07 00:00 UTC)" in " ".join(html.split())
    assert [secret for secret in _secrets(attempt) if secret in html] == []
    played = _logged(attempt, "card_played").payload["card"]
    assert escape(f'"card": "{played}"') not in html


@pytest.mark.parametrize("who", STAFF)
def test_today_an_events_own_page_shows_its_type_alone(who, attempt, request):
    client = request.getfixturevalue(who)
    for kind in ("hand_dealt", "card_played"):
        event = _logged(attempt, kind)
        html = _html(client, reverse("admin:games_event_change", args=[event.pk]))
        assert escape(json.dumps({"type": kind})) in html
    assert [secret for secret in _secrets(attempt) if secret in html] == []


@pytest.mark.parametrize("who", STAFF)
@pytest.mark.parametrize("viewer", ["all", "south", "spectator"])
def test_today_the_table_is_not_shown_as_anyone(who, viewer, attempt, request):
    client = request.getfixturevalue(who)
    response = client.get(table_url(attempt, at=attempt.version, **{"as": viewer}))
    assert response.status_code == 302
    assert response["Location"] == reverse("admin:games_match_change", args=[attempt.pk])
    with pytest.raises(ValueError, match="is not shown as"):
        table_page(match=attempt, at=attempt.version, viewer=viewer)


@pytest.mark.parametrize("who", STAFF)
def test_today_the_tricks_are_not_listed(who, attempt, request, player):
    client = request.getfixturevalue(who)
    view = seat_view(selectors.match_state(Match.objects.get(pk=attempt.pk)), Seat.SOUTH)
    services.card_play(match_id=attempt.id, player=player, card=view.legal_cards[0])
    moves.run_due(seconds=float("inf"))  # the trick is complete
    url = reverse("admin:games_trick_changelist") + f"?match__id__exact={attempt.pk}"
    assert Trick.objects.filter(match=attempt).exists()
    assert list(client.get(url).context["cl"].result_list) == []


@pytest.mark.parametrize(("list_name", "lookup"), [
    ("event", "payload__holdings__north__icontains"), ("match", "state__hand__holdings__0__icontains"),
    ("trick", "cards__icontains")])
def test_no_list_is_filtered_by_a_value_inside_a_json_field(list_name, lookup, staff_client, attempt):
    # A yes or no per card would give the day's deal away.
    url = reverse(f"admin:games_{list_name}_changelist")
    response = staff_client.get(url, {"match__id__exact": attempt.pk, lookup: "3C"}
                                if list_name != "match" else {lookup: "3C"})
    assert response.status_code == 400


def test_once_the_day_is_over_the_attempt_shows_whole(staff_client, day_over):
    fields = _log_fields(staff_client, day_over)
    dealt = _logged(day_over, "hand_dealt").payload
    assert fields["hand_dealt"] == [{key: value for key, value in dealt.items()
                                     if key not in ("type", "v")}]
    assert len(fields["match_created"][0]["deals"]) == 4
    assert all(len(passed["cards"]) == 3 for passed in fields["cards_passed"])
    html = _html(staff_client, reverse("admin:games_match_change", args=[day_over.pk]))
    assert 'id="unrevealed"' not in html
    assert [secret for secret in _secrets(day_over) if secret not in html] == []
    table = _html(staff_client, table_url(day_over, at=day_over.version))
    assert 'data-viewer="all"' in table
    hand = replayed(day_over, day_over.version).hand
    assert cards_shown(table)[("holding", "south")] == [str(card)
                                                       for card in hand.holdings[Seat.SOUTH]]
