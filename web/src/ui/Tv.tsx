import type { MatchSummary } from "hearts-client";
import { useEffect, useState } from "preact/hooks";

import { ApiError, call, client, newKey, type Session } from "../api";
import { problemText } from "../table";
import { MatchPage } from "./MatchPage";

const EXPERT = { kind: "bot", level: "expert" } as const;
const NEXT_MATCH_MS = 15_000;

const isTv = (m: MatchSummary): boolean =>
  m.status !== "finished" && m.status !== "aborted" && m.seats.every((s) => s.kind === "bot" && s.bot_level === "expert");

/** Four expert bots play and you watch as a spectator: your own such match still in play,
 * else a new one (it counts in your quotas like any match you create); the next one starts
 * a little after the end. */
export function Tv({ session }: { session: Session }) {
  const [matchId, setMatchId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setMatchId(null);
    const find = async () => {
      const mine = await call(client(session).GET("/api/v1/matches", { params: { query: { page_size: 20 } } }));
      const running = mine.results.find(isTv);
      if (running) return running.id;
      const created = await call(client(session).POST("/api/v1/matches", {
        headers: { "Idempotency-Key": newKey() },
        body: { seats: [EXPERT, EXPERT, EXPERT, EXPERT], rules: { target_score: 50 }, bots: { delay_ms: 900 } },
      }));
      return created.id;
    };
    find().then((id) => { if (current) setMatchId(id); })
      .catch((e) => { if (current) setError(e instanceof ApiError ? problemText(e.problem, e.retryAfter) : String(e)); });
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
