"""One Idempotency-Key, twenty copies of one play sent at once to the production set-up
(gunicorn's two processes, PostgreSQL): the card is played once, and every answer is that
play's answer (replayed) or 409 request_in_progress (docs/api.md, "Retries")."""

from __future__ import annotations

import threading
import uuid

import httpx
import pytest

from . import stack
from .helpers import D1, ApiClient
from .stack import Stack

pytestmark = pytest.mark.e2e

COPIES = 20


def test_twenty_copies_of_a_play_with_one_key_play_it_once(e2e_stack: Stack) -> None:
    client = ApiClient.register(e2e_stack.base_url, "idem")
    match_id = client.create_match(
        [{"kind": "player"}] + [{"kind": "bot", "level": "random"}] * 3,
        {"pass_rotation": ["hold"]}, deals=[D1])["id"]
    view = client.view(match_id).json()
    assert view["is_your_turn"] and view["legal_cards"] == ["2C"], view
    key = str(uuid.uuid4())

    clients = [client.clone() for _ in range(COPIES)]
    barrier = threading.Barrier(COPIES)
    answers: list[httpx.Response | None] = [None] * COPIES

    def send(i: int) -> None:
        barrier.wait()
        answers[i] = clients[i].play(match_id, "2C", headers={"Idempotency-Key": key})

    threads = [threading.Thread(target=send, args=(i,)) for i in range(COPIES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for copy in clients:
        copy.close()

    played = [answer for answer in answers if answer is not None and answer.status_code == 200]
    waiting = [answer for answer in answers if answer is not None and answer.status_code == 409]
    assert len(played) + len(waiting) == COPIES, [a and (a.status_code, a.text) for a in answers]
    assert all(answer.json()["code"] == "request_in_progress" for answer in waiting)
    original = [answer for answer in played if "Idempotent-Replayed" not in answer.headers]
    assert len(original) == 1, [answer.headers.get("Idempotent-Replayed") for answer in played]
    assert all(answer.headers.get("Idempotent-Replayed") == "true" and
               answer.content == original[0].content for answer in played if answer is not original[0])

    # Once the first has answered, a retry gets its answer too.
    retry = client.play(match_id, "2C", headers={"Idempotency-Key": key})
    assert retry.status_code == 200 and retry.headers["Idempotent-Replayed"] == "true"
    assert retry.content == original[0].content

    version = original[0].json()["version"]
    log = stack.read_event_log(e2e_stack.database_url, match_id)
    norths = [(seq, payload["card"]) for seq, type_, payload in log
              if type_ == "card_played" and payload["seat"] == "north"]
    assert norths == [(version, "2C")], norths
