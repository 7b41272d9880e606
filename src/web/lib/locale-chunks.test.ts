import { describe, expect, test } from 'vitest';
import { en as catalogue } from '../../shared/locales/index.ts';
import { ROUTE_NAMESPACES } from './i18n.ts';
import en from './locale-en.ts';
import zh from './locale-zh.ts';

const namespacesOf = (files: Record<string, unknown>) =>
  Object.keys(files)
    .map((path) => path.slice(path.lastIndexOf('/') + 1, -'.json'.length))
    .sort();

describe('the first-load locale chunks', () => {
  test('carry every namespace except the route-loaded ones, in both languages', () => {
    const all = Object.keys(catalogue);
    const firstLoad = all.filter((ns) => !(ROUTE_NAMESPACES as readonly string[]).includes(ns)).sort();

    expect(namespacesOf(zh)).toEqual(firstLoad);
    expect(namespacesOf(en)).toEqual(firstLoad);
    expect(ROUTE_NAMESPACES.every((ns) => all.includes(ns))).toBe(true);
  });
});
