/** The match stream (Server-Sent Events through `EventSource`): messages in order, resumed
 * after a dropped connection from the last event seen, until the match is over. */
import type { Event, EventType, SeatView } from "hearts-client";

import type { Message } from "./table";

/** Every event type the schema knows: the compiler checks that none is missing or extra. */
const EVENT_TYPES: Record<EventType, true> = {
  match_created: true, seat_taken: true, seat_left: true, seat_replaced: true, hand_dealt: true,
  cards_passed: true, cards_exchanged: true, card_played: true, trick_taken: true,
  hand_scored: true, match_ended: true, match_aborted: true,
};
const RETRY_MS = 2000;

export type StreamStatus = "connecting" | "live" | "ended";

/** Follows match `matchId` from the event after `seq()` (the browser's own reconnection
 * sends `Last-Event-ID`; after a refusal or a close, this opens a new stream from `seq()`).
 * Returns a function that stops it. */
export function follow(matchId: string, token: string, seq: () => number, onMessage: (m: Message) => void,
                       onStatus: (s: StreamStatus) => void): () => void {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ended = false;
  const open = () => {
    const query = new URLSearchParams({ access_token: token, after: String(seq()) });
    source = new EventSource(`/api/v1/matches/${matchId}/stream?${query}`);
    onStatus("connecting");
    source.addEventListener("open", () => onStatus("live"));
    source.addEventListener("view", (m) => {
      const view = JSON.parse((m as MessageEvent<string>).data) as SeatView;
      onMessage({ kind: "view", view });
      if (view.status === "finished" || view.status === "aborted") {
        ended = true;
        stop();
        onStatus("ended");
      }
    });
    for (const type of Object.keys(EVENT_TYPES)) {
      source.addEventListener(type, (m) => {
        onMessage({ kind: "event", event: JSON.parse((m as MessageEvent<string>).data) as Event });
      });
    }
    source.addEventListener("error", () => {
      if (source?.readyState === EventSource.CLOSED && !ended) {
        onStatus("connecting");
        retry = setTimeout(open, RETRY_MS);
      }
    });
  };
  const stop = () => {
    clearTimeout(retry);
    source?.close();
  };
  open();
  return () => {
    ended = true;
    stop();
  };
}
