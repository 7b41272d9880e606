/** The spec's messages (section 8), kept verbatim. */
export const ALL_ACCOUNTS_FAILED = 'all API accounts failed';

export class XApiError extends Error {
  readonly status: number | undefined;
  /** The pool account of the failed attempt, when one was taken (id and label only). */
  account: { id: string; label: string } | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.name = 'XApiError';
    this.status = status;
    this.account = undefined;
  }
}

/** What the X client needs from an account pool: one authenticated GET (the pool itself lives in social-accounts). */
export type XAccountPool = { get: (path: string, query: URLSearchParams) => Promise<unknown> };
