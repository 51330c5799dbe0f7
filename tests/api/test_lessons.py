"""Lessons (``GET /lessons``, ``POST /lessons/{slug}/attempts``) and the verdict on a move."""

from __future__ import annotations

from games.lessons import lessons
from games.models import Rating

from .helpers import API, D1, assert_problem, first_legal, match_url

QUEEN = lessons()["queen-of-spades"]


def _attempt(client, slug):
    response = client.post(f"{API}/lessons/{slug}/attempts")
    assert response.status_code == 201, response.content
    assert response["Location"].endswith(match_url(response.json()["id"]))
    return response.json()


def test_the_lessons_are_listed_in_order(make_client):
    page = make_client().get(f"{API}/lessons").json()
    assert page["count"] == len(lessons()) == 16 and page["next"] is None
    assert [entry["order"] for entry in page["results"]] == list(range(1, 17))
    assert page["results"][7] == {"slug": "queen-of-spades", "order": 8,
                                  "title": "The queen of spades", "teaches": "queen_of_spades"}


def test_an_attempt_is_a_match_at_the_lessons_position_with_its_prompt(make_client):
    alice = make_client()
    summary = _attempt(alice, "queen-of-spades")
    assert summary["lesson"] == {"slug": "queen-of-spades", "order": 8,
                                 "title": "The queen of spades", "teaches": "queen_of_spades",
                                 "seat": "south", "prompt": QUEEN.prompt}
    assert (summary["status"], summary["fixed_deals"], summary["hints"]) == ("playing", 1, False)
    view = alice.get(match_url(summary["id"], "view")).json()
    assert view["is_your_turn"] and view["seat"] == "south"
    assert view["legal_cards"] == ["2S", "QS"]
    assert view["trick"]["cards"] == [{"seat": "east", "card": "AS"}]
    plain = alice.get(match_url(summary["id"])).json()
    assert plain["lesson"] == summary["lesson"]


def test_the_right_move_is_answered_with_the_lessons_why_and_ends_the_match(make_client):
    alice = make_client()
    match_id = _attempt(alice, "queen-of-spades")["id"]
    response = alice.post(match_url(match_id, "play"), {"card": "QS"}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["lesson"] == {"verdict": "right", "explanation": QUEEN.why}
    assert body["view"]["status"] == "finished"
    assert body["view"]["result"]["ended_by"] == "lesson"
    assert body["events"][-1]["type"] == "match_ended"
    assert_problem(alice.post(match_url(match_id, "play"), {"card": "2S"}, format="json"),
                   409, "match_finished")
    assert not Rating.objects.filter(player__username=alice.username).exists()
    assert alice.get(f"{API}/players/{alice.username}").json()["matches_played"] == 0


def test_a_legal_move_the_lesson_does_not_want_says_why_and_a_refusal_changes_nothing(make_client):
    alice = make_client()
    match_id = _attempt(alice, "queen-of-spades")["id"]
    before = alice.get(match_url(match_id, "view")).json()
    refused = alice.post(match_url(match_id, "play"), {"card": "5C"}, format="json")
    assert_problem(refused, 422, "must_follow_suit", legal_cards=["2S", "QS"])
    assert alice.get(match_url(match_id, "view")).json() == before
    body = alice.post(match_url(match_id, "play"), {"card": "2S"}, format="json").json()
    assert body["lesson"] == {"verdict": "legal_not_wanted", "explanation": QUEEN.otherwise}


def test_a_pass_lesson_judges_the_pass(make_client):
    alice = make_client()
    match_id = _attempt(alice, "passing")["id"]
    view = alice.get(match_url(match_id, "view")).json()
    assert view["status"] == "passing" and view["pass_direction"] == "left"
    body = alice.post(match_url(match_id, "pass"), {"cards": ["QS", "AS", "KS"]},
                      format="json").json()
    assert body["lesson"]["verdict"] == "right"
    assert body["view"]["result"]["ended_by"] == "lesson"


def test_a_new_attempt_calls_off_the_unfinished_one_and_an_unknown_lesson_is_404(make_client):
    alice = make_client()
    first = _attempt(alice, "two-of-clubs")["id"]
    second = _attempt(alice, "two-of-clubs")["id"]
    assert alice.get(match_url(first)).json()["status"] == "aborted"
    assert alice.get(match_url(second)).json()["status"] == "playing"
    assert_problem(alice.post(f"{API}/lessons/no-such-lesson/attempts"), 404, "not_found")


def test_an_ordinary_match_and_move_have_no_lesson(make_table):
    table = make_table(D1)
    assert table.get("north").json()["lesson"] is None
    seat = table.view("north")["to_act"][0]
    body = table.play(seat, first_legal(table.view(seat))).json()
    assert body["lesson"] is None


def test_leaving_a_lesson_calls_it_off(make_client):
    alice = make_client()
    match_id = _attempt(alice, "sloughing")["id"]
    response = alice.post(match_url(match_id, "leave"), {}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["status"] == "aborted"


def test_lessons_take_no_place_in_the_quotas_of_matches_held(make_client, settings):
    settings.QUOTAS = {**settings.QUOTAS, "unfinished_matches": 1}
    alice = make_client()
    _attempt(alice, "two-of-clubs")
    created = alice.post(f"{API}/matches", {"seats": [{"kind": "player"}] + [
        {"kind": "bot", "level": "easy"}] * 3}, format="json")
    assert created.status_code == 201, created.content


def test_a_lessons_learner_is_never_replaced_and_a_retried_attempt_is_one_attempt(make_client):
    alice = make_client()
    match_id = _attempt(alice, "hearts-broken")["id"]
    assert_problem(alice.post(match_url(match_id, "seats/south/replace"), {}, format="json"),
                   409, "not_replaceable")
    first = alice.post(f"{API}/lessons/sloughing/attempts", HTTP_IDEMPOTENCY_KEY="k1")
    again = alice.post(f"{API}/lessons/sloughing/attempts", HTTP_IDEMPOTENCY_KEY="k1")
    assert first.status_code == again.status_code == 201
    assert again["Idempotent-Replayed"] == "true" and again.json()["id"] == first.json()["id"]
    assert alice.get(match_url(first.json()["id"])).json()["status"] == "playing"
