import { useEffect, useRef, useState } from 'react';

/** How long a changed value stays highlighted. */
export const CHANGE_FLASH_MS = 2_500;

/**
 * True for a moment after `value` changes while mounted (a live update refetched it), never on the first render:
 * a page that loads shows no highlight, a page that updates under the reader shows what moved.
 */
export function useChangeFlash(value: unknown): boolean {
  const previous = useRef(value);
  const [flashing, setFlashing] = useState(false);
  useEffect(() => {
    if (Object.is(previous.current, value)) return;
    previous.current = value;
    setFlashing(true);
    const timer = setTimeout(() => setFlashing(false), CHANGE_FLASH_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return flashing;
}
