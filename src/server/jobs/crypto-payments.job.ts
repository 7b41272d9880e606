import { runCryptoChecks } from '../features/crypto-payments/crypto-payments.service.ts';
import type { Job } from '../runs/job.ts';

/**
 * Every minute: re-checks processing crypto payments on-chain until they succeed or fail, and fails pending ones that
 * got no transaction hash within CRYPTO_PAYMENT_TIMEOUT_HOURS. Without the crypto option configured it does nothing
 * but expire (there is nothing to check).
 */
export const cryptoPaymentsJob: Job = {
  name: 'crypto-payments',
  everyMs: 60_000,
  run: async (ctx) => {
    const { counts, errors } = await runCryptoChecks(ctx.db, ctx.config, ctx.now());
    return { counts, errors, status: errors.length > 0 ? (counts.checked ? 'partial' : 'failed') : 'success' };
  },
};
