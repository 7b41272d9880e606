import type { ErrorCode } from '../shared/api/errors.ts';

/**
 * The one error class services throw. `params` are interpolated into the localised message
 * (errors.<CODE> in src/shared/locales); `details` travel to the client unchanged.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly params: Record<string, string | number>;
  readonly details: unknown;
  constructor(code: ErrorCode, params: Record<string, string | number> = {}, details?: unknown) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.params = params;
    this.details = details;
  }
}
