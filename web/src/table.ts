/** The table's state logic, pure: where seats sit, what a click on a card means, and the
 * match screen's state as stream messages and command answers arrive (`reduce`). */
import type {
  Card,
  CompletedTrick,
  CurrentTrick,
  Event,
  Hint,
  MatchResult,
  MatchStatus,
  PassDirection,
  PlayedCard,
  ScoresBySeat,
  Seat,
  SeatView,
} from "hearts-client";

import type { Command } from "./api";
import { cardName } from "./cards";

export const SEATS: readonly Seat[] = ["north", "east", "south", "west"];
export type Position = "bottom" | "left" | "top" | "right";
const AROUND: readonly Position[] = ["bottom", "left", "top", "right"];

/** Each seat's place on screen, `me` at the bottom (south for a spectator); play goes
 * clockwise, so the seat after mine sits on my left. */
export function positions(me: Seat | null): Record<Seat, Position> {
  const first = SEATS.indexOf(me ?? "south");
  const placed = {} as Record<Seat, Position>;
  AROUND.forEach((position, step) => {
    placed[SEATS[(first + step) % 4]] = position;
  });
  return placed;
}

/** The pass button's name: "Pass left", or "Hold: no pass" on a hand without one. */
export function passLabel(direction: PassDirection | null): string {
  return direction === null || direction === "hold" ? "Hold: no pass" : `Pass ${direction}`;
}

export const isPassing = (view: SeatView): boolean =>
  view.status === "passing" && view.pass !== null && view.pass.given === null && view.seat !== null;

/** Whether a card of the caller's hand may be chosen now (to pass or to play). */
export const isPlayable = (view: SeatView, card: Card): boolean => view.legal_cards.includes(card);

export type CardClick =
  | { kind: "select"; selected: Card[] }
  | { kind: "play"; card: Card }
  | { kind: "refused"; reason: string };

/** What a click on `card` of the hand does, given the cards selected for the pass. A card
 * the view already refuses is refused here, in the server's words (`view.refusal`). */
export function clickCard(view: SeatView, card: Card, selected: readonly Card[]): CardClick {
  if (isPassing(view)) {
    if (selected.includes(card)) return { kind: "select", selected: selected.filter((c) => c !== card) };
    if (selected.length >= view.rules.pass_count) {
      return { kind: "refused", reason: `You pass ${view.rules.pass_count} cards: unselect one first` };
    }
    return { kind: "select", selected: [...selected, card] };
  }
  if (view.status === "playing" && view.is_your_turn) {
    // A server that names no refusal gets to answer for itself.
    if (isPlayable(view, card) || view.refusal === null) return { kind: "play", card };
    return { kind: "refused", reason: view.refusal.detail };
  }
  return { kind: "refused", reason: waitingFor(view) };
}

/** Whether `command`, decided on an older view, is still one the caller may send on `view`. */
export function stillApplies(view: SeatView, command: Command): boolean {
  if (command.kind === "play") return view.status === "playing" && view.is_your_turn && isPlayable(view, command.body.card);
  return isPassing(view) && command.body.cards.every((card) => isPlayable(view, card));
}

/** Whether a match in `status` has ended (finished, or aborted by an operator). */
export const isOver = (status: MatchStatus): boolean => status === "finished" || status === "aborted";

/** Who the table waits for, in words. */
export function waitingFor(view: SeatView): string {
  if (isOver(view.status)) return `The match is ${view.status}`;
  if (view.status === "waiting") return "Waiting for players to take the open seats";
  if (view.to_act.length === 0) return "Waiting for the next deal";
  const names = view.to_act.map((seat) => who(view, seat, "you"));
  return `Waiting for ${names.join(", ")}`;
}

/** A seat's name at the table: the player's username (marked when a bot account), or the bot's level. */
export function seatName(view: SeatView, seat: Seat): string {
  const player = view.players.find((p) => p.seat === seat);
  if (player?.name) return player.is_bot ? `${player.name} (bot)` : player.name;
  if (player?.bot_level) return `${player.bot_level} bot (${seat})`;
  if (player?.invited) return `held for ${player.invited} (${seat})`;
  return `open seat (${seat})`;
}

/** `you` for the caller's own seat, else the seat's name. */
export const who = (view: SeatView, seat: Seat, you = "You"): string => (seat === view.seat ? you : seatName(view, seat));

/** The trick shown in the middle: the one in progress, or, until its next card, the last
 * one taken (with its winner), so the table does not jump when a trick is collected. */
export function middleTrick(view: SeatView): CurrentTrick | CompletedTrick | null {
  if (view.trick !== null && view.trick.cards.length > 0) return view.trick;
  return view.tricks.at(-1) ?? null;
}

export const isCompleted = (trick: CurrentTrick | CompletedTrick): trick is CompletedTrick =>
  "winner" in trick && trick.winner !== undefined;

/** "1st", "2nd", … with "(shared)" when another seat holds the same place. */
export function placeLabel(result: MatchResult, seat: Seat): string {
  const standing = result.standings.find((s) => s.seat === seat);
  if (standing === undefined) return "";
  const ordinal = ["1st", "2nd", "3rd", "4th"][standing.place - 1];
  const shared = result.standings.filter((s) => s.place === standing.place).length > 1;
  return shared ? `${ordinal} (shared)` : ordinal;
}


// --- the match screen -------------------------------------------------------------------

export interface HandRow {
  hand: number;
  points: ScoresBySeat;
  totals: ScoresBySeat;
  moon: Seat | null;
  sun: boolean;
}

export interface MatchScreen {
  view: SeatView | null;
  /** The seq of the last event taken from the stream: a resume asks for the ones after it. */
  seq: number;
  sheet: HandRow[];
  /** The table moved to a new hand while the caller sat at it: the sheet waits for "Next hand". */
  sheetPending: boolean;
  /** The cards of the trick in progress, and the last trick taken (of this hand or the last). */
  playing: PlayedCard[];
  lastTrick: CompletedTrick | null;
}

export const EMPTY_SCREEN: MatchScreen = { view: null, seq: 0, sheet: [], sheetPending: false, playing: [], lastTrick: null };

export type Message = { kind: "event"; event: Event } | { kind: "view"; view: SeatView };

/** The screen after a stream message or a command's answer: an event at or before `seq` is
 * one seen already (a resume's overlap) and changes nothing; a view older than the one
 * shown is dropped. */
export function reduce(screen: MatchScreen, message: Message): MatchScreen {
  if (message.kind === "view") {
    const shown = screen.view;
    if (shown !== null && message.view.version < shown.version) return screen;
    const dealt = shown !== null && shown.seat !== null && shown.hand_number > 0
      && message.view.hand_number > shown.hand_number;
    return { ...screen, view: message.view, sheetPending: screen.sheetPending || dealt };
  }
  const event = message.event;
  if (event.seq <= screen.seq) return screen;
  const next = { ...screen, seq: event.seq };
  switch (event.type) {
    case "card_played":
      return { ...next, playing: [...screen.playing, { seat: event.seat as Seat, card: event.card }] };
    case "trick_taken": {
      const leader = screen.playing[0]?.seat ?? event.winner;
      const lastTrick = { number: event.number, leader, cards: screen.playing, winner: event.winner, points: event.points };
      return { ...next, playing: [], lastTrick };
    }
    case "hand_scored": {
      const row = { hand: event.hand_number, points: event.points, totals: event.totals, moon: event.moon, sun: event.sun };
      return { ...next, sheet: [...screen.sheet, row] };
    }
    default:
      return next;
  }
}

/** The score sheet is seen: back to the table. */
export const nextHand = (screen: MatchScreen): MatchScreen => ({ ...screen, sheetPending: false });

/** "1 point", "2 points", "-10 points" (`nouns` where "s" is not the plural). */
export const plural = (n: number, noun: string, nouns = `${noun}s`): string => `${n} ${Math.abs(n) === 1 ? noun : nouns}`;

/** The seat a pass in `direction` goes to, seen from `seat`, or comes from (`from`). */
export function passPartner(seat: Seat, direction: PassDirection, from = false): Seat | null {
  const steps = { left: 1, across: 2, right: 3, hold: 0 }[direction];
  if (steps === 0) return null;
  return SEATS[(SEATS.indexOf(seat) + (from ? 4 - steps : steps)) % 4];
}

/** Which decision the view asks of its seat: the same while only other seats pass. A hint
 * holds for its decision. */
export const decisionKey = (view: SeatView): string =>
  `${view.hand_number}:${view.status}:${view.tricks.length}:${view.trick?.cards.length ?? 0}:${view.pass?.given ? 1 : 0}`;

const points = (n: number): string => `${n.toFixed(1)} ${n.toFixed(1) === "1.0" ? "point" : "points"}`;
const names = (cards: Card[]): string =>
  cards.length > 1 ? `${cards.slice(0, -1).map(cardName).join(", ")} and ${cardName(cards[cards.length - 1])}` : cards.map(cardName).join("");

/** A hint in words: the recommended play (and the costliest option) or pass, with the points
 * of this hand it is expected to leave you, and the chance of a moon against you. */
export function hintLine(hint: Hint): string {
  if (hint.pass !== null) {
    return `Hint: pass the ${names(hint.pass.cards)}: about ${points(hint.pass.expected_points)} this hand.`;
  }
  const best = hint.options.find((option) => option.card === hint.recommended);
  if (best === undefined) return "";
  const worst = hint.options.reduce((a, b) => (b.expected_points > a.expected_points ? b : a));
  const moon = best.moon_against >= 0.05 ? ` (a moon against you in ${Math.round(best.moon_against * 100)}% of deals)` : "";
  const rest = worst.expected_points - best.expected_points >= 0.05
    ? `; the ${cardName(worst.card)} would leave about ${points(worst.expected_points)}` : "";
  return `Hint: play the ${cardName(best.card)}: about ${points(best.expected_points)} this hand${moon}${rest}.`;
}
