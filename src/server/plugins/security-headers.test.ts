import { describe, expect, it } from 'vitest';
import { helmetHeaderList } from './security-headers.ts';

describe('helmetHeaderList', () => {
  it("is helmet's own header set for the options, worked out once (the CSP directives as given, HSTS left out)", () => {
    const headers = new Map(
      helmetHeaderList({
        contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: null } },
        crossOriginEmbedderPolicy: false,
        strictTransportSecurity: false,
      }),
    );
    expect(headers.get('Content-Security-Policy')).toContain("default-src 'self'");
    expect(headers.get('Content-Security-Policy')).not.toContain('upgrade-insecure-requests');
    expect(headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(headers.has('Strict-Transport-Security')).toBe(false);
    expect(headers.has('Cross-Origin-Embedder-Policy')).toBe(false);
  });
});
