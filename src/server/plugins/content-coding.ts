/** The codings cached answers are stored in (response-cache.ts): brotli, gzip, or the plain bytes. */
export type ContentCoding = 'br' | 'gzip' | 'identity';

// Browsers send a handful of distinct Accept-Encoding values, so each is parsed once; the bound keeps a client that
// sends a new value on every request from growing the map (it is then cleared and refilled).
const MEMO_LIMIT = 64;
const memo = new Map<string, ContentCoding>();

/**
 * The stored coding to answer with for an Accept-Encoding header (RFC 9110 §12.5.3): the one with the highest q
 * (brotli before gzip on a tie: it is smaller), `*` standing for any coding not named, q=0 refusing; identity when the
 * header is absent or takes neither.
 */
export function pickContentCoding(header: string | undefined): ContentCoding {
  if (!header) return 'identity';
  const known = memo.get(header);
  if (known) return known;
  const coding = parseAcceptEncoding(header);
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(header, coding);
  return coding;
}

function parseAcceptEncoding(header: string): ContentCoding {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') q = Number.parseFloat(value ?? '');
    }
    weights.set(coding, Number.isFinite(q) ? q : 0);
  }
  const weightOf = (coding: 'br' | 'gzip') => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}
