import { useSyncExternalStore } from 'react';

// Toasts (spec §2, §4, §9): one at a time, 5 s by default, swipe threshold 50 px, hotkey F8 focuses the region.
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';

export type ToastVariant = 'default' | 'success' | 'error';
export type ToastItem = { id: number; title: string; description?: string; variant: ToastVariant; durationMs: number };
export type ToastInput = { title: string; description?: string; variant?: ToastVariant; durationMs?: number };

let toasts: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: readonly ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a toast, replacing the current one (the limit is one); returns its id. */
export function showToast(input: ToastInput): number {
  const id = nextId++;
  const item: ToastItem = {
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    durationMs: input.durationMs ?? TOAST_DURATION_MS,
  };
  emit([item, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

export function updateToast(id: number, patch: Partial<ToastInput>): void {
  emit(toasts.map((t) => (t.id === id ? { ...t, ...patch, variant: patch.variant ?? t.variant } : t)));
}

export function dismissToast(id?: number): void {
  emit(id === undefined ? [] : toasts.filter((t) => t.id !== id));
}

export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => toasts,
  );
}
