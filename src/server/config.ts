import { z } from 'zod';

// The ONLY reader of process.env (STYLE §1.2). Tests build Config objects with loadConfig({...}).
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A public link shown on the page: https only (never http:, javascript: or a bare word); empty = unset. */
const httpsLink = z
  .url({ protocol: /^https$/, message: 'must be an https:// URL' })
  .optional()
  .or(z.literal('').transform(() => undefined));

/** An EVM address (0x + 40 hex), stored lower-case; empty = unset. */
const evmAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address: 0x and 40 hex digits')
  .transform((value) => value.toLowerCase())
  .optional()
  .or(z.literal('').transform(() => undefined));

/** A price in dollars with at most two decimals, kept as text (exact). */
const usdPrice = z.string().regex(/^\d{1,6}(\.\d{1,2})?$/, 'must be a price such as 9.50');
const priceCny = priceCnyOf();

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number({ message: 'must be a number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Read replicas of DATABASE_URL (streaming standbys), comma-separated: the public cached reads, search and /api/v1
   * read from them; writes, sessions, quotas and every read of one's own writes stay on the primary (docs/scaling.md).
   * PGlite ignores it (one embedded process has no replicas).
   */
  DATABASE_READ_URL: z
    .string()
    .default('')
    .transform((raw) =>
      raw
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^postgres(ql)?:\/\//, 'must list postgres:// or postgresql:// URLs'))),
  /** A replica further behind the primary than this (ms of writes it has not replayed) is skipped until it catches up. */
  DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** How often each replica's replay position is compared with the primary's (ms): the lag's granularity. */
  DATABASE_READ_CHECK_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((raw) =>
      raw
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ message: 'must be a comma-separated list of e-mail addresses' }))),
  /**
   * Behind a reverse proxy or load balancer: trust its X-Forwarded-For so per-IP rate limits see the client, not the
   * proxy. "true", a hop count, or comma-separated addresses/CIDRs of the proxies. Off by default.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((raw): boolean | number | string[] => {
      if (raw === 'true' || raw === 'false') return raw === 'true';
      if (/^\d+$/.test(raw)) return Number(raw);
      return raw
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JOBS_ENABLED: booleanFromEnv.default(true),
  /**
   * On SIGTERM/SIGINT the server stops taking requests, cancels running jobs and closes the database; past this many
   * ms it exits anyway (code 1, the reason logged). Below the 10–30 s container platforms wait before killing.
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Load the built-in catalogue when the projects table is empty. */
  CATALOGUE_AUTOLOAD: booleanFromEnv.default(true),
  /**
   * With jobs on: until a first market and TVL refresh (CoinGecko, DefiLlama) has succeeded, start one in the
   * background at start-up, so a fresh install replaces the catalogue's sample values within minutes.
   */
  FIRST_START_REFRESH: booleanFromEnv.default(true),
  /**
   * PGlite's shared_buffers. Postgres' 128MB default lives inside the WASM heap. Measured on the whole server at 100k
   * projects under 50-connection load: peak RSS 418 MB at 32MB, 341 MB at 16MB, with the same req/s and p99 — the OS
   * page cache still caches the data files.
   */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, 'must be a size such as 16MB')
    .default('16MB'),
  /** Directory with the built web app; absent → the API runs alone. */
  WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
  // --- Public channels: footer icons and /contact (GET /api/site). Unset → not shown.
  SOCIAL_X_URL: httpsLink,
  SOCIAL_TELEGRAM_URL: httpsLink,
  SOCIAL_DISCORD_URL: httpsLink,
  SOCIAL_GITHUB_URL: httpsLink,
  CONTACT_EMAIL: z
    .email({ message: 'must be an e-mail address' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // --- Accounts (docs/auth.md). APP_URL builds e-mailed links and OAuth redirect URIs; unset → http://localhost:PORT.
  APP_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Sliding lifetime: a session unused this long expires; use extends it. */
  SESSION_TTL_DAYS: z.coerce.number().positive().default(30),
  /** Absolute lifetime: a session ends this long after sign-in however much it is used. */
  SESSION_MAX_AGE_DAYS: z.coerce.number().positive().default(30),
  /** auto → Secure cookies in production unless APP_URL is plain http://. */
  SESSION_COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: booleanFromEnv.default(false),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  SMTP_FROM: z.string().min(1).default('HeatRank <no-reply@localhost>'),
  /** Skips STARTTLS: only for local SMTP test servers whose certificate is self-signed or expired. */
  SMTP_IGNORE_TLS: booleanFromEnv.default(false),
  ...oauthProviderEnv('GOOGLE'),
  ...oauthProviderEnv('GITHUB'),
  ...oauthProviderEnv('TWITTER'),
  ...oauthProviderEnv('APPLE'),
  // --- Ingestion (docs/ingestion.md). Every base URL is configurable so tests use local fake servers.
  /** AES-256-GCM key material for API secrets at rest (any string ≥ 32 chars; SHA-256 derives the key). */
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  DEFILLAMA_BASE_URL: z.url().default('https://api.llama.fi'),
  COINGECKO_BASE_URL: z.url().default('https://api.coingecko.com/api/v3'),
  COINGECKO_API_KEY: z.string().min(1).optional(),
  COINGECKO_KEY_TYPE: z.enum(['demo', 'pro']).default('demo'),
  GITHUB_BASE_URL: z.url().default('https://api.github.com'),
  GITHUB_TOKEN: z.string().min(1).optional(),
  X_BASE_URL: z.url().default('https://api.x.com'),
  TELEGRAM_BASE_URL: z.url().default('https://api.telegram.org'),
  TELEGRAM_BOT_TOKEN: z.string().min(1).optional(),
  DISCORD_BASE_URL: z.url().default('https://discord.com/api/v10'),
  /** GDELT DOC 2.0 (news mentions; keyless). GDELT asks for at most one request every 5 s: the pause between calls. */
  GDELT_BASE_URL: z.url().default('https://api.gdeltproject.org/api/v2'),
  GDELT_PAUSE_MS: z.coerce.number().int().min(0).default(6_000),
  /** Wikimedia REST API (page views; keyless). Its policy asks for a User-Agent with a contact (URL or e-mail). */
  WIKIMEDIA_BASE_URL: z.url().default('https://wikimedia.org/api/rest_v1'),
  WIKIMEDIA_CONTACT: z.string().trim().min(3).max(200).optional(),
  /** Reddit's official API with an app's client credentials; unset → Reddit mentions are "no data" (skipped). */
  REDDIT_AUTH_URL: z.url().default('https://www.reddit.com'),
  REDDIT_BASE_URL: z.url().default('https://oauth.reddit.com'),
  REDDIT_CLIENT_ID: z.string().min(1).optional(),
  REDDIT_CLIENT_SECRET: z.string().min(1).optional(),
  /** Pause between Reddit search calls (its limit is about 100 a minute per client id). */
  REDDIT_PAUSE_MS: z.coerce.number().int().min(0).default(1_000),
  /**
   * History backfill (docs/heat-score.md "History backfill"): days fetched in the background after the first start
   * (0 = never), and each source's pause between calls (GDELT uses GDELT_PAUSE_MS).
   */
  BACKFILL_DAYS: z.coerce.number().int().min(0).max(365).default(90),
  BACKFILL_COINGECKO_PAUSE_MS: z.coerce.number().int().min(0).default(2_500),
  BACKFILL_DEFILLAMA_PAUSE_MS: z.coerce.number().int().min(0).default(300),
  BACKFILL_GITHUB_PAUSE_MS: z.coerce.number().int().min(0).default(1_000),
  BACKFILL_WIKIPEDIA_PAUSE_MS: z.coerce.number().int().min(0).default(200),
  /** Sector for a DefiLlama category missing from the mapping table (src/server/features/ingestion/category-map.ts). */
  INGEST_UNMAPPED_SECTOR: z.string().min(1).default('DeFi'),
  INGEST_TIMEOUT_MS: z.coerce.number().int().min(1).default(15_000),
  INGEST_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  /** First back-off step; doubles per attempt (X: 1 s × attempt, spec). */
  INGEST_RETRY_BASE_MS: z.coerce.number().int().min(0).default(1_000),
  /** Upper bound on any single wait (Retry-After, rate-limit reset). */
  INGEST_MAX_WAIT_MS: z.coerce.number().int().min(0).default(60_000),
  /** With no X account available, wait this long for one before failing (spec: 60 s). */
  X_POOL_WAIT_MS: z.coerce.number().int().min(0).default(60_000),
  /** Back-off step of the X pool: 1 s × attempt (spec). */
  X_BACKOFF_MS: z.coerce.number().int().min(0).default(1_000),
  /** Pause between projects in a social refresh (spec: 1 s). */
  INGEST_SOCIAL_PAUSE_MS: z.coerce.number().int().min(0).default(1_000),
  /** Largest logo image we download and store (bytes; docs/ingestion.md "Logos"). */
  LOGO_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1_024)
    .max(5_000_000)
    .default(256 * 1024),
  /** Lets logo downloads reach loopback and private addresses: for tests against a local fake server only. */
  LOGO_ALLOW_PRIVATE_HOSTS: booleanFromEnv.default(false),
  // --- Membership, points, tasks and quotas (docs/points.md).
  /** The zone whose midnight ends a day for daily tasks, ad caps, streaks and daily quotas (an IANA name). */
  DAY_TIME_ZONE: z
    .string()
    .default('Asia/Shanghai')
    .refine(isTimeZone, { message: 'must be an IANA time zone such as Asia/Shanghai or UTC' }),
  /** Points expire this many days after they were earned; 0 = never (the default). */
  POINTS_EXPIRY_DAYS: z.coerce.number().int().min(0).max(36_500).default(0),
  // --- Alerts (docs/alert-evaluation.md).
  /** Let alert webhooks reach loopback, private and link-local addresses (off: a URL cannot probe this network). */
  ALERT_WEBHOOK_ALLOW_PRIVATE: booleanFromEnv.default(false),
  // --- Exports (docs/exports.md).
  /** Days a finished export (its file, or its failure) is kept before the exports job deletes it. */
  EXPORT_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** How long an ad must stay on screen, measured on the server, before it can be credited. */
  AD_MIN_VIEW_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
  // --- Crypto payments (docs/payments-crypto.md). Without CRYPTO_RPC_URL and CRYPTO_RECEIVING_ADDRESS the option is off.
  /** JSON-RPC endpoint of the chain the stablecoins are paid on (an Infura/Alchemy URL, your own node). */
  CRYPTO_RPC_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CRYPTO_CHAIN_ID: z.coerce.number().int().min(1).default(1),
  /** The address every payment goes to (0x + 40 hex). */
  CRYPTO_RECEIVING_ADDRESS: evmAddress,
  /** Token contracts; unset → the Ethereum mainnet contracts when CRYPTO_CHAIN_ID is 1, else that token is off. */
  CRYPTO_USDT_ADDRESS: evmAddress,
  CRYPTO_USDC_ADDRESS: evmAddress,
  /** Base-unit decimals of each token (6 on Ethereum; 18 for the BNB Chain pegs). */
  CRYPTO_USDT_DECIMALS: z.coerce.number().int().min(0).max(36).default(6),
  CRYPTO_USDC_DECIMALS: z.coerce.number().int().min(0).max(36).default(6),
  /** Blocks on top of (and including) the transfer's block before it counts. */
  CRYPTO_CONFIRMATIONS: z.coerce.number().int().min(1).max(1_000).default(12),
  /** Prices in USD (paid 1:1 in USDT or USDC); defaults ≈ ¥68, ¥680, ¥198, ¥1980 at about ¥7.1 per dollar. */
  CRYPTO_PRICE_PREMIUM_MONTHLY: usdPrice.default('9.50'),
  CRYPTO_PRICE_PREMIUM_YEARLY: usdPrice.default('95.00'),
  CRYPTO_PRICE_VIP_MONTHLY: usdPrice.default('28.00'),
  CRYPTO_PRICE_VIP_YEARLY: usdPrice.default('280.00'),
  /** A transaction's page on a block explorer: the hash is appended. */
  CRYPTO_EXPLORER_TX_URL: z.url().default('https://etherscan.io/tx/'),
  /** A payment still without a transaction hash (or whose transaction never appears) fails after this many hours. */
  CRYPTO_PAYMENT_TIMEOUT_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(24),
  // --- AI briefs (docs/analysis.md "Briefs"): any OpenAI-compatible endpoint (OpenAI, DeepSeek, Qwen, Ollama,
  // llama.cpp). Without LLM_BASE_URL or LLM_MODEL every brief is the template written from the analytics.
  LLM_BASE_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Sent as the bearer token; never logged, never in a response. Local servers (Ollama) need none. */
  LLM_API_KEY: z
    .string()
    .min(1)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LLM_MODEL: z
    .string()
    .min(1)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Tokens (prompt + output) the model may spend a day (DAY_TIME_ZONE); then briefs are templates until midnight. */
  LLM_DAILY_TOKEN_BUDGET: z.coerce.number().int().min(0).default(200_000),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000),
  // --- Payments (docs/payments.md). Prices in CNY yuan (two decimals at most); without Stripe keys card and wallet
  // payments are hidden.
  PRICE_PREMIUM_MONTHLY_CNY: priceCny.default(68),
  PRICE_PREMIUM_YEARLY_CNY: priceCny.default(680),
  PRICE_VIP_MONTHLY_CNY: priceCny.default(198),
  PRICE_VIP_YEARLY_CNY: priceCny.default(1980),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** The endpoint's signing secret (whsec_…): every webhook is verified with it. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /**
   * The Checkout methods offered, comma-separated: list only those activated on the Stripe account (Dashboard →
   * Settings → Payment methods; Alipay and WeChat Pay need activating, cards work on every account). Checked at
   * start: an unknown or empty entry stops the server. The page names exactly these.
   */
  STRIPE_METHODS: z
    .string()
    .default('card')
    .transform((raw) =>
      raw
        .split(',')
        .map((method) => method.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.enum(['card', 'alipay', 'wechat_pay'], { message: 'must list card, alipay, wechat_pay' }))
        .min(1, { message: 'must list at least one of card, alipay, wechat_pay' }),
    ),
  /** Another Stripe API address: only for a local fake in tests. */
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
});

/** A price in CNY yuan: positive, at most two decimals (Stripe charges whole fen). */
function priceCnyOf() {
  return z.coerce
    .number({ message: 'must be a number' })
    .positive()
    .max(1_000_000)
    .refine(
      (value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      {
        message: 'must have at most two decimals',
      },
    );
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** OAUTH_<P>_CLIENT_ID and _CLIENT_SECRET enable a provider; the endpoint URLs override its defaults (tests, proxies). */
function oauthProviderEnv<P extends 'GOOGLE' | 'GITHUB' | 'TWITTER' | 'APPLE'>(provider: P) {
  type Key = `OAUTH_${P}_${'CLIENT_ID' | 'CLIENT_SECRET' | 'AUTHORIZE_URL' | 'TOKEN_URL' | 'USERINFO_URL'}`;
  const text = z.string().min(1).optional();
  return Object.fromEntries(
    ['CLIENT_ID', 'CLIENT_SECRET', 'AUTHORIZE_URL', 'TOKEN_URL', 'USERINFO_URL'].map((suffix) => [
      `OAUTH_${provider}_${suffix}`,
      suffix.endsWith('URL') ? z.url().optional() : text,
    ]),
  ) as Record<Key, typeof text>;
}

export type Config = z.infer<typeof EnvSchema>;
/** Every variable the server reads (config-docs.test.ts: each is documented in README.md or .env.example). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);
export type ConfigInput = Partial<Record<keyof z.input<typeof EnvSchema>, string>>;

/** Parses and validates the environment; throws one Error listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = EnvSchema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`Invalid environment:\n${lines.join('\n')}`);
}

/** The process environment, with `.env` (if present in the working directory) filling variables that are unset. */
export function readEnvironment(envFile = '.env'): Record<string, string | undefined> {
  try {
    process.loadEnvFile(envFile); // never overrides variables already set
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return process.env;
}
