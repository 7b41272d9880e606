import { DAY_MS } from '../../../shared/time/duration.ts';
import type { FakeRequest, FakeResponse, FakeRoute } from './fake-server.ts';

// Deterministic fake history for every backfill source (tests and the bench; no randomness): each coin, protocol,
// repository, article and query gets a daily series from a hash of its name, so two runs answer the same.

function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0) / 0xffffffff;
}

/** A smooth, name-specific daily series: base × (1 ± 30 %), one wave per ~3 weeks. */
export function fakeDailyValue(name: string, base: number, dayMs: number): number {
  const h = hashOf(name);
  return base * (0.5 + h) * (1 + 0.3 * Math.sin(dayMs / DAY_MS / 3.3 + h * 6.28));
}

const dayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');
const parseYmd = (s: string) => Date.UTC(Number(s.slice(0, 4)), Number(s.slice(4, 6)) - 1, Number(s.slice(6, 8)));

function days(fromMs: number, toMs: number): number[] {
  const out: number[] = [];
  for (let at = dayStart(fromMs); at <= toMs; at += DAY_MS) out.push(at);
  return out;
}

/**
 * A route answering CoinGecko market_chart, DefiLlama /protocol, GitHub org repos and commit_activity, Wikipedia daily
 * page views and GDELT timelinevolraw, relative to `now`. Paths are matched by their ends, so each client's base URL
 * can point at the same server (e.g. `${url}/coingecko`).
 * `shapeOf`: every series is drawn as it stood on that day and moved to end today. The waves otherwise move with the
 * calendar, and a test that needs a given shape (the browser test's anomaly: today's heat far above its 30 days) would
 * pass on some dates and fail on others.
 */
export function fakeHistoryRoute(now: () => Date, options: { shapeOf?: Date } = {}): FakeRoute {
  return ({ path, query }: FakeRequest): FakeResponse => {
    const today = dayStart(now().getTime());
    const shift = options.shapeOf ? dayStart(options.shapeOf.getTime()) - today : 0;
    const valueOn = (name: string, base: number, dayMs: number) => fakeDailyValue(name, base, dayMs + shift);
    let m = path.match(/\/coins\/([^/]+)\/market_chart$/);
    if (m) {
      const id = decodeURIComponent(m[1] as string);
      const series = days(today - Number(query.get('days') ?? 90) * DAY_MS, today);
      const pairs = (base: number, salt: string) => series.map((at) => [at, valueOn(id + salt, base, at)]);
      return { body: { prices: pairs(10, 'p'), market_caps: pairs(5e8, 'c'), total_volumes: pairs(3e7, 'v') } };
    }
    m = path.match(/\/protocol\/([^/]+)$/);
    if (m) {
      const slug = decodeURIComponent(m[1] as string);
      const tvl = days(today - 400 * DAY_MS, today).map((at) => ({
        date: at / 1000,
        totalLiquidityUSD: valueOn(slug, 2e8, at),
      }));
      return { body: { id: '1', name: slug, tvl } };
    }
    m = path.match(/\/orgs\/([^/]+)\/repos$/);
    if (m) {
      const org = m[1] as string;
      return {
        body: [
          {
            name: 'core',
            full_name: `${org}/core`,
            fork: false,
            archived: false,
            stargazers_count: 100,
            forks_count: 10,
          },
        ],
      };
    }
    m = path.match(/\/repos\/([^/]+\/[^/]+)\/stats\/commit_activity$/);
    if (m) {
      const repo = m[1] as string;
      const firstWeek = dayStart(today - 51 * 7 * DAY_MS) - new Date(today - 51 * 7 * DAY_MS).getUTCDay() * DAY_MS;
      const weeks = Array.from({ length: 52 }, (_, w) => {
        const week = firstWeek + w * 7 * DAY_MS;
        const perDay = Array.from({ length: 7 }, (_, d) => Math.round(valueOn(repo, 6, week + d * DAY_MS)));
        return { total: perDay.reduce((a, b) => a + b, 0), week: week / 1000, days: perDay };
      });
      return { body: weeks };
    }
    m = path.match(/\/per-article\/(en|zh)\.wikipedia\/all-access\/user\/([^/]+)\/daily\/(\d{8})\/(\d{8})$/);
    if (m) {
      const title = decodeURIComponent(m[2] as string);
      const items = days(parseYmd(m[3] as string), parseYmd(m[4] as string)).map((at) => ({
        article: title,
        timestamp: `${ymd(at)}00`,
        views: Math.round(valueOn(title, 4000, at)),
      }));
      return { body: { items } };
    }
    if (path.endsWith('/doc/doc') && query.get('mode') === 'timelinevolraw') {
      const q = query.get('query') ?? '';
      const from = parseYmd(query.get('startdatetime') ?? ymd(today));
      const to = parseYmd(query.get('enddatetime') ?? ymd(today));
      const data = days(from, to).map((at) => ({
        date: `${ymd(at)}T000000Z`,
        value: Math.round(valueOn(q, 40, at)),
        norm: 100_000,
      }));
      return { body: { timeline: [{ series: 'Article Count', data }] } };
    }
    return { status: 404, body: { error: 'not found' } };
  };
}

/** The env that points every backfill source at one fake server. */
export function fakeHistoryEnv(url: string): Record<string, string> {
  return {
    COINGECKO_BASE_URL: `${url}/coingecko`,
    DEFILLAMA_BASE_URL: `${url}/defillama`,
    GITHUB_BASE_URL: `${url}/github`,
    WIKIMEDIA_BASE_URL: `${url}/wikimedia`,
    GDELT_BASE_URL: `${url}/gdelt`,
  };
}
