import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs` (the sync popover's "N minutes ago" moves once a minute). */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
