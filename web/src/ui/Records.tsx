import type { DailyChallenge, DailyLeaderboardEntry, LeaderboardEntry, PlayerProfile } from "hearts-client";
import { useEffect, useState } from "preact/hooks";

import { ApiError, call, client, type Session } from "../api";
import { problemText } from "../table";

function useLoad<T>(load: () => Promise<T>, deps: unknown[]): [T | null, string | null, () => void] {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    load().then(setData).catch((e) => setError(e instanceof ApiError ? problemText(e.problem, e.retryAfter) : String(e)));
  }, [...deps, tick]);
  return [data, error, () => setTick((t) => t + 1)];
}

const rating = (r: { conservative: number; mu: number; sigma: number } | null): string =>
  r === null ? "not rated yet" : `${r.conservative.toFixed(1)} (μ ${r.mu.toFixed(1)}, σ ${r.sigma.toFixed(1)})`;

/** A player's record: totals, rating, and per set of opponents the fastest win. */
export function Profile({ session, username }: { session: Session | null; username: string }) {
  const [profile, error] = useLoad<PlayerProfile>(
    () => call(client(session).GET("/api/v1/players/{username}", { params: { path: { username } } })), [username]);
  return (
    <section class="panel" aria-labelledby="profile">
      <h2 id="profile">{username}</h2>
      {profile ? (
        <>
          <p>Rating: {rating(profile.rating)}</p>
          <p>{profile.matches_played} matches: {profile.matches_won} won, {profile.matches_shared} shared, {profile.matches_lost} lost, {profile.matches_aborted} stopped · {profile.hands_played} hands · {profile.moons_shot} moons, {profile.suns_shot} suns</p>
          <table class="records">
            <caption>Record against each set of opponents</caption>
            <thead><tr><th scope="col">Opponents</th><th scope="col">Finished</th><th scope="col">Won</th><th scope="col">Shared</th><th scope="col">Fastest win</th></tr></thead>
            <tbody>
              {profile.records.map((r) => (
                <tr key={r.opponents}>
                  <th scope="row">{r.opponents}</th><td>{r.matches_finished}</td><td>{r.matches_won}</td><td>{r.matches_shared}</td>
                  <td>{r.fastest_win ? <a href={`#/match/${r.fastest_win.match_id}`}>fastest win: {r.fastest_win.hands} hands</a> : "none yet"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : <p>{error ?? "Loading…"}</p>}
    </section>
  );
}

/** Players and bot levels by rating. */
export function Leaderboard() {
  const [page, error] = useLoad(() => call(client(null).GET("/api/v1/leaderboard", { params: { query: { page_size: 50 } } })), []);
  return (
    <section class="panel" aria-labelledby="leaderboard">
      <h2 id="leaderboard">Leaderboard</h2>
      {page ? (
        <ol class="board">
          {page.results.map((e: LeaderboardEntry) => (
            <li key={`${e.kind}:${e.name}`}>
              {e.rank}. {e.kind === "player" ? <a href={`#/profile/${encodeURIComponent(e.name)}`}>{e.name}</a> : `${e.name} bot`} · {rating(e.rating)}
            </li>
          ))}
        </ol>
      ) : <p>{error ?? "Loading…"}</p>}
    </section>
  );
}

/** Today's challenge: one attempt, the same deals and bots for all; its leaderboard after. */
export function Daily({ session, onMatch }: { session: Session; onMatch: (id: string) => void }) {
  const [daily, error, reload] = useLoad<DailyChallenge>(() => call(client(session).GET("/api/v1/daily")), [session.token]);
  const [board, setBoard] = useState<DailyLeaderboardEntry[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (daily?.attempt?.status !== "finished") return;
    call(client(session).GET("/api/v1/daily/{day}/leaderboard", { params: { path: { day: daily.date }, query: { page_size: 50 } } }))
      .then((p) => setBoard(p.results)).catch(() => setBoard([]));
  }, [daily?.attempt?.status]);
  const play = async (day: string) => {
    try {
      const created = await call(client(session).POST("/api/v1/daily/{day}/matches", { params: { path: { day } } }));
      onMatch(created.id);
    } catch (e) {
      if (e instanceof ApiError) { setNotice(problemText(e.problem, e.retryAfter)); reload(); }
    }
  };
  return (
    <section class="panel" aria-labelledby="daily">
      <h2 id="daily">Daily challenge</h2>
      {daily ? (
        <>
          <p>{daily.date}: {daily.hands} hands as south against {daily.bot_levels.west} (left), {daily.bot_levels.north} (across) and {daily.bot_levels.east} (right) bots; the same deals for everyone. Fewest points wins.</p>
          {daily.attempt === null ? <button type="button" class="primary" onClick={() => void play(daily.date)}>Play today's challenge (one attempt)</button>
            : daily.attempt.status !== "finished" ? <a href={`#/match/${daily.attempt.match_id}`}>Continue your attempt</a>
            : <p>You have played today's challenge.</p>}
          {board ? (
            <ol class="board">
              {board.map((e) => <li key={e.username}>{e.rank}. {e.username}: {e.points} points in {e.seconds} s</li>)}
            </ol>
          ) : null}
        </>
      ) : <p>{error ?? "Loading…"}</p>}
      <p class="notice" role="alert">{notice ?? ""}</p>
    </section>
  );
}
