import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

// Spec §8, the error catalogue: every message it names exists in zh and en (with the spec's own wording in the
// language the spec gives it) and is used by the code in the situation it names. A message dropped from a locale, or
// a key no code reads any more, fails here.

type Entry = {
  /** The spec's words. */
  spec: string;
  /** `<namespace>:<dotted key>` in src/shared/locales/<lang>/<namespace>.json. */
  key: string;
  en?: string | RegExp;
  zh?: string | RegExp;
  /** What the code that shows it contains (default: the error code as a string literal, or the key). */
  use?: string | RegExp;
};

const code = (name: string, en?: string | RegExp, zh?: string | RegExp): Entry => ({
  spec: typeof en === 'string' ? en : name,
  key: `errors:${name}`,
  ...(en === undefined ? {} : { en }),
  ...(zh === undefined ? {} : { zh }),
  use: `'${name}'`,
});

const CATALOGUE: Entry[] = [
  // Generic messages (English)
  code('NETWORK_ERROR', 'Network connection error', '网络连接错误'),
  code('INTERNAL', 'Server error', '服务器错误'),
  code('NOT_FOUND', 'Page not found', '页面未找到'),
  code('UNAUTHORIZED', 'Unauthorized access', '未授权访问'),
  code('FORBIDDEN', 'Access forbidden', '禁止访问'),
  code('REQUEST_TIMEOUT', 'Request timeout', '请求超时'),
  code('UNKNOWN', 'Unknown error', '未知错误'),
  { spec: 'Please try again', key: 'app:errorHelp.tryAgain', en: 'Please try again', zh: '请重试' },
  { spec: 'Contact support', key: 'app:errorHelp.contactSupport', en: 'Contact support', zh: '联系客服' },
  // Auth
  code('INVALID_CREDENTIALS', 'Invalid username or password', '用户名或密码错误'),
  code('ACCOUNT_LOCKED', 'Account is locked', '账户已锁定'),
  code('EMAIL_NOT_VERIFIED', 'Email not verified'),
  code('SESSION_EXPIRED', 'Session expired, please sign in again', '会话已过期，请重新登录'),
  code('LOGIN_FAILED', 'Login failed', '登录失败'),
  code('ACCOUNT_CREATION_FAILED', 'Account creation failed', '账户创建失败'),
  code('EMAIL_VERIFICATION_FAILED', 'Email verification failed', '邮箱验证失败'),
  // Other
  { spec: 'Payment Failed', key: 'payments:failed.title', en: 'Payment Failed', use: "'failed.title'" },
  { spec: 'Export Failed', key: 'exports:list.failed', en: 'Export Failed', use: "'list.failed'" },
  { spec: 'Data Load Failed', key: 'app:data.loadFailed', en: 'Data Load Failed', zh: '数据加载失败' },
  // Database query failure, network unavailable
  code('DATABASE_QUERY_FAILED', undefined, '数据库查询失败'),
  code('NETWORK_UNAVAILABLE', undefined, /^网络连接不可用/),
  // Offline data and sync
  { spec: 'using offline data', key: 'app:offline.offline', en: /using offline data/i },
  { spec: 'data loading failed', key: 'app:offline.failed', en: /^Data loading failed/ },
  { spec: 'forced sync failed', key: 'app:sync.failed', en: 'Forced sync failed', zh: '强制同步失败' },
  ...(
    [
      ['syncing', '同步中'],
      ['warning', '警告'],
      ['synced', '已同步'],
      ['offline', '离线'],
    ] as const
  ).map(([state, zh]) => ({ spec: zh, key: `app:sync.state.${state}`, zh, use: /sync\.state\.\$\{display\}/ })),
  { spec: 'connected', key: 'app:sync.connected', zh: '已连接' },
  { spec: 'disconnected', key: 'app:sync.disconnected', zh: '未连接' },
  // Permissions
  code('SEARCH_LIMIT_REACHED', /^Daily search limit reached \(\{\{limit\}\}/),
  code('EXPORT_LIMIT_REACHED', /^Daily export limit reached/),
  code('API_LIMIT_REACHED', /^Hourly API limit reached/),
  code('FEATURE_LOCKED', 'Upgrade to Premium or VIP to unlock this feature'),
  code('FEATURE_UNAVAILABLE', 'This feature is currently unavailable', '该功能暂时不可用'),
  // Admin
  code('ADMIN_REQUIRED', undefined, '需要管理员权限'),
  code('INVALID_DATA_FORMAT', undefined, '无效的数据格式'),
];

/** Social API messages: the server's own (English) words, in the X client's code. */
const SERVER_MESSAGES = ['Twitter API error: ', 'Twitter OAuth failed: ', 'all API accounts failed'];

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

const ROOT = resolve(import.meta.dirname, '..');
const readLocale = (lang: string, namespace: string): unknown =>
  JSON.parse(readFileSync(join(ROOT, 'shared/locales', lang, `${namespace}.json`), 'utf8'));

function lookup(lang: 'en' | 'zh', key: string): unknown {
  const [namespace = '', path = ''] = key.split(':');
  return path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], readLocale(lang, namespace));
}

/** Every non-test source file of the app (server, web, shared), without the locales and the code table itself. */
function sourceText(): string {
  const files = readdirSync(ROOT, { recursive: true, encoding: 'utf8' }).filter(
    (file) =>
      /\.(ts|tsx)$/.test(file) &&
      !/\.test\.tsx?$|test-support|[/\\]test[/\\]|[/\\]testing[/\\]/.test(file) &&
      !file.endsWith(join('shared', 'api', 'errors.ts')),
  );
  return files.map((file) => readFileSync(join(ROOT, file), 'utf8')).join('\n');
}

describe('spec §8 error catalogue', () => {
  const source = sourceText();

  test.each(CATALOGUE)('$spec ($key) exists in zh and en with the spec’s words', ({ key, en, zh }) => {
    const texts = { en: lookup('en', key), zh: lookup('zh', key) };

    for (const text of Object.values(texts)) expect(typeof text === 'string' && text.trim().length > 0).toBe(true);
    if (en) expect(texts.en).toMatch(typeof en === 'string' ? exactly(en) : en);
    if (zh) expect(texts.zh).toMatch(typeof zh === 'string' ? exactly(zh) : zh);
  });

  test.each(CATALOGUE)('$spec ($key) is used by the code', ({ key, use }) => {
    const needle = use ?? `'${key.split(':')[1]}'`;

    expect(typeof needle === 'string' ? source.includes(needle) : needle.test(source)).toBe(true);
  });

  test.each(SERVER_MESSAGES)('the social API message "%s" is in the server code', (message) => {
    expect(source).toContain(message);
  });
});
