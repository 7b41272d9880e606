import type { DashboardWidget } from '../../../shared/api/dashboard.schema.ts';

// Pure edits of a layout (the order is the display order); the board saves the result as a whole.

/** The list with the widget at `index` moved by `delta` places (clamped to the ends). */
export function moveWidget(widgets: readonly DashboardWidget[], index: number, delta: -1 | 1): DashboardWidget[] {
  const target = index + delta;
  if (index < 0 || index >= widgets.length || target < 0 || target >= widgets.length) return [...widgets];
  const next = [...widgets];
  const [moved] = next.splice(index, 1);
  if (moved) next.splice(target, 0, moved);
  return next;
}

/** small ↔ wide for one widget. */
export function toggleSize(widgets: readonly DashboardWidget[], id: string): DashboardWidget[] {
  return widgets.map((w) => (w.id === id ? { ...w, size: w.size === 'wide' ? 'small' : 'wide' } : w));
}

export function removeWidget(widgets: readonly DashboardWidget[], id: string): DashboardWidget[] {
  return widgets.filter((w) => w.id !== id);
}

export function setNoteText(widgets: readonly DashboardWidget[], id: string, text: string): DashboardWidget[] {
  return widgets.map((w) => (w.id === id && w.kind === 'note' ? { ...w, settings: { text } } : w));
}
