/** The table's state logic, pure: where seats sit, what a click on a card means, and the
 * match screen's state as stream messages and command answers arrive (`reduce`). */
import type {
  Card,
  CompletedTrick,
  CurrentTrick,
  Event,
  MatchResult,
  PassDirection,
  Problem,
  ScoresBySeat,
  Seat,
  SeatView,
} from "hearts-client";

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
    if (isPlayable(view, card)) return { kind: "play", card };
    return { kind: "refused", reason: view.refusal?.detail ?? "that card may not be played now" };
  }
  return { kind: "refused", reason: waitingFor(view) };
}

/** Who the table waits for, in words. */
export function waitingFor(view: SeatView): string {
  if (view.status === "finished" || view.status === "aborted") return `The match is ${view.status}`;
  if (view.to_act.length === 0) return "Waiting for the next deal";
  const names = view.to_act.map((seat) => (seat === view.seat ? "you" : seatName(view, seat)));
  return `Waiting for ${names.join(", ")}`;
}

/** A seat's name at the table: the player's username, or the bot's level. */
export function seatName(view: SeatView, seat: Seat): string {
  const player = view.players.find((p) => p.seat === seat);
  if (player?.name) return player.name;
  if (player?.bot_level) return `${player.bot_level} bot (${seat})`;
  return `open seat (${seat})`;
}

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

/** A refusal in one line, with when to try again for a throttled or quota answer. */
export function problemText(problem: Problem, retryAfter: string | null = null): string {
  const seconds = problem.retry_after ?? (retryAfter === null ? null : Number(retryAfter));
  if (problem.status === 429 && seconds !== null && Number.isFinite(seconds)) {
    return `${problem.detail ?? problem.title} Try again in ${seconds} s.`;
  }
  if (problem.code === "quota_exceeded") return `${problem.detail ?? problem.title} Finish or leave one first.`;
  return problem.detail ?? problem.title ?? `error ${problem.status}`;
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
  /** A hand scored while the table was open: its score sheet waits for "Next hand". */
  sheetPending: boolean;
}

export const EMPTY_SCREEN: MatchScreen = { view: null, seq: 0, sheet: [], sheetPending: false };

export type Message = { kind: "event"; event: Event } | { kind: "view"; view: SeatView };

/** The screen after a stream message or a command's answer: an event at or before `seq` is
 * one seen already (a resume's overlap) and changes nothing; a view older than the one
 * shown is dropped. */
export function reduce(screen: MatchScreen, message: Message): MatchScreen {
  if (message.kind === "view") {
    if (screen.view !== null && message.view.version < screen.view.version) return screen;
    return { ...screen, view: message.view };
  }
  const event = message.event;
  if (event.seq <= screen.seq) return screen;
  const next = { ...screen, seq: event.seq };
  if (event.type === "hand_scored") {
    const row = { hand: event.hand_number, points: event.points, totals: event.totals, moon: event.moon, sun: event.sun };
    return { ...next, sheet: [...screen.sheet, row], sheetPending: screen.view !== null };
  }
  return next;
}

/** The score sheet is seen: back to the table. */
export const nextHand = (screen: MatchScreen): MatchScreen => ({ ...screen, sheetPending: false });
