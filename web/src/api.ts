/** The server, as this client uses it: the session (token kept in the browser), the typed
 * SDK client, and commands sent the way a careful client sends them. */
import {
  createHeartsClient,
  type CardPlayRequest,
  type CardsPassRequest,
  type HeartsClient,
  type LessonVerdict,
  type Problem,
  type SeatView,
} from "hearts-client";

export interface Session {
  token: string;
  username: string;
  /** Registered without a password: signing out loses the account. */
  guest?: boolean;
}

const SESSION_KEY = "hearts.session";

export function loadSession(): Session | null {
  try {
    const stored = JSON.parse(localStorage.getItem(SESSION_KEY) ?? "null") as Session | null;
    return typeof stored?.token === "string" && typeof stored.username === "string" ? stored : null;
  } catch {
    return null;
  }
}

export function saveSession(session: Session | null): void {
  if (session === null) localStorage.removeItem(SESSION_KEY);
  else localStorage.setItem(SESSION_KEY, JSON.stringify(session));
}

export const client = (session: Session | null): HeartsClient =>
  createHeartsClient({ baseUrl: location.origin, token: session?.token });

/** A refusal (problem+json), or the server out of reach (status 0); `wait`: the seconds it
 * says to wait (its `retry_after`, else a Retry-After of seconds), or null. */
export class ApiError extends Error {
  readonly wait: number | null;
  constructor(
    readonly problem: Problem,
    retryAfter: string | null = null,
  ) {
    super(problem.detail);
    const seconds = Number(problem.retry_after ?? retryAfter ?? Number.NaN);
    this.wait = Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
  }

  /** The refusal in the server's words, with when to try again if it says. */
  get text(): string {
    return this.wait === null ? this.problem.detail : `${this.problem.detail} Try again in ${this.wait} s.`;
  }
}

const UNREACHABLE: Problem = {
  type: "about:blank", title: "The server cannot be reached", status: 0,
  detail: "The server cannot be reached: check the connection and try again.", code: "unreachable",
};

/** The data of an SDK call, or an `ApiError`. */
export async function call<T>(request: Promise<{ data?: T; error?: Problem; response: Response }>): Promise<T> {
  let answer: { data?: T; error?: Problem; response: Response };
  try {
    answer = await request;
  } catch {
    throw new ApiError(UNREACHABLE);
  }
  const { error, response } = answer;
  if (error !== undefined || !response.ok) {
    const problem = typeof error === "object" && error !== null && "code" in error ? error
      : { type: "about:blank", title: response.statusText, status: response.status, code: "http_error",
          detail: `The server answered ${response.status} ${response.statusText}.` };
    throw new ApiError(problem, response.headers.get("Retry-After"));
  }
  return answer.data as T;
}


/** A fresh key for `Idempotency-Key` (works outside secure contexts too). */
export function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function register(username: string, password?: string): Promise<Session> {
  const body = password ? { username, password } : { username };
  const created = await call(client(null).POST("/api/v1/players", { body }));
  return { token: created.token, username: created.username, guest: !password };
}

/** A new token for a player who registered with a password (HTTP Basic at POST /tokens). */
export async function signIn(username: string, password: string): Promise<Session> {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  const basic = btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""));
  const created = await call(client(null).POST("/api/v1/tokens", {
    body: { name: "browser table" },
    headers: { Authorization: `Basic ${basic}`, "Idempotency-Key": newKey() },
  }));
  return { token: created.token, username };
}

/** A guest: an account made on the fly, without a password. */
export const guest = (): Promise<Session> => register(`guest-${newKey().slice(0, 8)}`);

/** Revokes the session's token (its key is the token's first 15 characters); a token
 * already revoked (401, 404) counts as signed out. Other refusals throw `ApiError`. */
export async function signOut(session: Session): Promise<void> {
  try {
    await call(client(session).DELETE("/api/v1/tokens/{token_key}", {
      params: { path: { token_key: session.token.slice(0, 15) } },
    }));
  } catch (error) {
    if (!(error instanceof ApiError && [401, 404].includes(error.problem.status))) throw error;
  }
}

export type Command = { kind: "pass"; body: CardsPassRequest } | { kind: "play"; body: CardPlayRequest };
/** A command's outcome: done (with a lesson's verdict in a lesson's match), or refused
 * because the table moved first (the view now). */
export type Sent = { kind: "done"; view: SeatView; lesson: LessonVerdict | null } | { kind: "moved"; view: SeatView };

/** Codes that mean "the table moved before this command": read the view and decide again. */
const MOVED = new Set(["stale_version", "not_your_turn", "wrong_phase", "already_passed"]);

/** Sends a pass or play decided on the view at `version` (If-Match) under one
 * Idempotency-Key, sent again with it when the answer is lost or the first is still running.
 * Refusals other than the table having moved throw `ApiError`. */
export async function send(session: Session, matchId: string, version: number, command: Command): Promise<Sent> {
  const headers = { "If-Match": `"${version}"`, "Idempotency-Key": newKey() };
  const options = { params: { path: { match_id: matchId } }, headers };
  const post = () => call(command.kind === "pass"
    ? client(session).POST("/api/v1/matches/{match_id}/pass", { ...options, body: command.body })
    : client(session).POST("/api/v1/matches/{match_id}/play", { ...options, body: command.body }));
  for (let attempt = 0; ; attempt++) {
    try {
      const done = await post();
      return { kind: "done", view: done.view, lesson: done.lesson };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const { status, code } = error.problem;
      if (MOVED.has(code)) return { kind: "moved", view: await readView(session, matchId) };
      if (attempt >= 2 || (status !== 0 && code !== "request_in_progress")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

export async function readView(session: Session | null, matchId: string): Promise<SeatView> {
  return call(client(session).GET("/api/v1/matches/{match_id}/view", { params: { path: { match_id: matchId } } }));
}
