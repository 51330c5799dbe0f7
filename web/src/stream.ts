/** The match stream (Server-Sent Events through `EventSource`): messages in order, resumed
 * after a dropped connection from the last event seen, until the match is over. */
import type { Event, EventType, SeatView } from "hearts-client";

import { ApiError } from "./api";
import { isOver, type Message } from "./table";

/** Every event type the schema knows: the compiler checks that none is missing or extra. */
const EVENT_TYPES: Record<EventType, true> = {
  match_created: true, seat_taken: true, seat_left: true, seat_replaced: true, hand_dealt: true,
  cards_passed: true, cards_exchanged: true, card_played: true, trick_taken: true,
  hand_scored: true, match_ended: true, match_aborted: true, seat_invited: true, seat_released: true,
};
const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30_000;

export type StreamStatus = { kind: "connecting" | "live" | "ended" } | { kind: "refused"; reason: string };

/** Follows match `matchId` from the event after `seq()`. The browser's own reconnection
 * sends `Last-Event-ID`; a stream the browser gives up on (a refusal, or its end) is
 * explained by `readView`: the view is shown and, unless the match is over, a new stream
 * opens from `seq()` after a growing pause (or the refusal's Retry-After); a 401, 403 or
 * 404 stops it. Returns a function that stops it. */
export function follow(matchId: string, token: string, seq: () => number, onMessage: (m: Message) => void,
                       onStatus: (s: StreamStatus) => void, readView: () => Promise<SeatView>): () => void {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let pause = FIRST_RETRY_MS;
  let stopped = false;
  const stop = () => {
    stopped = true;
    clearTimeout(retry);
    source?.close();
  };
  const later = (ms: number) => {
    onStatus({ kind: "connecting" });
    retry = setTimeout(open, ms);
    pause = Math.min(pause * 2, LAST_RETRY_MS);
  };
  const closed = async () => {
    try {
      const view = await readView();
      if (stopped) return;
      onMessage({ kind: "view", view });
      // Over, and every event of the log taken: done; else the events to come are missed.
      if (isOver(view.status) && seq() >= view.version) {
        stop();
        onStatus({ kind: "ended" });
      } else later(isOver(view.status) ? 0 : pause);
    } catch (error) {
      if (stopped) return;
      if (error instanceof ApiError && [401, 403, 404].includes(error.problem.status)) {
        stop();
        onStatus({ kind: "refused", reason: error.text });
      } else later(Math.max(pause, 1000 * ((error instanceof ApiError ? error.wait : null) ?? 0)));
    }
  };
  const open = () => {
    const query = new URLSearchParams({ access_token: token, after: String(seq()) });
    source = new EventSource(`/api/v1/matches/${encodeURIComponent(matchId)}/stream?${query}`);
    source.addEventListener("open", () => {
      pause = FIRST_RETRY_MS;
      onStatus({ kind: "live" });
    });
    source.addEventListener("view", (m) => {
      const view = JSON.parse((m as MessageEvent<string>).data) as SeatView;
      onMessage({ kind: "view", view });
      if (isOver(view.status)) {
        stop();
        onStatus({ kind: "ended" });
      }
    });
    for (const type of Object.keys(EVENT_TYPES)) {
      source.addEventListener(type, (m) => {
        onMessage({ kind: "event", event: JSON.parse((m as MessageEvent<string>).data) as Event });
      });
    }
    source.addEventListener("error", () => {
      if (stopped) return;
      if (source?.readyState === EventSource.CLOSED) {
        source.close();
        void closed();
      } else onStatus({ kind: "connecting" });
    });
  };
  onStatus({ kind: "connecting" });
  open();
  return stop;
}
