import { useSyncExternalStore } from 'react';
import type { ConnectionState } from '../../../shared/api/realtime.values.ts';

// The one live stream's state, for whoever shows it (the sync popover). A module store: there is one stream per tab.
let current: ConnectionState = 'connecting';
const listeners = new Set<() => void>();

export function setConnectionState(state: ConnectionState): void {
  if (state === current) return;
  current = state;
  for (const listener of listeners) listener();
}

export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => current,
  );
}
