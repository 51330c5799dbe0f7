import { useEffect, useState } from "preact/hooks";

import { ApiError } from "../api";

/** `[data, error, reload]` of `load()`, run again when `deps` change (an answer to an older
 * run is dropped) and `everyMs` after each answer (longer if a refusal names a wait). */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[], everyMs?: number): [T | null, string | null, () => void] {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let current = true;
    let again: ReturnType<typeof setTimeout> | undefined;
    const next = (ms: number | undefined) => {
      if (current && ms !== undefined) again = setTimeout(() => setTick((t) => t + 1), ms);
    };
    load()
      .then((loaded) => { if (current) { setData(loaded); setError(null); next(everyMs); } })
      .catch((e) => {
        if (!current) return;
        setError(e instanceof ApiError ? e.text : String(e));
        next(everyMs === undefined ? undefined : Math.max(everyMs, 1000 * ((e instanceof ApiError ? e.wait : null) ?? 0)));
      });
    return () => { current = false; clearTimeout(again); };
  }, [...deps, tick]);
  useEffect(() => { setData(null); setError(null); }, deps);
  return [data, error, () => setTick((t) => t + 1)];
}
