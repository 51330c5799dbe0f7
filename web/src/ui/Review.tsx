import type { Analysis, Hint } from "hearts-client";
import { useEffect, useState } from "preact/hooks";

import { ApiError, call, client, type Session } from "../api";
import { cardName } from "../cards";
import { hintLine } from "../table";

/** A match with hints: asks for one for the decision at `version`, and says what it found. */
export function HintButton({ session, matchId, version, onHint }: {
  session: Session; matchId: string; version: number; onHint: (hint: Hint | null, error?: string) => void;
}) {
  const [asking, setAsking] = useState(false);
  const ask = async () => {
    setAsking(true);
    try {
      onHint(await call(client(session).GET("/api/v1/matches/{match_id}/hint", {
        params: { path: { match_id: matchId } },
      })));
    } catch (error) {
      if (error instanceof ApiError) onHint(null, error.text);
      else throw error;
    } finally {
      setAsking(false);
    }
  };
  return <button type="button" id="hint" disabled={asking} data-version={version} onClick={() => void ask()}>{asking ? "Thinking…" : "Hint"}</button>;
}

export function HintText({ hint }: { hint: Hint }) {
  return <p class="hint-line" role="status">{hintLine(hint)}</p>;
}

/** The analysis of the caller's decisions in a finished match: asked for, followed until
 * done, shown hand by hand with the blunders marked. */
export function AnalysisPanel({ session, matchId }: { session: Session; matchId: string }) {
  const [analysis, setAnalysis] = useState<Analysis | null>(null);
  const [error, setError] = useState<string | null>(null);
  const done = analysis?.status === "done";
  const failed = analysis?.status === "failed";
  useEffect(() => {
    if (analysis === null || done || failed) return;
    const poll = setTimeout(() => {
      call(client(session).GET("/api/v1/matches/{match_id}/analysis", { params: { path: { match_id: matchId } } }))
        .then(setAnalysis, (e: unknown) => setError(e instanceof ApiError ? e.text : String(e)));
    }, 1000);
    return () => clearTimeout(poll);
  }, [analysis, done, failed]);
  const ask = async () => {
    setError(null);
    try {
      setAnalysis(await call(client(session).POST("/api/v1/matches/{match_id}/analysis", {
        params: { path: { match_id: matchId } },
      })));
    } catch (e) {
      if (e instanceof ApiError) setError(e.text);
      else throw e;
    }
  };
  if (analysis === null || failed) {
    return (
      <div class="analysis">
        {failed ? <p>The analysis stopped before the end.</p> : null}
        <button type="button" id="analyse" onClick={() => void ask()}>{failed ? "Try the analysis again" : "Analyse my play"}</button>
        {error ? <p class="notice">{error}</p> : null}
      </div>
    );
  }
  return (
    <div class="analysis" aria-live="polite">
      {done ? (
        <p><strong>{analysis.total_loss.toFixed(1)} points</strong> given away in all, {analysis.blunders} {analysis.blunders === 1 ? "blunder" : "blunders"} (a choice that cost 2 points or more).</p>
      ) : <p>Analysing… {Math.round(analysis.progress * 100)}%</p>}
      {analysis.hands.map((hand) => (
        <table class="sheet review" key={hand.hand} data-hand={hand.hand}>
          <caption>Hand {hand.hand}: {hand.loss.toFixed(1)} points given away{hand.blunders ? `, ${hand.blunders} ${hand.blunders === 1 ? "blunder" : "blunders"}` : ""}</caption>
          <thead><tr><th scope="col">When</th><th scope="col">You</th><th scope="col">Best found</th><th scope="col">Cost</th></tr></thead>
          <tbody>
            {analysis.decisions.filter((d) => d.hand === hand.hand).map((d) => (
              <tr key={`${d.hand}:${d.trick ?? 0}`} class={d.blunder ? "blunder" : ""}>
                <th scope="row">{d.trick === null ? "Pass" : `Trick ${d.trick}`}</th>
                <td>{d.played.map(cardName).join(", ")}</td>
                <td>{d.loss === 0 ? "the same" : d.best.map(cardName).join(", ")}</td>
                <td>{d.loss.toFixed(1)}{d.blunder ? <span class="mark"> blunder</span> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
      {error ? <p class="notice">{error}</p> : null}
    </div>
  );
}
