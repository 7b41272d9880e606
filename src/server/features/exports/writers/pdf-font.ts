import { createRequire } from 'node:module';

// Noto Sans SC (SIL Open Font License 1.1) from the npm package @expo-google-fonts/noto-sans-sc: static TTFs that
// cover simplified Chinese and Latin. pdfkit (fontkit) embeds a subset, only the glyphs a document uses.
// Resolved through Node's module resolution from this file, so it works from src/ under tsx and from the esbuild
// bundle in dist/server/ alike: the bundle keeps packages external and node_modules sits beside it at run time.

const require = createRequire(import.meta.url);

export const CJK_FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;

/** Absolute path of the CJK font file of a weight; throws when the package is not installed. */
export function resolveCjkFont(weight: keyof typeof CJK_FONT_FILES): string {
  return require.resolve(CJK_FONT_FILES[weight]);
}
