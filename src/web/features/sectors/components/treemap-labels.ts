/** A laid-out tile in CSS pixels. */
export type TileRect = { width: number; height: number };
/** How much of a tile's label fits: name and heat, the name only, or nothing (the tooltip still names it). */
export type LabelFit = 'full' | 'name' | 'none';

// The label sits inside the tile with this margin on each side; one line of the 12 px label is this tall.
const MARGIN_PX = 5;
const LINE_PX = 16;

/**
 * What a tile can show without cutting a word: a label is only drawn whole ("Gam… Not e…" on a phone).
 * `measure` gives a text's width in pixels in the label's font.
 */
export function fitLabel(
  rect: TileRect,
  lines: { name: string; heat: string },
  measure: (text: string) => number,
): LabelFit {
  const width = rect.width - 2 * MARGIN_PX;
  const height = rect.height - 2 * MARGIN_PX;
  if (height < LINE_PX || measure(lines.name) > width) return 'none';
  if (height >= 2 * LINE_PX && measure(lines.heat) <= width) return 'full';
  return 'name';
}
