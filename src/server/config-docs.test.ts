import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { CONFIG_VARIABLES } from './config.ts';

// The README named GOOGLE_CLIENT_ID while the server reads OAUTH_GOOGLE_CLIENT_ID, so an operator following
// it silently got no sign-in button. Every variable named in README.md or .env.example is one config.ts reads, and
// every one config.ts reads is documented in at least one of them.

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const ENV_EXAMPLE = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
const PROVIDERS = ['GOOGLE', 'GITHUB', 'TWITTER', 'APPLE'];

/** Names in the README that look like variables but are not the server's: with the reason. */
const README_NOT_SERVER: Record<string, string> = {
  TEST_DATABASE_URL: 'read by the test suite (npm test on PostgreSQL), not by the server',
  DATABASE_UNAVAILABLE: 'an error code',
};

/** `OAUTH_<P>_TOKEN_URL` stands for the four providers; `*_BASE_URL` for every variable it matches. */
function expand(name: string): string[] {
  if (name.includes('<P>')) return PROVIDERS.map((provider) => name.replace('<P>', provider));
  if (name.includes('*')) {
    const pattern = new RegExp(`^${name.replaceAll('*', '[A-Z0-9_]+')}$`);
    const matched = CONFIG_VARIABLES.filter((variable) => pattern.test(variable));
    return matched.length > 0 ? matched : [name];
  }
  return [name];
}

/** Every `NAME` in backticks with an underscore (README), a wildcard or a <P> placeholder. */
function namedInReadme(): string[] {
  const names = [...README.matchAll(/`([A-Z*][A-Z0-9_*<>]*_[A-Z0-9_*<>]*[A-Z0-9*>])`/g)].map((m) => m[1] ?? '');
  return names.filter((name) => !(name in README_NOT_SERVER)).flatMap(expand);
}

/** Every `NAME=` of .env.example, set or commented out (`# NAME=`), placeholders included. */
function namedInEnvExample(): string[] {
  return [...ENV_EXAMPLE.matchAll(/(?:^|\s|#)([A-Z][A-Z0-9_<>]*[A-Z0-9>])=/gm)].flatMap((m) => expand(m[1] ?? ''));
}

describe('configuration documentation', () => {
  test('every variable README.md names is read by config.ts', () => {
    const unknown = [...new Set(namedInReadme())].filter((name) => !CONFIG_VARIABLES.includes(name));

    expect(unknown).toEqual([]);
  });

  test('every variable .env.example names is read by config.ts', () => {
    const unknown = [...new Set(namedInEnvExample())].filter((name) => !CONFIG_VARIABLES.includes(name));

    expect(unknown).toEqual([]);
  });

  test('every variable config.ts reads is documented in README.md or .env.example', () => {
    const documented = new Set([...namedInReadme(), ...namedInEnvExample()]);

    const undocumented = CONFIG_VARIABLES.filter((name) => !documented.has(name));

    expect(undocumented).toEqual([]);
  });

  test('the README still opens with the two commands a newcomer needs', () => {
    const commands = README.split('\n').filter((line) => /^npm /.test(line));

    expect(commands.slice(0, 2).map((line) => line.split('#')[0]?.trim())).toEqual([
      'npm install && npm start',
      'npm test',
    ]);
  });
});
