"""The two SDK example clients, each built only on its generated SDK, play whole matches
against the production set-up (gunicorn, a Celery worker moving the bots, PostgreSQL,
Redis); what they print agrees with the server's own record of the match. Two of them
follow their match through a proxy that cuts the stream's connection every few
kilobytes: their SDK's ``follow`` resumes each time, and they check that every event of
the log came once and in order."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
from datetime import UTC, datetime

import pytest
from hearts_client import AuthenticatedClient
from hearts_client.api.arena import arena_runs_retrieve
from hearts_client.models import ArenaRunDetail
from standardwebhooks.webhooks import Webhook as Verifier

from games import daily

from ..receiver import Receiver
from .cutting_proxy import CuttingProxy
from .helpers import ApiClient
from .stack import ROOT, Stack

pytestmark = pytest.mark.e2e

TARGET_SCORE = "40"  # a few hands: long enough to pass left, right and across
MATCH_ID = re.compile(r"match(?:es)?[ /]([0-9a-f]{8}-[0-9a-f-]{27})")
STANDING = re.compile(r"^\s+(\d)\. (north|east|south|west)\s+(-?\d+)$", re.MULTILINE)
FOLLOWED = re.compile(r"^followed (\d+) events, each once and in order, as the log has them$",
                      re.MULTILINE)


def check_printed_match(e2e_stack: Stack, output: str) -> None:
    """The standings and hand count printed are the finished match's, as the server has it."""
    match_id = MATCH_ID.search(output)
    assert match_id, output
    summary = ApiClient.register(e2e_stack.base_url, "referee").summary(match_id.group(1))
    result = summary["result"]
    assert summary["status"] == "finished"
    assert f"Final standings after {result['hands_played']} hands:" in output
    assert STANDING.findall(output) == [
        (str(s["place"]), s["seat"], str(s["score"])) for s in result["standings"]]


def check_followed_through_cuts(proxy: CuttingProxy, output: str) -> None:
    """The example followed the whole log, and the proxy cut its stream several times."""
    followed = FOLLOWED.search(output)
    assert followed and int(followed.group(1)) > 100, output
    assert proxy.cuts >= 3, (proxy.cuts, output)


def test_python_sdk_example_plays_a_whole_match_with_hints_and_its_analysis(e2e_stack: Stack) -> None:
    # The worker runs the analysis, hand by hand, from its analysis queue.
    proxy = CuttingProxy(e2e_stack.base_url)
    try:
        run = subprocess.run(
            [sys.executable, str(ROOT / "examples" / "sdk_python" / "play_match.py"),
             "--base-url", proxy.base_url, "--target-score", TARGET_SCORE, "--hints"],
            capture_output=True, text=True, timeout=300)
    finally:
        proxy.close()
    assert run.returncode == 0, run.stdout + run.stderr
    check_printed_match(e2e_stack, run.stdout)
    check_followed_through_cuts(proxy, run.stdout)
    hands = int(re.search(r"Final standings after (\d+) hands", run.stdout).group(1))  # type: ignore[union-attr]
    printed = re.findall(r"^  hand (\d+): (\d+\.\d\d) points lost, (\d+) blunders$", run.stdout,
                         re.MULTILINE)
    assert [int(hand) for hand, _, _ in printed] == list(range(1, hands + 1)), run.stdout
    total = re.search(r"^  total: (\d+\.\d\d) points lost, (\d+) blunders$", run.stdout,
                      re.MULTILINE)
    assert total, run.stdout
    assert int(total.group(2)) == sum(int(blunders) for _, _, blunders in printed)


@pytest.mark.skipif(not shutil.which("node"), reason="needs Node (npm ci installs the rest)")
def test_typescript_sdk_example_plays_a_whole_match(e2e_stack: Stack) -> None:
    for workspace in ("openapi/typescript", "examples/sdk_typescript"):  # the SDK first
        build = subprocess.run(["npm", "run", "--silent", "-w", workspace, "build"], cwd=ROOT,
                               capture_output=True, text=True, timeout=300)
        assert build.returncode == 0, build.stdout + build.stderr
    example = str(ROOT / "examples" / "sdk_typescript" / "dist" / "play_match.js")
    proxy = CuttingProxy(e2e_stack.base_url)
    try:
        run = subprocess.run(["node", example, "--base-url", proxy.base_url, "--target-score",
                              TARGET_SCORE], capture_output=True, text=True, timeout=300)
    finally:
        proxy.close()
    assert run.returncode == 0, run.stdout + run.stderr
    check_printed_match(e2e_stack, run.stdout)
    check_followed_through_cuts(proxy, run.stdout)
    lesson = subprocess.run(["node", example, "--base-url", e2e_stack.base_url, "--lesson",
                             "two-of-clubs"], capture_output=True, text=True, timeout=120)
    assert lesson.returncode == 0, lesson.stdout + lesson.stderr
    assert "Lesson 3: The two of clubs leads (south)" in lesson.stdout
    assert "right: The first trick always starts with the two of clubs" in lesson.stdout


def test_python_sdk_example_takes_a_lesson(e2e_stack: Stack) -> None:
    # Its move is the lowest legal card: the two of spades here, not the lesson's queen.
    run = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "sdk_python" / "play_match.py"),
         "--base-url", e2e_stack.base_url, "--lesson", "queen-of-spades"],
        capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Lesson 8: The queen of spades (south)" in run.stdout
    assert "You: 2S. legal_not_wanted: The two follows suit" in run.stdout


TOKEN = re.compile(r"^registered (\S+); play as \1 again with --token (\S+)$", re.MULTILINE)
DAILY_S = 120  # more than the daily example takes: it must start and end on one UTC day


def wait_for_a_whole_daily() -> None:
    """Sleep past midnight UTC when it is less than ``DAILY_S`` away: the challenge the
    example plays is the server's day's, and it closes at midnight."""
    left = (daily.closes_at(daily.today()) - datetime.now(UTC)).total_seconds()
    if left < DAILY_S:
        time.sleep(left + 1)


def test_python_sdk_example_plays_again_as_the_same_player_and_the_daily(e2e_stack: Stack) -> None:
    def example(*args: str) -> str:
        run = subprocess.run(
            [sys.executable, str(ROOT / "examples" / "sdk_python" / "play_match.py"),
             "--base-url", e2e_stack.base_url, *args], capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, run.stdout + run.stderr
        return run.stdout

    first = example("--target-score", TARGET_SCORE, "--bot-level", "easy,medium,hard")
    registered = TOKEN.search(first)
    assert registered, first
    name, token = registered.groups()
    assert f"{name} (north) created match" in first and "easy, medium, hard bots" in first
    wait_for_a_whole_daily()
    daily = example("--daily", "--token", token)  # hidden from a referee until the day is over
    assert "Final standings after 4 hands:" in daily
    assert "registered" not in daily and f"{name} (south) started the daily challenge" in daily
    day = re.search(r"Daily challenge (\d{4}-\d{2}-\d{2}): 1 finished\n\s+1\. (\S+)", daily)
    assert day and day.group(2) == name, daily
    reader = ApiClient.register(e2e_stack.base_url, "reader")
    profile = reader.ok("GET", f"/players/{name}")
    # A record per set of opponents: the day's bots (drawn under the run's key) may be the same.
    daily_bots = ",".join(sorted(reader.ok("GET", f"/daily/{day.group(1)}")["bot_levels"].values()))
    assert profile["matches_played"] == 2
    assert {record["opponents"] for record in profile["records"]} == {"easy,hard,medium", daily_bots}
    assert f"{name}'s record: 2 played" in daily


def test_python_bot_example_accepts_an_invitation_and_plays_it_to_the_end(e2e_stack: Stack) -> None:
    """The bot account plays through follow; a webhook of its own, sent by the worker,
    tells it of every turn and of the end, each signed as Standard Webhooks says."""
    receiver = Receiver()
    bot = subprocess.Popen([sys.executable, str(ROOT / "examples" / "bot_python" / "bot.py"),
                            "--base-url", e2e_stack.base_url], stdout=subprocess.PIPE, text=True)
    try:
        assert bot.stdout is not None
        name, token = re.fullmatch(r"(\S+) ready; --token (\S+) plays as it again\n",
                                   bot.stdout.readline()).groups()  # type: ignore[union-attr]
        as_bot = ApiClient(e2e_stack.base_url, token)
        secret = as_bot.ok("POST", "/webhooks", 201, json={
            "url": receiver.url, "events": ["turn", "match_ended"]})["secret"]
        host = ApiClient.register(e2e_stack.base_url, "host")
        summary = host.create_match([{"kind": "invited", "username": name}]
                                    + [{"kind": "bot", "level": "easy"}] * 3,
                                    rules={"target_score": 30})
        deadline = time.monotonic() + 120
        while host.ok("GET", f"/matches/{summary['id']}")["status"] != "finished":
            assert time.monotonic() < deadline, "the bot's match did not finish"
            time.sleep(0.5)
        ended = host.ok("GET", f"/matches/{summary['id']}")
        assert (ended["seats"][0]["name"], ended["seats"][0]["is_bot"]) == (name, True)
        while not any(b'"match_ended"' in body for _, body in receiver.received):
            assert time.monotonic() < deadline, "no match_ended delivery"
            time.sleep(0.2)
    finally:
        bot.kill()
        receiver.close()
    verified = [Verifier(secret).verify(body, headers) for headers, body in receiver.received]
    assert {message["type"] for message in verified} == {"turn", "match_ended"}
    assert {message["match_id"] for message in verified} == {summary["id"]}


ARENA_DEALS = 4


def test_python_bot_example_plays_an_arena_run_its_owner_reads_the_result(e2e_stack: Stack) -> None:
    """A bot account its owner registered asks for a run of ``ARENA_DEALS`` deals; the
    example plays every table through invitations; the owner's SDK client reads a result
    that agrees with the points of the five tables of each deal it lists."""
    owner = ApiClient.register(e2e_stack.base_url, "owner")
    name = f"arena-{owner.username}"
    token = owner.ok("POST", "/players", 201, json={"username": name, "bot": True})["token"]
    bot = subprocess.Popen([sys.executable, str(ROOT / "examples" / "bot_python" / "bot.py"),
                            "--base-url", e2e_stack.base_url, "--token", token],
                           stdout=subprocess.DEVNULL)
    try:
        run_id = ApiClient(e2e_stack.base_url, token).ok("POST", "/arena/runs", 202, json={
            "field": "easy", "deals": ARENA_DEALS, "seed": 2026})["id"]
        as_owner = AuthenticatedClient(e2e_stack.base_url, owner.token or "")
        deadline = time.monotonic() + 600
        while (run := arena_runs_retrieve.sync(run_id, client=as_owner)).status == "running":
            assert isinstance(run, ArenaRunDetail) and time.monotonic() < deadline, run
            time.sleep(1)
    finally:
        bot.kill()
    assert isinstance(run, ArenaRunDetail) and run.status == "finished", run
    print(f"{run.bot} against {run.field}, {run.deals} deals: {run.result}")
    tables = {(table.deal, table.seat): table for table in run.matches}
    assert len(tables) == 5 * ARENA_DEALS and {t.status for t in run.matches} == {"finished"}
    per_deal = []
    for deal in range(1, ARENA_DEALS + 1):
        points = {seat: table.points.to_dict() for (at, seat), table in tables.items()
                  if at == deal and table.points}
        per_deal.append(sum(points[None][seat] - points[seat][seat]
                            for seat in ("north", "east", "south", "west")) / 4)
    assert run.result is not None and run.result.deals == ARENA_DEALS
    assert run.result.advantage == pytest.approx(sum(per_deal) / ARENA_DEALS, abs=1e-3)
    low, high = run.result.ci95
    assert low < run.result.advantage < high
    assert [seat.seat for seat in run.result.per_seat] == ["north", "east", "south", "west"]
    profile = owner.ok("GET", f"/players/{name}")
    assert profile["is_bot"] and profile["owner"] == owner.username
