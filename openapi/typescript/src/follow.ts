/**
 * Follow a match: its stream's views and events, each once and in order, until it ends.
 * Hand-written beside the generated types.
 *
 *     for await (const item of follow({ baseUrl, token, matchId })) {
 *       if (item.kind === "view" && item.view.is_your_turn) { ... }  // pass or play
 *     }
 */
import type { components } from "./schema.js";

type Schemas = components["schemas"];

/** One item of the stream: a seat view, or one event of the log redacted for you. */
export type FollowItem =
  | { kind: "view"; view: Schemas["SeatView"] }
  | { kind: "event"; event: Schemas["Event"] };

export interface FollowOptions {
  /** The server's root, e.g. `http://127.0.0.1:8000`. */
  baseUrl: string;
  /** A bearer token of the player (or spectator) whose view to follow. */
  token: string;
  matchId: string;
  /** Resume after this seq: the events after it, then the view (left out: the view first). */
  after?: number;
  /** Ends the iteration (and its open request) when aborted: the iterator returns. */
  signal?: AbortSignal;
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
}

/** The server refused the stream for good (400, 401, 403, 404): its problem+json body. */
export class FollowRefused extends Error {
  constructor(readonly problem: Schemas["Problem"]) {
    super(`${problem.status} ${problem.code}: ${problem.detail}`);
  }
}

const RETRY_MS = 1000; // the wait after a try that brought no event; it doubles up to MAX_RETRY_MS
const MAX_RETRY_MS = 30_000;

/**
 * GET /matches/{id}/stream as an async iterator of views and events. A dropped or ended
 * connection, a 5xx or a 429 is retried with `Last-Event-ID`, so no event is lost or
 * repeated: at once after a connection that brought an event, else after `RETRY_MS`
 * doubling to `MAX_RETRY_MS` (or the 429's `Retry-After`). The iteration ends with the
 * match's final view. Throws `FollowRefused` on any other refusal.
 */
export async function* follow(options: FollowOptions): AsyncGenerator<FollowItem, void, undefined> {
  const fetchStream = options.fetch ?? fetch;
  const url = `${options.baseUrl}/api/v1/matches/${encodeURIComponent(options.matchId)}/stream`;
  let last = options.after;
  let shown: number | undefined; // the version of the last view yielded
  let wait = RETRY_MS;
  for (;;) {
    const headers: Record<string, string> = { Accept: "text/event-stream", Authorization: `Bearer ${options.token}` };
    if (last !== undefined) headers["Last-Event-ID"] = String(last);
    let progressed = false; // this connection brought an event
    try {
      const response = await fetchStream(url, { headers, signal: options.signal });
      if (response.status === 204) {
        // The match is over and no event follows `last`; read the final view if it was cut off.
        if (shown !== last) yield { kind: "view", view: await finalView(options, fetchStream) };
        return;
      }
      if (response.status !== 200 || response.body === null) {
        const retryAfter = Number(response.headers.get("Retry-After"));
        const text = await response.text();
        let problem: Schemas["Problem"];
        try {
          problem = JSON.parse(text) as Schemas["Problem"];
        } catch {
          // not the server's problem+json (a proxy's page, say)
          problem = { type: "about:blank", title: "Refused", status: response.status, detail: text.slice(0, 200), code: "unknown" } as Schemas["Problem"];
        }
        if (response.status !== 429 && response.status < 500) throw new FollowRefused(problem);
        await pause(Number.isInteger(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : wait, options.signal);
        wait = Math.min(wait * 2, MAX_RETRY_MS);
        continue;
      }
      for await (const message of messages(response.body)) {
        last = Number(message.id);
        const data: unknown = JSON.parse(message.data);
        if (message.event === "view") {
          shown = last;
          yield { kind: "view", view: data as Schemas["SeatView"] };
        } else {
          progressed = true;
          yield { kind: "event", event: data as Schemas["Event"] };
        }
      }
    } catch (error) {
      if (options.signal?.aborted) return; // the caller stopped following
      if (error instanceof FollowRefused) throw error;
    }
    // The connection dropped or ended: resume from `last`, at once if it brought an event.
    if (progressed) {
      wait = RETRY_MS;
    } else {
      await pause(wait, options.signal);
      if (options.signal?.aborted) return;
      wait = Math.min(wait * 2, MAX_RETRY_MS);
    }
  }
}

async function finalView(options: FollowOptions, fetchView: typeof fetch): Promise<Schemas["SeatView"]> {
  const url = `${options.baseUrl}/api/v1/matches/${encodeURIComponent(options.matchId)}/view`;
  const response = await fetchView(url, { headers: { Authorization: `Bearer ${options.token}` }, signal: options.signal });
  const body: unknown = await response.json();
  if (response.status !== 200) throw new FollowRefused(body as Schemas["Problem"]);
  return body as Schemas["SeatView"];
}

interface Message {
  id: string;
  event: string;
  data: string;
}

/** The stream's messages; comment lines (`: keep-alive`) are skipped. */
async function* messages(body: ReadableStream<Uint8Array>): AsyncGenerator<Message, void, undefined> {
  const decoder = new TextDecoder();
  let buffer = "";
  let message: Partial<Message> = {};
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, end).replace(/\r$/, "");
        buffer = buffer.slice(end + 1);
        if (line === "") {
          if (message.data !== undefined && message.id !== undefined && message.event !== undefined) {
            yield message as Message;
          }
          message = {};
        } else if (!line.startsWith(":")) {
          const colon = line.indexOf(":");
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
          if (field === "id" || field === "event" || field === "data") message[field] = value;
        }
      }
    }
  } finally {
    reader.cancel().catch(() => undefined); // a consumer that stopped early closes the request
  }
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}
