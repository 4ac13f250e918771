import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs` (for "bijgewerkt om …" and the stale warning). */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}
