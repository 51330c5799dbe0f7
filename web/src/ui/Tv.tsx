import type { MatchSummary } from "hearts-client";
import { useEffect, useState } from "preact/hooks";

import { ApiError, call, client, newKey, type Session } from "../api";
import { MatchPage } from "./MatchPage";

const EXPERT = { kind: "bot", level: "expert" } as const;
const NEXT_MATCH_MS = 15_000;

const isTv = (m: MatchSummary): boolean => m.seats.every((s) => s.kind === "bot" && s.bot_level === "expert");
/** The match being found or made, per token: a page opened again meanwhile waits for it. */
const finding = new Map<string, Promise<string>>();

/** The caller's four-expert match in play (the newest of each status in play), else a new one. */
async function tvMatch(session: Session): Promise<string> {
  for (const status of ["playing", "passing"] as const) {
    const page = await call(client(session).GET("/api/v1/matches", { params: { query: { status, page_size: 100 } } }));
    const running = page.results.find(isTv);
    if (running) return running.id;
  }
  const created = await call(client(session).POST("/api/v1/matches", {
    headers: { "Idempotency-Key": newKey() },
    body: { seats: [EXPERT, EXPERT, EXPERT, EXPERT], rules: { target_score: 50 }, bots: { delay_ms: 900 } },
  }));
  return created.id;
}

/** Four expert bots play and you watch as a spectator: your own such match in play, else a
 * new one (it counts in your quotas like any match you create); the next one starts a
 * little after the end. */
export function Tv({ session }: { session: Session }) {
  const [matchId, setMatchId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setMatchId(null);
    let found = finding.get(session.token);
    if (found === undefined) {
      found = tvMatch(session).finally(() => finding.delete(session.token));
      finding.set(session.token, found);
    }
    found.then((id) => { if (current) setMatchId(id); })
      .catch((e) => { if (current) setError(e instanceof ApiError ? e.text : String(e)); });
    return () => { current = false; };
  }, [session.token, round]);
  const [ended, setEnded] = useState(false);
  useEffect(() => {
    if (!ended) return;
    const next = setTimeout(() => { setEnded(false); setRound((r) => r + 1); }, NEXT_MATCH_MS);
    return () => clearTimeout(next);
  }, [ended]);
  return (
    <section aria-labelledby="tv">
      <h2 id="tv" class="tv-title">TV: four expert bots{ended ? " · the next match starts in a few seconds" : ""}</h2>
      {matchId === null ? <p class="notice">{error ?? "Seating four expert bots…"}</p>
        : <MatchPage key={matchId} session={session} matchId={matchId} onOver={() => setEnded(true)} />}
    </section>
  );
}
