import { useEffect, useState } from "preact/hooks";

import { ApiError, call, client, type Session } from "../api";
import { problemText } from "../table";
import { MatchPage } from "./MatchPage";

const EXPERT = { kind: "bot", level: "expert" } as const;

/** Four expert bots play a match, and you watch it as a spectator; another follows the end. */
export function Tv({ session }: { session: Session }) {
  const [matchId, setMatchId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = () => {
    setMatchId(null);
    call(client(session).POST("/api/v1/matches", {
      body: { seats: [EXPERT, EXPERT, EXPERT, EXPERT], rules: { target_score: 50 }, bots: { delay_ms: 900 } },
    })).then((m) => setMatchId(m.id)).catch((e) => setError(e instanceof ApiError ? problemText(e.problem, e.retryAfter) : String(e)));
  };
  useEffect(start, [session.token]);
  if (matchId === null) return <p class="notice">{error ?? "Seating four expert bots…"}</p>;
  return <MatchPage key={matchId} session={session} matchId={matchId} onNewMatch={start} />;
}
