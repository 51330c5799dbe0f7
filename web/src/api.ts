/** The server, as this client uses it: the session (token kept in the browser), the typed
 * SDK client, and commands sent the way a careful client sends them. */
import { createHeartsClient, type CardPlayRequest, type CardsPassRequest, type HeartsClient, type Problem, type SeatView } from "hearts-client";

export interface Session {
  token: string;
  username: string;
}

const SESSION_KEY = "hearts.session";

export function loadSession(): Session | null {
  const stored = localStorage.getItem(SESSION_KEY);
  return stored === null ? null : (JSON.parse(stored) as Session);
}

export function saveSession(session: Session | null): void {
  if (session === null) localStorage.removeItem(SESSION_KEY);
  else localStorage.setItem(SESSION_KEY, JSON.stringify(session));
}

export const client = (session: Session | null): HeartsClient =>
  createHeartsClient({ baseUrl: location.origin, token: session?.token });

/** A refusal (problem+json), or the server out of reach (status 0). */
export class ApiError extends Error {
  constructor(
    readonly problem: Problem,
    readonly retryAfter: string | null = null,
  ) {
    super(problem.detail);
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
  if (answer.error !== undefined) throw new ApiError(answer.error, answer.response.headers.get("Retry-After"));
  return answer.data as T;
}

/** A fresh key for `Idempotency-Key` (works outside secure contexts too). */
export function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function register(username: string, password?: string): Promise<Session> {
  const body = password ? { username, password } : { username };
  const created = await call(client(null).POST("/api/v1/players", { body }));
  return { token: created.token, username: created.username };
}

/** A new token for a player who registered with a password (HTTP Basic at POST /tokens). */
export async function signIn(username: string, password: string): Promise<Session> {
  const basic = btoa(String.fromCodePoint(...new TextEncoder().encode(`${username}:${password}`)));
  const created = await call(client(null).POST("/api/v1/tokens", {
    body: { name: "browser table" },
    headers: { Authorization: `Basic ${basic}` },
  }));
  return { token: created.token, username };
}

/** A guest: an account made on the fly, without a password. */
export const guest = (): Promise<Session> => register(`guest-${newKey().slice(0, 8)}`);

export type Command = { kind: "pass"; body: CardsPassRequest } | { kind: "play"; body: CardPlayRequest };

/** Sends a pass or play made on the view at `version` (If-Match), under one Idempotency-Key,
 * sent again with it once if the answer is lost. Returns the view after it, or null when the
 * table moved first (409, 412): read the view again. Other refusals throw `ApiError`. */
export async function send(session: Session, matchId: string, version: number, command: Command): Promise<SeatView | null> {
  const headers = { "If-Match": `"${version}"`, "Idempotency-Key": newKey() };
  const options = { params: { path: { match_id: matchId } }, headers };
  const post = () => command.kind === "pass"
    ? client(session).POST("/api/v1/matches/{match_id}/pass", { ...options, body: command.body })
    : client(session).POST("/api/v1/matches/{match_id}/play", { ...options, body: command.body });
  try {
    return (await call(post().catch(() => post()))).view;
  } catch (error) {
    if (error instanceof ApiError && (error.problem.status === 409 || error.problem.status === 412)) return null;
    throw error;
  }
}

export async function readView(session: Session | null, matchId: string): Promise<SeatView> {
  return call(client(session).GET("/api/v1/matches/{match_id}/view", { params: { path: { match_id: matchId } } }));
}
