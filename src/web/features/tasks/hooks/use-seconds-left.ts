import { useEffect, useState } from 'react';
import { computeSecondsLeft } from '../progress.ts';

/** A server-issued wait and when its answer arrived here (performance.now(), a monotonic clock). */
export type ServerWait = { creditableAt: string; serverNow: string; receivedAt: number };

/** Seconds left of a server-timed wait, ticking down; 0 once the token is creditable. */
export function useSecondsLeft(wait: ServerWait | null): number {
  const [now, setNow] = useState(() => performance.now());
  const left = wait ? computeSecondsLeft(wait.creditableAt, wait.serverNow, now - wait.receivedAt) : 0;
  const running = left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(performance.now()), 250);
    return () => clearInterval(timer);
  }, [running]);
  return left;
}
