"""The browser table (/play/) in Debian's Chromium, driven by Playwright against the e2e
stack (gunicorn, a Celery worker, PostgreSQL, Redis): a whole match played by clicking
only, an illegal click, a reload mid-hand, keyboard-only play and a spectator's page.
Screenshots at 1280 and 360 px wide are saved under each test's tmp_path."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Request, sync_playwright

from . import stack
from .helpers import ApiClient, assert_verify_match, check_finished_match, choose_move, submit
from .stack import Stack

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

WIDE, NARROW = {"width": 1280, "height": 900}, {"width": 360, "height": 780}
MY_TURN = ".match[data-status=playing] .hand .card[aria-disabled=false]"
RANKS = dict(zip("23456789TJQKA", ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                                   "jack", "queen", "king", "ace"], strict=True))
SUITS = {"C": "clubs", "D": "diamonds", "S": "spades", "H": "hearts"}
SETTLED = f".dialog button, #pass, {MY_TURN}"


@pytest.fixture(scope="module")
def launched(chromium: str) -> Iterator[Browser]:
    """One Chromium for the module."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture
def browser(launched: Browser) -> Iterator[Browser]:
    """The module's Chromium; the test's pages (each a context of its own) closed after it."""
    yield launched
    for context in launched.contexts:
        context.close()


def new_page(browser: Browser, stack: Stack, errors: list[str]) -> Page:
    page = browser.new_page(viewport=WIDE)
    page.set_default_timeout(30_000)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{stack.base_url}/play/")
    return page


def start_as_guest(page: Page, target_score: int) -> str:
    """A guest starts a match against three bots that do not pause; returns its id."""
    page.click("#guest")
    page.fill("input[name=target_score]", str(target_score))
    page.select_option("select[name=delay_ms]", "0")
    page.click("#start")
    page.wait_for_url(re.compile(r"#/match/"))
    return page.url.rsplit("/", 1)[1]


def api(stack: Stack, page: Page) -> ApiClient:
    """The page's own player, over HTTP."""
    session = page.evaluate("JSON.parse(localStorage.getItem('hearts.session'))")
    return ApiClient(stack.base_url, session["token"], username=session["username"])


def version(page: Page) -> int:
    return int(page.get_attribute(".match", "data-version") or 0)


def moved_past(page: Page, seen: int) -> None:
    page.wait_for_function("seen => Number(document.querySelector('.match')?.dataset.version) > seen",
                           arg=seen)


def hand(page: Page) -> list[str]:
    return [card.get_attribute("data-card") or "" for card in page.locator(".hand .card").all()]


def spoken(card: str) -> str:
    return f"{RANKS[card[0]]} of {SUITS[card[1]]}"


def shoot(page: Page, directory: Path, name: str) -> None:
    """The page at 1280 and at 360 px wide, where nothing is wider than the screen."""
    page.screenshot(path=str(directory / f"{name}-1280.png"))
    page.set_viewport_size(NARROW)
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"], name
    page.screenshot(path=str(directory / f"{name}-360.png"), full_page=True)
    page.set_viewport_size(WIDE)


def box(page: Page, selector: str) -> tuple[float, float, float, float]:
    found = page.locator(selector).bounding_box()
    assert found is not None, selector
    return found["x"], found["y"], found["width"], found["height"]


def test_a_whole_match_by_clicking_only(e2e_stack: Stack, browser: Browser, tmp_path: Path) -> None:
    errors: list[str] = []
    page = new_page(browser, e2e_stack, errors)
    match_id = start_as_guest(page, target_score=30)  # at most 26 a hand: two hands at least
    player = api(e2e_stack, page)
    sent: list[str] = []
    page.on("request", lambda request: sent.append(request.url) if request.method == "POST" else None)
    shots: set[str] = set()
    layouts: set[tuple[Any, ...]] = set()
    reloaded = illegal_clicked = last_trick_seen = False
    hands_scored = 0
    while True:
        page.wait_for_selector(SETTLED)
        if page.locator(".dialog h2", has_text="Final standings").count():
            break
        if page.get_by_role("button", name="Next hand").count():
            if "sheet" not in shots:
                shoot(page, tmp_path, "sheet")
                shots.add("sheet")
            hands_scored += 1
            page.locator(".dialog .sheet tbody tr").nth(hands_scored - 1).wait_for()  # its event may follow
            assert page.locator(".dialog .sheet tbody tr").count() == hands_scored
            page.get_by_role("button", name="Next hand").click()
            continue
        if page.locator("#pass").count():
            assert page.inner_text("#pass").startswith("Pass ")  # "Pass left", "Pass right", …
            if "pass" not in shots:
                shoot(page, tmp_path, "pass")
                shots.add("pass")
            for card in page.locator(".hand .card").all()[-3:]:
                card.click()
            page.click("#pass")
            page.wait_for_selector("#pass", state="detached")
            continue
        # My turn to play.
        view = player.ok("GET", f"/matches/{match_id}/view")
        assert view["version"] == version(page) and view["hand"] == hand(page)
        for card in view["hand"]:  # each a button named in words, disabled unless legal
            button = page.get_by_role("button", name=spoken(card), exact=True)
            assert button.get_attribute("aria-disabled") == str(card not in view["legal_cards"]).lower()
        layouts.add((box(page, ".table"), box(page, ".hand")[:2]))
        if view["hand_number"] == 2 and not reloaded:  # a reload mid-hand resumes where it was
            page.reload()
            page.wait_for_selector(f".match[data-version='{view['version']}']")
            assert hand(page) == view["hand"]
            page.get_by_role("button", name="Score sheet").click()
            assert page.locator(".dialog .sheet tbody tr").count() == 1  # hand 1, once
            page.get_by_role("button", name="Back to the table").click()
            reloaded = True
        if view["tricks"] and not last_trick_seen:  # "Last trick" shows the one taken last
            page.get_by_role("button", name="Last trick").click()
            shown = page.locator(".dialog .trick-list li").all_inner_texts()
            assert [text.rsplit(": ", 1)[1] for text in shown] == [
                spoken(played["card"]) for played in view["tricks"][-1]["cards"]]
            page.get_by_role("button", name="Back to the table").click()
            last_trick_seen = True
        illegal = [card for card in view["hand"] if card not in view["legal_cards"]]
        if illegal and not illegal_clicked:  # refused on the page in the server's words
            before = len(sent)
            page.click(f".hand .card[data-card='{illegal[0]}']", force=True)
            notice = page.inner_text(".notice")
            assert sent[before:] == [] and version(page) == view["version"]
            refused = player.ok("POST", f"/matches/{match_id}/play", 422, json={"card": illegal[0]})
            assert notice == refused["detail"] == view["refusal"]["detail"]
            illegal_clicked = True
        if 0 < len(view["trick"]["cards"]) and "trick" not in shots:
            shoot(page, tmp_path, "trick")
            shots.add("trick")
        page.click(f".hand .card[data-card='{view['legal_cards'][0]}']")
        moved_past(page, view["version"])  # (the card itself may be dealt again next hand)
    shoot(page, tmp_path, "end")

    summary = player.ok("GET", f"/matches/{match_id}")
    assert summary["status"] == "finished" and summary["result"]["hands_played"] >= 2
    standings = page.locator(".standings li").all_inner_texts()
    assert [int(re.search(r"(-?\d+) points?$", s).group(1)) for s in standings] == \
        [s["score"] for s in summary["result"]["standings"]]
    assert f"{summary['result']['hands_played']} hands played" in page.inner_text(".dialog")
    assert page.get_by_role("button", name="New match").count() == 1
    check_finished_match(summary, player.all_events(match_id))
    assert_verify_match(match_id, e2e_stack.env)
    assert reloaded and illegal_clicked and last_trick_seen and len(layouts) == 1, layouts  # nothing moved
    assert {f"{name}-{width}.png" for name in ("pass", "trick", "sheet", "end") for width in (1280, 360)} \
        <= {path.name for path in tmp_path.iterdir()}
    assert errors == []


def tab_to(page: Page, selector: str) -> str:
    """Tabs until an element matching ``selector`` has the focus; returns its data-card."""
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement?.matches(s) ?? false", selector):
            return page.evaluate("document.activeElement.dataset.card ?? ''")
    raise AssertionError(f"Tab never reached {selector}")


def test_a_pass_and_a_trick_with_the_keyboard_alone(e2e_stack: Stack, browser: Browser) -> None:
    errors: list[str] = []
    page = new_page(browser, e2e_stack, errors)
    match_id = start_as_guest(page, target_score=100)
    page.wait_for_selector("#pass")
    for _ in range(3):
        tab_to(page, ".hand .card[aria-pressed=false]")
        page.keyboard.press("Space")
    assert page.locator(".hand .card[aria-pressed=true]").count() == 3
    tab_to(page, "#pass:not([disabled])")
    page.keyboard.press("Enter")
    page.wait_for_selector(MY_TURN)
    card = tab_to(page, ".hand .card[aria-disabled=false]")
    page.keyboard.press("Enter")
    page.wait_for_selector(f".hand .card[data-card='{card}']", state="detached")
    player = api(e2e_stack, page)
    played = [(e["seat"], e["card"]) for e in player.all_events(match_id) if e["type"] == "card_played"]
    assert ("south", card) in played
    assert errors == []


def test_the_tv_page_shows_a_spectator_no_hidden_card(e2e_stack: Stack, browser: Browser) -> None:
    errors: list[str] = []
    page = new_page(browser, e2e_stack, errors)
    page.click("#guest")
    page.goto(f"{e2e_stack.base_url}/play/#/tv")
    page.wait_for_selector(".middle .slot", timeout=60_000)
    match_id = page.url.rsplit("/", 1)[1] if "/match/" in page.url else None
    shown = {element.get_attribute("data-card") for element in page.locator("[data-card]").all()}
    watcher = api(e2e_stack, page)
    matches = watcher.ok("GET", "/matches")["results"]
    assert match_id is None and len(matches) == 1 and matches[0]["seats"][0]["bot_level"] == "expert"
    played = {event["card"] for event in watcher.all_events(matches[0]["id"])
              if event["type"] == "card_played"}
    assert page.locator(".hand").count() == 0
    assert shown and shown <= played
    assert errors == []
    page.goto(f"{e2e_stack.base_url}/play/#/")
    page.goto(f"{e2e_stack.base_url}/play/#/tv")  # the same match again, not a second one
    page.wait_for_selector(".middle .slot")
    assert [m["id"] for m in watcher.ok("GET", "/matches")["results"]] == [matches[0]["id"]]
    stack.manage_ok(["shell", "-c", "from games import services; services.match_abort("
                     f"match_id='{matches[0]['id']}', reason='the test is over')"], e2e_stack.env)


def test_a_dropped_stream_resumes_after_its_last_event(e2e_stack: Stack, browser: Browser) -> None:
    """The browser's EventSource reconnects with Last-Event-ID after a stream that ended
    mid-log, and the page shows every event once: one row of the score sheet for hand 1."""
    errors: list[str] = []
    page = new_page(browser, e2e_stack, errors)
    match_id = start_as_guest(page, target_score=30)
    page.goto(f"{e2e_stack.base_url}/play/#/")
    player = api(e2e_stack, page)
    deadline = time.monotonic() + 60
    while (view := player.ok("GET", f"/matches/{match_id}/view"))["hand_number"] < 2:  # hand 1 over HTTP
        assert time.monotonic() < deadline, "hand 1 not over in a minute"
        if view["is_your_turn"]:
            assert submit(player, match_id, choose_move(view)).status_code == 200
        else:
            player.ok("GET", f"/matches/{match_id}/events", params={"after": view["version"], "wait": 5})
    events = player.all_events(match_id)
    cut = next(e["seq"] for e in events if e["type"] == "hand_scored") - 1
    first = "retry: 100\n\n" + "".join(f"id: {e['seq']}\nevent: {e['type']}\ndata: {json.dumps(e)}\n\n"
                                       for e in events if e["seq"] <= cut)
    page.route(re.compile(r"/stream\?"), lambda route: route.fulfill(
        status=200, headers={"Content-Type": "text/event-stream"}, body=first), times=1)
    streams: list[Request] = []
    page.on("request", lambda request: streams.append(request) if "/stream?" in request.url else None)
    page.goto(f"{e2e_stack.base_url}/play/#/match/{match_id}")
    moved_past(page, view["version"] - 1)
    assert [request.all_headers().get("last-event-id") for request in streams[:2]] == [None, str(cut)]
    page.get_by_role("button", name="Score sheet").click()
    assert page.locator(".dialog .sheet tbody tr").count() == 1
    assert errors == []


def test_hints_and_the_analysis_of_a_finished_match(e2e_stack: Stack, browser: Browser) -> None:
    errors: list[str] = []
    page = new_page(browser, e2e_stack, errors)
    page.click("#guest")
    page.fill("input[name=target_score]", "1")  # over after one hand: a tie shares the win
    page.select_option("select[name=tie_policy]", "share")
    page.select_option("select[name=delay_ms]", "0")
    page.check("input[name=hints]")
    page.click("#start")
    page.wait_for_url(re.compile(r"#/match/"))
    match_id = page.url.rsplit("/", 1)[1]
    player = api(e2e_stack, page)
    assert player.ok("GET", f"/matches/{match_id}")["hints"] is True
    page.click("#hint")  # passing: the hint chooses the three cards
    page.wait_for_selector(".hint-line")
    assert page.inner_text(".hint-line").startswith("Hint: pass the ")
    assert page.locator(".hand .card[aria-pressed=true]").count() == 3
    page.click("#pass")
    hinted = False
    while True:
        page.wait_for_selector(f".dialog button, {MY_TURN}")
        if page.locator(".dialog h2", has_text="Final standings").count():
            break
        view = player.ok("GET", f"/matches/{match_id}/view")
        card = view["legal_cards"][0]
        if not hinted and len(view["legal_cards"]) > 1:
            page.click("#hint")
            page.wait_for_selector(".hand .card.hinted")
            card = page.get_attribute(".hand .card.hinted", "data-card") or ""
            assert card in view["legal_cards"]
            assert page.inner_text(".hint-line").startswith(f"Hint: play the {spoken(card)}")
            hinted = True
        page.click(f".hand .card[data-card='{card}']")
        moved_past(page, view["version"])
    page.click("#analyse")  # the worker analyses it from its analysis queue
    page.locator(".analysis", has_text="given away in all").wait_for()
    analysis = player.ok("GET", f"/matches/{match_id}/analysis")
    assert analysis["status"] == "done" and hinted
    assert page.locator(".analysis tbody tr").count() == len(analysis["decisions"])
    assert page.locator(".analysis tr.blunder").count() == analysis["blunders"]
    assert errors == []


def test_a_lesson_asks_one_decision_and_says_why(e2e_stack: Stack, browser: Browser) -> None:
    errors: list[str] = []
    page = new_page(browser, e2e_stack, errors)
    page.click("#guest")
    page.get_by_role("link", name="Lessons").click()
    page.click("button[data-lesson=queen-of-spades]")
    page.wait_for_selector(".lesson h2")
    assert page.inner_text(".lesson h2") == "Lesson 8: The queen of spades"
    assert page.inner_text(".lesson p").startswith("East leads the ace of spades.")
    first = page.url
    page.click(".hand .card[data-card=QS]")
    page.locator(".dialog h2", has_text="Right!").wait_for()
    assert "goes to east" in page.inner_text(".dialog .verdict")
    page.click("#again")  # a new attempt at the same lesson
    page.wait_for_url(lambda url: url != first)
    page.wait_for_selector(MY_TURN)
    page.click(".hand .card[data-card='2S']")
    page.locator(".dialog h2", has_text="Legal, but not what the lesson wants").wait_for()
    page.get_by_role("button", name="Back to the lessons").click()
    page.wait_for_selector("button[data-lesson=passing]")
    assert errors == []
