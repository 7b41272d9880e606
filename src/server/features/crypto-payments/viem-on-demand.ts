import { createRequire } from 'node:module';
import type * as Viem from 'viem';

// viem costs 20–30 MB of resident memory once loaded, and most servers never take a crypto payment: it is loaded on
// the first use of a unit conversion or a chain read, not at start. `require` (viem ships a CommonJS build) keeps the
// conversions synchronous; every caller goes through here, so one copy of viem is ever loaded.
const requireFromHere = createRequire(import.meta.url);

export function viem(): typeof Viem {
  return requireFromHere('viem') as typeof Viem;
}
