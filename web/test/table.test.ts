import type { Event, EventOf, MatchResult, SeatView } from "hearts-client";
import { describe, expect, it } from "vitest";

import { ApiError } from "../src/api";
import { cardName } from "../src/cards";
import {
  clickCard, decisionKey, EMPTY_SCREEN, hintLine, middleTrick, nextHand, passLabel, passPartner, placeLabel, plural, positions,
  reduce, seatName, stillApplies,
} from "../src/table";

const view = (over: Partial<SeatView>): SeatView => ({
  match_id: "m", version: 10, status: "playing", seat: "south", hand_number: 1, pass_direction: "left",
  hand: ["2C", "9C", "QS", "AH"], to_act: ["south"], is_your_turn: true, turn_deadline: null,
  legal_cards: ["2C", "9C"], trick: { number: 2, leader: "west", cards: [{ seat: "west", card: "5C" }] },
  tricks: [], hearts_broken: false, tricks_won: { north: 0, east: 0, south: 0, west: 0 },
  hand_points: { north: 0, east: 0, south: 0, west: 0 }, scores: { north: 0, east: 0, south: 0, west: 0 },
  players: [], rules: { target_score: 100, pass_rotation: ["left"], pass_count: 3, first_trick_points: false,
    queen_breaks_hearts: false, shoot_the_sun: false, moon_scoring: "add_to_others", jack_of_diamonds: 0,
    tie_policy: "play_on", max_tiebreak_hands: 5, max_hands: null },
  result: null, fixed_deals: 0, hints: false, end_started_after: null,
  refusal: { code: "must_follow_suit", detail: "you must follow clubs" }, pass: null, ...over,
});

const scored = (seq: number, hand: number): EventOf<"hand_scored"> => ({
  seq, type: "hand_scored", seat: null, at: "", hand_number: hand, moon: "west", sun: false,
  points: { north: 26, east: 26, south: 26, west: 0 }, totals: { north: 26, east: 26, south: 26, west: 0 },
});
const played = (seq: number): Event => ({ seq, type: "card_played", seat: "west", at: "", card: "5C", auto: false });

describe("cards", () => {
  it("names each card in words", () => {
    expect(["QS", "TH", "2C", "AD"].map(cardName)).toEqual(["queen of spades", "ten of hearts", "two of clubs", "ace of diamonds"]);
  });
});

describe("the table", () => {
  it("seats the caller at the bottom with the next seat clockwise on the left", () => {
    expect(positions("south")).toEqual({ south: "bottom", west: "left", north: "top", east: "right" });
    expect(positions("east")).toEqual({ east: "bottom", south: "left", west: "top", north: "right" });
    expect(positions(null)).toEqual(positions("south"));
  });

  it("names the pass button for its direction, and a hold hand", () => {
    expect(["left", "right", "across", "hold", null].map((d) => passLabel(d as never)))
      .toEqual(["Pass left", "Pass right", "Pass across", "Hold: no pass", "Hold: no pass"]);
  });

  it("plays a legal card, and refuses another in the view's own words without sending it", () => {
    expect(clickCard(view({}), "9C", [])).toEqual({ kind: "play", card: "9C" });
    expect(clickCard(view({}), "AH", [])).toEqual({ kind: "refused", reason: "you must follow clubs" });
    expect(clickCard(view({ refusal: null }), "AH", [])).toEqual({ kind: "play", card: "AH" });  // the server answers
    const theirs = view({ is_your_turn: false, to_act: ["west"], legal_cards: [], refusal: null,
      players: [{ seat: "west", name: null, bot_level: "hard", is_bot: true, invited: null }] });
    expect(clickCard(theirs, "9C", [])).toEqual({ kind: "refused", reason: "Waiting for hard bot (west)" });
  });

  it("names a bot account's seat as a bot, a person's by name alone, and a seat held for someone", () => {
    const players = [{ seat: "west" as const, name: "robo", bot_level: null, is_bot: true, invited: null },
      { seat: "north" as const, name: "ann", bot_level: null, is_bot: false, invited: null },
      { seat: "east" as const, name: null, bot_level: null, is_bot: false, invited: "bob" }];
    expect(seatName(view({ players }), "west")).toBe("robo (bot)");
    expect(seatName(view({ players }), "north")).toBe("ann");
    expect(seatName(view({ players }), "east")).toBe("held for bob (east)");
  });

  it("selects exactly pass_count cards to pass, and unselects one clicked again", () => {
    const passing = view({ status: "passing", legal_cards: ["2C", "9C", "QS", "AH"], refusal: null, trick: null,
      to_act: ["north", "south"], pass: { given: null, received: null, waiting_for: ["north", "south"] } });
    expect(clickCard(passing, "QS", ["AH"])).toEqual({ kind: "select", selected: ["AH", "QS"] });
    expect(clickCard(passing, "AH", ["AH", "QS"])).toEqual({ kind: "select", selected: ["QS"] });
    expect(clickCard(passing, "2C", ["AH", "QS", "9C"]).kind).toBe("refused");
  });

  it("keeps the last trick taken in the middle until the next card", () => {
    const taken = { number: 1, leader: "south" as const, cards: [], winner: "east" as const, points: 0 };
    expect(middleTrick(view({ trick: { number: 2, leader: "east", cards: [] }, tricks: [taken] }))).toBe(taken);
    expect(middleTrick(view({}))?.number).toBe(2);
  });

  it("shows shared places as shared", () => {
    const result: MatchResult = { winners: ["west"], shared: false, hands_played: 3, moons: [], ended_by: "target_score",
      standings: [{ seat: "west", score: 10, place: 1 }, { seat: "north", score: 40, place: 2 },
        { seat: "east", score: 40, place: 2 }, { seat: "south", score: 101, place: 4 }] };
    expect((["west", "north", "east", "south"] as const).map((s) => placeLabel(result, s)))
      .toEqual(["1st", "2nd (shared)", "2nd (shared)", "4th"]);
  });

  it("says when a refused request may be tried again, from the body or the Retry-After header", () => {
    const problem = { type: "/problems/throttled", title: "Too many requests", status: 429, code: "throttled",
      detail: "Request was throttled." };
    expect(new ApiError({ ...problem, retry_after: 12 }).text).toBe("Request was throttled. Try again in 12 s.");
    expect(new ApiError(problem, "3").text).toBe("Request was throttled. Try again in 3 s.");
    expect(new ApiError(problem, "Wed, 21 Oct 2026 07:28:00 GMT").wait).toBe(null);
    expect(new ApiError({ ...problem, status: 429, code: "quota_exceeded", detail: "you hold 10 matches" }).text)
      .toBe("you hold 10 matches");
  });

  it("sends again a move decided on an older view only while it still applies", () => {
    const play = { kind: "play" as const, body: { card: "9C" } };
    expect(stillApplies(view({}), play)).toBe(true);
    expect(stillApplies(view({ legal_cards: ["2C"] }), play)).toBe(false);
    expect(stillApplies(view({ is_your_turn: false }), play)).toBe(false);
    const passing = view({ status: "passing", legal_cards: ["2C", "9C", "QS", "AH"],
      pass: { given: null, received: null, waiting_for: ["south"] } });
    expect(stillApplies(passing, { kind: "pass", body: { cards: ["2C", "9C", "QS"] } })).toBe(true);
    expect(stillApplies(passing, { kind: "pass", body: { cards: ["2C", "9C", "KS"] } })).toBe(false);
  });

  it("says points and tricks in the singular when there is one", () => {
    expect([plural(1, "point"), plural(0, "point"), plural(-10, "point"), plural(-1, "trick")])
      .toEqual(["1 point", "0 points", "-10 points", "-1 trick"]);
  });

  it("names whom a pass goes to and comes from", () => {
    expect(passPartner("south", "left")).toBe("west");
    expect(passPartner("south", "left", true)).toBe("east");
    expect(passPartner("north", "across")).toBe("south");
    expect(passPartner("east", "right")).toBe("north");
    expect(passPartner("east", "hold")).toBe(null);
  });

  it("keeps a decision the same while other seats pass, and not once a card is played", () => {
    const passing = view({ status: "passing", trick: null, pass: { given: null, received: null, waiting_for: ["south", "west"] } });
    const later = view({ status: "passing", version: 12, trick: null, pass: { given: null, received: null, waiting_for: ["south"] } });
    expect(decisionKey(later)).toBe(decisionKey(passing));
    expect(decisionKey(view({}))).not.toBe(decisionKey(view({ trick: { number: 2, leader: "west", cards: [] } })));
  });

  it("says a hint in words: the play, its expected points, a likely moon and the costliest card", () => {
    const hint = {
      version: 10, kind: "play" as const, recommended: "QS", effort_ms: 200, deals: 100, pass: null,
      options: [{ card: "2C", expected_points: 7.3, moon_against: 0 }, { card: "QS", expected_points: 1, moon_against: 0.12 }],
    };
    expect(hintLine(hint)).toBe("Hint: play the queen of spades: about 1.0 point this hand (a moon against you in 12% "
      + "of deals); the two of clubs would leave about 7.3 points.");
    expect(hintLine({ ...hint, kind: "pass", options: [], recommended: null,
      pass: { cards: ["QS", "AH", "KH"], expected_points: 4.04, moon_against: 0 } }))
      .toBe("Hint: pass the queen of spades, ace of hearts and king of hearts: about 4.0 points this hand.");
  });
});

describe("the match screen", () => {
  it("takes each event once, however often a resume repeats it", () => {
    let screen = reduce(EMPTY_SCREEN, { kind: "event", event: played(7) });
    screen = reduce(screen, { kind: "event", event: scored(8, 1) });
    const again = reduce(reduce(screen, { kind: "event", event: played(7) }), { kind: "event", event: scored(8, 1) });
    expect(again).toBe(screen);
    expect(screen.seq).toBe(8);
    expect(screen.sheet).toEqual([{ hand: 1, moon: "west", sun: false, points: scored(8, 1).points, totals: scored(8, 1).totals }]);
  });

  it("holds the score sheet for Next hand when the table moves on to a new hand, for a seated player", () => {
    const open = reduce(EMPTY_SCREEN, { kind: "view", view: view({ version: 5, hand_number: 1 }) });
    expect(open.sheetPending).toBe(false);  // a table opened mid-match (a reload) shows no old sheet
    const next = reduce(open, { kind: "view", view: view({ version: 80, hand_number: 2 }) });
    expect(next.sheetPending).toBe(true);
    expect(nextHand(next).sheetPending).toBe(false);
    const watching = reduce(EMPTY_SCREEN, { kind: "view", view: view({ version: 5, seat: null }) });
    expect(reduce(watching, { kind: "view", view: view({ version: 80, seat: null, hand_number: 2 }) }).sheetPending)
      .toBe(false);  // a spectator
  });

  it("keeps the last trick taken from the events, across the end of a hand", () => {
    let screen = EMPTY_SCREEN;
    const plays = [["west", "5C"], ["north", "AC"], ["east", "2D"], ["south", "9C"]] as const;
    plays.forEach(([seat, card], i) => {
      screen = reduce(screen, { kind: "event", event: { seq: 20 + i, type: "card_played", seat, at: "", card, auto: false } });
    });
    screen = reduce(screen, { kind: "event", event: { seq: 24, type: "trick_taken", seat: null, at: "", number: 13, winner: "north", points: 0 } });
    screen = reduce(screen, { kind: "event", event: scored(25, 1) });
    expect(screen.lastTrick).toEqual({ number: 13, leader: "west", winner: "north", points: 0,
      cards: plays.map(([seat, card]) => ({ seat, card })) });
    expect(screen.playing).toEqual([]);
  });

  it("never goes back to an older view", () => {
    const newer = reduce(EMPTY_SCREEN, { kind: "view", view: view({ version: 12 }) });
    expect(reduce(newer, { kind: "view", view: view({ version: 11 }) })).toBe(newer);
    expect(reduce(newer, { kind: "view", view: view({ version: 13 }) }).view?.version).toBe(13);
  });
});
