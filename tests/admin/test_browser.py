"""One real browser through the admin: Debian's Chromium (``/usr/bin/chromium``, which
``make test`` installs when run as root) driven by Playwright against ``live_server``. A
staff member logs in through the form, opens a finished match, steps to hand 2 trick 5,
checks the holdings shown against the replayed log, switches to "as seen by east" and
checks that no other seat's card is on the page; the screenshot is saved under the test's
tmp_path."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import sync_playwright

from games import services
from games.engine import Seat
from games.models import Match

from .conftest import QUICK_BOTS, QUICK_RULES
from .helpers import cards_shown, replayed, trick_taken_seq

pytestmark = pytest.mark.browser


def test_staff_steps_to_hand_2_trick_5_and_sees_the_table_as_east(
        live_server: Any, transactional_db: None, chromium: str, monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    # Sync Playwright runs an event loop in this thread; the ORM calls below are synchronous.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    get_user_model().objects.create_user(username="watcher", password="watch-pass-1", is_staff=True)
    creator = get_user_model().objects.create_user(username="creator")
    # Committed (transactional_db): the bots play the match out as it is created.
    match = Match.objects.get(pk=services.match_create(
        creator=creator, seats=QUICK_BOTS, rules=QUICK_RULES).match.pk)
    assert match.status == "finished"
    seq = trick_taken_seq(match, 2, 5)
    hand = replayed(match, seq).hand

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            page.goto(f"{live_server.url}/admin/")
            page.fill("#id_username", "watcher")
            page.fill("#id_password", "watch-pass-1")
            page.click("input[type=submit]")
            page.click("text=Matches")
            page.click(f"a:text('{match.pk}')")
            page.click("#table-link")
            page.fill("#jump input[name=hand]", "2")
            page.fill("#jump input[name=trick]", "5")
            page.click("#jump input[type=submit]")
            page.wait_for_url(re.compile(rf"at={seq}\b"))
            assert "hand 2, 5 tricks complete" in page.inner_text("#position")
            shown = cards_shown(page.content())
            for seat in Seat:
                assert shown[("holding", seat.label)] == [str(card) for card in hand.holdings[seat]]

            page.select_option("#viewer select", "east")
            page.wait_for_url(re.compile(r"as=east"))
            html = page.content()
            shown = cards_shown(html)
            assert {seat for role, seat in shown if role.startswith(("holding", "pass"))} == {"east"}
            assert shown[("holding", "east")] == [str(card) for card in hand.holdings[Seat.EAST]]
            # What east's view holds of others' cards: its own pass, now in another holding.
            given = {str(card) for card in hand.passes[Seat.EAST]}
            others = {str(card) for seat in Seat if seat != Seat.EAST
                      for card in hand.holdings[seat]} - given
            assert len(others) >= 24 - len(given)  # three seats, eight cards each after five tricks
            assert not {card for card in others if re.search(rf"\b{card}\b", html)}
            page.screenshot(path=str(tmp_path / "table-hand-2-trick-5-as-east.png"), full_page=True)
        finally:
            browser.close()
    assert (tmp_path / "table-hand-2-trick-5-as-east.png").stat().st_size > 10_000
