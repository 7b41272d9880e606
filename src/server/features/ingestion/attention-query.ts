/**
 * The search query for a project's news (GDELT) and Reddit mentions. Both services understand the same subset:
 * `"quoted phrases"`, terms separated by spaces are all required, `(a OR b)` is any of them.
 *
 * The rule that keeps false hits out: a name that is also an everyday word ("Near", "Maker", "The Graph", "Flow",
 * "Sui"), or a short one (≤ 4 letters: "Aave", "ENS"), never counts alone. Its query requires crypto context:
 * `"Near" (crypto OR cryptocurrency OR blockchain OR token)`, plus the ticker when the ticker is not itself the name
 * or a word. A distinctive name ("Uniswap", "MetaMask", "1inch") is searched as the quoted name alone. A curated
 * `newsQuery` (catalogue) replaces the built query, except when it is just an ambiguous name again.
 */

/** Everyday words that are also project names (lower case). A name made only of these needs context. */
const COMMON_WORDS = new Set(
  `a an the of and or on in at to for by with my our your one two three open new big all any near maker graph flow
  sui sei ton tron base mode blast scroll mantle stacks stellar safe beam gala grass pixels orca ronin jupiter sky
  frax pepe bonk brett avail abstract phantom ledger render golem helium polygon optimism cosmos compound curve
  balancer convex zora kaito lens wormhole stargate across band babylon trust space wallet rocket pool time pump
  fun magic eden official trump mask network protocol finance chain layer labs dao swap bridge ocean oasis harmony
  fantom sonic venus mars moon sun star stars planet earth world internet computer prime hive mapper penguins ape
  rare super looks art blocks friend tech cyber connect hyper lane red stone ether cap spark aura frame blur
  bounce drift jet echo portal trader joe quick golden gold silver iron steel fire water wind rain snow ice cloud
  storm thunder light dark shadow ghost spirit soul mind brain heart hand eye face head body life love hope faith
  peace war king queen prince lord god angel devil dragon tiger lion wolf bear bull fox eagle hawk owl cat dog
  frog shark whale dolphin octopus bee ant horse pony unicorn phoenix apple orange banana cherry lemon mango peach
  berry coin cash money bank pay credit loan fund capital market trade exchange vault treasury reserve stable
  alpha beta gamma delta sigma omega zero infinity quantum atom atomic nova solar lunar galaxy orbit wave river
  lake sea island mountain forest garden gate door key lock link path road map guide pulse flash bolt blaze flame
  ember ash dust sand rock crystal diamond pearl ruby gem jade coral amber ivory velvet silk cotton paper glass
  mirror shield sword arrow bow spear crown throne castle tower temple city town village home house nest hub core
  edge point line circle square cube sphere kite anchor harbor port dock ship boat sail compass radar signal
  beacon monkey gorilla panda koala sloth turtle snail worm spider crab lobster oyster clam fish salmon tuna yield
  guild games game play player arena quest hero legend myth saga story book meme`
    .split(/\s+/)
    .filter(Boolean),
);

/** Context terms: an ambiguous name counts only next to one of these. */
export const CONTEXT_TERMS = ['crypto', 'cryptocurrency', 'blockchain', 'token'] as const;

/** GDELT rejects terms shorter than 3 characters; a name this short cannot be searched at all. */
const MIN_TERM_LENGTH = 3;

export type AttentionQueryInput = { name: string; symbol: string | null; newsQuery?: string | null };
export type AttentionQuery = {
  /** The query sent to GDELT and to Reddit search. */
  query: string;
  /** True when the name needed crypto context (or the curated query was used). */
  ambiguous: boolean;
  /** Where the query came from. */
  origin: 'curated' | 'built';
};

/** The name without a parenthetical ("Sky (MakerDAO)" → "Sky") and without quotes. */
function cleanName(name: string): string {
  return name
    .replace(/\([^)]*\)/g, ' ')
    .replace(/["“”]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * True when the name alone would match ordinary text: every word is an everyday word, or the name is a single word
 * of at most 4 letters. Digits, dots and inner capitals ("1inch", "io.net", "MetaMask", "dYdX") make a word
 * distinctive.
 */
export function isAmbiguousName(name: string): boolean {
  const words = cleanName(name).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const distinctive = (word: string) => /\d|\.|[a-z][A-Z]/.test(word) && word.length > 2;
  if (words.some(distinctive)) return false;
  if (words.length === 1) {
    const word = words[0] as string;
    return word.length <= 4 || COMMON_WORDS.has(word.toLowerCase());
  }
  return words.every((word) => COMMON_WORDS.has(word.toLowerCase()) || word.length <= 2);
}

/** A query that is nothing but one ambiguous name (`Near`, `"Near"`, `("near")`) is rejected as a curated query. */
function isBareAmbiguousQuery(query: string): boolean {
  const bare = query.replace(/[()"“”]/g, ' ').trim();
  if (/\s(OR|AND)\s/i.test(` ${bare} `)) return false;
  return isAmbiguousName(bare);
}

/** The ticker as a context term: only when it is searchable, not the name itself, and not an everyday word. */
function symbolTerm(symbol: string | null, name: string): string | null {
  if (!symbol) return null;
  const s = symbol.replace(/^\$/, '').trim();
  if (!/^[A-Za-z0-9]+$/.test(s) || s.length < MIN_TERM_LENGTH) return null;
  const lower = s.toLowerCase();
  const nameWords = cleanName(name).toLowerCase().split(' ');
  if (nameWords.includes(lower) || COMMON_WORDS.has(lower)) return null;
  if ((CONTEXT_TERMS as readonly string[]).includes(lower)) return null;
  return s.toUpperCase();
}

/**
 * The project's attention query, or null when it has nothing searchable (a name shorter than 3 characters and no
 * curated query): such a project gets no news or Reddit data rather than a guess.
 */
export function buildAttentionQuery(project: AttentionQueryInput): AttentionQuery | null {
  const curated = project.newsQuery?.trim();
  if (curated && !isBareAmbiguousQuery(curated)) return { query: curated, ambiguous: true, origin: 'curated' };
  const name = cleanName(project.name);
  if (name.replace(/[^\p{L}\p{N}]/gu, '').length < MIN_TERM_LENGTH) return null;
  const phrase = `"${name}"`;
  if (!isAmbiguousName(name)) return { query: phrase, ambiguous: false, origin: 'built' };
  const symbol = symbolTerm(project.symbol, name);
  const context = [...CONTEXT_TERMS, ...(symbol ? [symbol] : [])];
  return { query: `${phrase} (${context.join(' OR ')})`, ambiguous: true, origin: 'built' };
}
