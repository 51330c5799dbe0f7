import { useEffect, useState } from "preact/hooks";

import { ApiError } from "../api";
import { problemText } from "../table";

/** `[data, error, reload]` of `load()`, run again when `deps` change (an answer to an older
 * run is dropped) or every `everyMs`. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[], everyMs?: number): [T | null, string | null, () => void] {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let current = true;
    load()
      .then((loaded) => { if (current) { setData(loaded); setError(null); } })
      .catch((e) => { if (current) setError(e instanceof ApiError ? problemText(e.problem, e.retryAfter) : String(e)); });
    const again = everyMs === undefined ? undefined : setTimeout(() => setTick((t) => t + 1), everyMs);
    return () => { current = false; clearTimeout(again); };
  }, [...deps, tick]);
  useEffect(() => { setData(null); setError(null); }, deps);
  return [data, error, () => setTick((t) => t + 1)];
}
