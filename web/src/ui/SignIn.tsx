import { useState } from "preact/hooks";

import { ApiError, guest, register, type Session, signIn } from "../api";

/** Register (a password lets you sign in again elsewhere), sign in, or play as a guest. */
export function SignIn({ onSession, invited }: { onSession: (session: Session) => void; invited: boolean }) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const attempt = async (how: () => Promise<Session>) => {
    setError(null);
    try {
      onSession(await how());
    } catch (e) {
      if (e instanceof ApiError) setError(e.text);
      else throw e;
    }
  };
  return (
    <section class="panel sign-in">
      <h1>Hearts</h1>
      <p>{invited ? "You were sent a table: sign in, register or play as a guest to sit down at it."
        : "Sit down at a table against three computer players, or with friends."}</p>
      <form onSubmit={(e) => { e.preventDefault(); void attempt(() => signIn(username, password)); }}>
        <label>Username <input name="username" autocomplete="username" value={username} onInput={(e) => setUsername(e.currentTarget.value)} /></label>
        <label>Password <input name="password" type="password" autocomplete="current-password" value={password} onInput={(e) => setPassword(e.currentTarget.value)} /></label>
        <div class="row">
          <button type="submit" class="primary">Sign in</button>
          <button type="button" onClick={() => void attempt(() => register(username, password || undefined))}>Register</button>
          <button type="button" id="guest" onClick={() => void attempt(guest)}>Play as a guest</button>
        </div>
      </form>
      <p class="notice" role="alert">{error ?? ""}</p>
    </section>
  );
}
