// Colours of the sector heat map. Heat is an absolute 0–100 score, so the colour is too: the same heat is the same
// colour on every visit, whatever the other sectors score (colours spread over the visible min–max made a
// 48 look as hot as an 80 did the week before).

// Sequential heat palette, pale yellow (heat 0) → deep red (heat 100), readable on white and on the dark card alike.
const HEAT_COLOURS: readonly [number, number, number][] = [
  [254, 240, 138],
  [253, 186, 116],
  [249, 115, 22],
  [220, 38, 38],
  [127, 29, 29],
];
export const HEAT_SCALE = { min: 0, max: 100 } as const;
/** Tiles of a sector without a heat score (no scored member yet). */
export const NO_HEAT_COLOUR = { light: '#e5e7eb', dark: '#374151' } as const;
/** The gaps between tiles are the card's own background (white / gray-900), never black. */
export const CARD_BACKGROUND = { light: '#ffffff', dark: '#101828' } as const;

function mix(position: number): [number, number, number] {
  const scaled = Math.min(1, Math.max(0, position)) * (HEAT_COLOURS.length - 1);
  const index = Math.min(HEAT_COLOURS.length - 2, Math.floor(scaled));
  const from = HEAT_COLOURS[index] ?? HEAT_COLOURS[0]!;
  const to = HEAT_COLOURS[index + 1] ?? from;
  const share = scaled - index;
  return [0, 1, 2].map((i) => Math.round(from[i]! + (to[i]! - from[i]!) * share)) as [number, number, number];
}

const BACKGROUND_RGB = { light: [255, 255, 255], dark: [16, 24, 40] } as const;
/** How far a low-confidence tile's colour moves towards the card background (its label stays fully opaque). */
const FADE = 0.55;

/**
 * Colour of a heat score on the absolute 0–100 scale; dark text on the pale end, white on the deep end. `faded`
 * (a low-confidence sector) mixes the colour towards the card background, with the text picked for the mixed colour.
 */
export function heatColour(heat: number, faded?: { theme: 'light' | 'dark' }): { fill: string; text: string } {
  let [r, g, b] = mix((heat - HEAT_SCALE.min) / (HEAT_SCALE.max - HEAT_SCALE.min));
  if (faded) {
    const [br, bg, bb] = BACKGROUND_RGB[faded.theme];
    [r, g, b] = [r + (br - r) * FADE, g + (bg - g) * FADE, b + (bb - b) * FADE].map(Math.round) as [
      number,
      number,
      number,
    ];
  }
  const luminance = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  return { fill: `rgb(${r}, ${g}, ${b})`, text: luminance > 0.5 ? '#111827' : '#ffffff' };
}

export const LEGEND_GRADIENT = `linear-gradient(to right, ${HEAT_COLOURS.map(([r, g, b]) => `rgb(${r}, ${g}, ${b})`).join(', ')})`;
