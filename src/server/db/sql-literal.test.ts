import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { inlineParameters } from './sql-literal.ts';

describe('inlineParameters', () => {
  test('inlines strings as quoted literals (quotes and backslashes escaped) and finite numbers as they are', () => {
    const name = "it's \\ here";
    expect(inlineParameters(sql`SELECT ${name}::text, ${42}, ${-1.5} WHERE id = ${'a'}`)).toBe(
      "SELECT  E'it''s \\\\ here'::text, 42, -1.5 WHERE id = 'a'",
    );
  });

  test('refuses a parameter it cannot write as a literal instead of guessing its form', () => {
    expect(() => inlineParameters(sql`SELECT ${new Date(0)}`)).toThrow(/\$1/);
    expect(() => inlineParameters(sql`SELECT ${'a'}, ${null}`)).toThrow(/\$2/);
    expect(() => inlineParameters(sql`SELECT ${Number.NaN}`)).toThrow(/\$1/);
  });
});
