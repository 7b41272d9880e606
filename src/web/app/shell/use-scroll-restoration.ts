import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

// What the data router's <ScrollRestoration> did, for the declarative router: a new page starts at its top (or at the
// element its #hash names), and Back/Forward return to where the reader was on that entry. Positions live in
// sessionStorage so a reload keeps them too.
const STORAGE_KEY = 'scroll-positions';
const MAX_ENTRIES = 100;

function readPositions(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

function savePosition(key: string, y: number): void {
  const positions = readPositions();
  delete positions[key];
  positions[key] = y;
  const keys = Object.keys(positions);
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete positions[old];
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage full or disabled: Back starts at the top instead.
  }
}

/**
 * The key a position is kept under. Entries the app created carry a key of their own; a document opened from the
 * address bar or a link from outside has react-router's `default`, the same for every URL — keyed by it alone, a page
 * typed into the tab after scrolling another opened at that other page's position. Such an entry is keyed by its URL
 * too, so a reload still returns to where the reader was.
 */
function entryKey(location: { key: string; pathname: string; search: string }): string {
  return location.key === 'default' ? `default:${location.pathname}${location.search}` : location.key;
}

export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = entryKey(location);

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);

  useLayoutEffect(() => {
    const saved = navigationType === 'POP' ? readPositions()[key] : undefined;
    let stopRestoring = () => {};
    if (saved !== undefined) stopRestoring = restore(saved);
    else if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    else if (navigationType !== 'POP') window.scrollTo(0, 0);
    // Followed while reading: by the time the next page commits, the document may already be shorter (its spinner)
    // and window.scrollY clamped. Not read here: reading it would force a layout in the middle of the first render.
    let y: number | undefined;
    const track = () => {
      y = window.scrollY;
    };
    // Leaving this entry (another page, or a reload): remember where the reader was.
    const remember = () => savePosition(key, y ?? window.scrollY);
    window.addEventListener('scroll', track, { passive: true });
    window.addEventListener('pagehide', remember);
    return () => {
      stopRestoring();
      window.removeEventListener('scroll', track);
      window.removeEventListener('pagehide', remember);
      remember();
    };
  }, [key, location.hash, navigationType]);
}

// At most this long (a slow phone's chunk and data), and once the position is reached, this long without moving off
// it; any input of the reader's ends it at once.
const RESTORE_FOR_MS = 10_000;
const SETTLED_FOR_MS = 1000;
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * Scrolls to `y`, and holds it while the page is still settling (its lazy parts and late data arriving after the first
 * commit make it taller, and the browser's scroll anchoring moves the view when something above it grows: a reload of
 * /membership at 500 px ended at 796 once the position was let go on first reaching it), until it has stayed there
 * SETTLED_FOR_MS, the reader scrolls, or RESTORE_FOR_MS pass. Returns a stop function.
 */
function restore(y: number): () => void {
  window.scrollTo(0, y);
  const started = performance.now();
  let reachedAt: number | null = null;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of READER_INPUT) window.removeEventListener(type, stop);
  };
  const hold = () => {
    const now = performance.now();
    if (now - started > RESTORE_FOR_MS) return stop();
    if (Math.abs(window.scrollY - y) > 1) {
      reachedAt = null;
      window.scrollTo(0, y);
    } else {
      reachedAt ??= now;
      if (now - reachedAt > SETTLED_FOR_MS) return stop();
    }
    frame = requestAnimationFrame(hold);
  };
  for (const type of READER_INPUT) window.addEventListener(type, stop, { passive: true });
  frame = requestAnimationFrame(hold);
  return stop;
}
