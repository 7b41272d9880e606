import type { CreateCryptoPaymentBody, CryptoPayment } from '../../../shared/api/crypto-payments.schema.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/owner-lock.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { changePaymentState, createPayment } from '../payments/payment-ledger.service.ts';
import { checkTransfer, type TransferCheck } from './crypto-chain.ts';
import {
  type CryptoPaymentRow,
  claimHash,
  insertCryptoPayment,
  selectCryptoPayment,
  selectOpenCryptoPayments,
  selectPaymentIdByHash,
  updateCheck,
} from './crypto-payments.queries.ts';
import { type CryptoSettings, cryptoSettingsOf, priceUnits } from './crypto-settings.ts';
import { viem } from './viem-on-demand.ts';

/** The reasons a crypto payment fails with (stored in payment_history.failure_reason; texts errors.<CODE>). */
const CRYPTO_FAILURES = [
  'CRYPTO_TX_FAILED',
  'CRYPTO_WRONG_TOKEN',
  'CRYPTO_WRONG_RECIPIENT',
  'CRYPTO_WRONG_AMOUNT',
  'CRYPTO_TX_NOT_FOUND',
  'CRYPTO_PAYMENT_EXPIRED',
] as const;
const isCryptoFailure = (reason: string): reason is (typeof CRYPTO_FAILURES)[number] =>
  (CRYPTO_FAILURES as readonly string[]).includes(reason);

type Joined = NonNullable<Awaited<ReturnType<typeof selectCryptoPayment>>>;

/** A processing payment read by its owner is re-checked on-chain at most this often (the page polls). */
const RECHECK_ON_READ_MS = 1_000;

function decimalsOf(settings: CryptoSettings, token: CryptoPaymentRow['token']): number {
  return settings.tokens.find((t) => t.token === token)?.decimals ?? 6;
}

export function toCryptoPayment(settings: CryptoSettings, { payment, crypto }: Joined): CryptoPayment {
  const decimals = decimalsOf(settings, crypto.token);
  return {
    paymentId: payment.id,
    plan: payment.plan,
    period: payment.period,
    state: payment.state,
    chainId: crypto.chainId,
    token: crypto.token,
    tokenAddress: crypto.tokenAddress,
    toAddress: crypto.toAddress,
    amount: viem().formatUnits(BigInt(crypto.amountUnits), decimals),
    amountUnits: crypto.amountUnits,
    decimals,
    txHash: crypto.txHash,
    fromAddress: crypto.fromAddress,
    confirmations: crypto.confirmations,
    requiredConfirmations: settings.confirmations,
    failureReason: payment.failureReason,
    explorerUrl: payment.explorerUrl,
    periodEnd: payment.periodEnd?.toISOString() ?? null,
    createdAt: payment.createdAt.toISOString(),
  };
}

function assertAvailable(settings: CryptoSettings): asserts settings is CryptoSettings & { rpcUrl: string } {
  if (!settings.available || !settings.rpcUrl || !settings.receivingAddress) throw new AppError('CRYPTO_UNAVAILABLE');
}

/**
 * Starts a crypto purchase: a pending payment and its crypto row with the exact amount (the plan's USD price in the
 * token's base units), the token contract and the receiving address. Throws CRYPTO_UNAVAILABLE when the option is not
 * configured, CRYPTO_TOKEN_UNAVAILABLE for a token without a contract on the chain.
 */
export async function createCryptoPayment(
  db: Db,
  settings: CryptoSettings,
  userId: string,
  body: CreateCryptoPaymentBody,
  now = new Date(),
): Promise<CryptoPayment> {
  assertAvailable(settings);
  const token = settings.tokens.find((t) => t.token === body.token);
  if (!token) throw new AppError('CRYPTO_TOKEN_UNAVAILABLE');
  const amountUnits = priceUnits(settings, body.plan, body.period, token.decimals);
  const paymentId = await withTransaction(db, async (tx) => {
    const payment = await createPayment(
      tx,
      {
        userId,
        plan: body.plan,
        period: body.period,
        method: 'crypto',
        provider: 'crypto',
        amount: viem().formatUnits(BigInt(amountUnits), token.decimals),
        currency: token.token,
      },
      now,
    );
    await insertCryptoPayment(tx, {
      paymentId: payment.id,
      chainId: settings.chainId,
      token: token.token,
      tokenAddress: token.address,
      toAddress: settings.receivingAddress!,
      amountUnits,
      createdAt: now,
    });
    return payment.id;
  });
  return toCryptoPayment(settings, (await selectCryptoPayment(db, paymentId))!);
}

async function ownPayment(db: Db, userId: string, paymentId: string): Promise<Joined> {
  const row = await selectCryptoPayment(db, paymentId);
  if (!row || row.payment.userId !== userId) throw new AppError('NOT_FOUND');
  return row;
}

/** The owner's payment; a processing one is re-checked on-chain first (at most every few seconds). */
export async function getCryptoPayment(
  db: Db,
  settings: CryptoSettings,
  userId: string,
  paymentId: string,
  now = new Date(),
): Promise<CryptoPayment> {
  const row = await ownPayment(db, userId, paymentId);
  const due = !row.crypto.checkedAt || now.getTime() - row.crypto.checkedAt.getTime() >= RECHECK_ON_READ_MS;
  if (row.payment.state === 'processing' && due && settings.available) {
    await recheckCryptoPayment(db, settings, paymentId, now).catch(() => undefined); // the job retries
    return toCryptoPayment(settings, (await selectCryptoPayment(db, paymentId))!);
  }
  return toCryptoPayment(settings, row);
}

/**
 * Checks a submitted transaction hash for the owner's payment. Accepted: the payment is processing (seen, waiting for
 * confirmations) or success (the plan extended). Refused with AppError: NOT_FOUND (not the caller's), CRYPTO_HASH_USED
 * (another payment holds the hash), CRYPTO_HASH_MISMATCH (this payment holds another hash), CRYPTO_TX_NOT_FOUND
 * (nothing on-chain; the payment unchanged so a typo can be corrected), CRYPTO_PAYMENT_CLOSED, and — failing the
 * payment — CRYPTO_TX_FAILED, CRYPTO_WRONG_TOKEN, CRYPTO_WRONG_RECIPIENT, CRYPTO_WRONG_AMOUNT.
 */
export async function submitCryptoHash(
  db: Db,
  settings: CryptoSettings,
  userId: string,
  paymentId: string,
  txHash: string,
  now = new Date(),
): Promise<CryptoPayment> {
  assertAvailable(settings);
  const row = await ownPayment(db, userId, paymentId);
  if (row.crypto.txHash && row.crypto.txHash !== txHash) throw new AppError('CRYPTO_HASH_MISMATCH');
  if (row.payment.state === 'success' && row.crypto.txHash === txHash) return toCryptoPayment(settings, row);
  if (row.payment.state !== 'pending' && row.payment.state !== 'processing') {
    const reason = row.payment.failureReason;
    throw new AppError(reason && isCryptoFailure(reason) ? reason : 'CRYPTO_PAYMENT_CLOSED');
  }
  const holder = await selectPaymentIdByHash(db, txHash);
  if (holder && holder !== paymentId) throw new AppError('CRYPTO_HASH_USED');

  const check = await inspect(settings, txHash, row.crypto);
  if (check.kind === 'not_found') throw new AppError('CRYPTO_TX_NOT_FOUND');
  try {
    if (!(await claimHash(db, paymentId, txHash))) throw new AppError('CRYPTO_HASH_MISMATCH');
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CRYPTO_HASH_USED');
    throw error;
  }
  const result = await applyCheck(db, settings, paymentId, txHash, check, now);
  if (result.state === 'failed') {
    const reason = result.failureReason;
    throw new AppError(reason && isCryptoFailure(reason) ? reason : 'CRYPTO_PAYMENT_CLOSED', {}, { payment: result });
  }
  return result;
}

async function inspect(settings: CryptoSettings & { rpcUrl: string }, txHash: string, crypto: CryptoPaymentRow) {
  try {
    return await checkTransfer(settings.rpcUrl, txHash, crypto);
  } catch {
    throw new AppError('UPSTREAM_UNAVAILABLE');
  }
}

/**
 * Moves the payment by what the chain says. The ledger's change is idempotent and locked, so any number of
 * concurrent checks of one hash (the page, the job, other instances) extend the plan once.
 */
async function applyCheck(
  db: Db,
  settings: CryptoSettings,
  paymentId: string,
  txHash: string,
  check: Exclude<TransferCheck, { kind: 'not_found' }>,
  now: Date,
): Promise<CryptoPayment> {
  const blockNumber = 'blockNumber' in check ? check.blockNumber.toString() : null;
  const confirmations = check.kind === 'paid' ? check.confirmations : 0;
  await updateCheck(db, paymentId, { fromAddress: check.from, blockNumber, confirmations, checkedAt: now });
  const explorerUrl = `${settings.explorerTxUrl}${txHash}`;
  const change =
    check.kind === 'reverted'
      ? { state: 'failed' as const, failureReason: 'CRYPTO_TX_FAILED', explorerUrl }
      : check.kind === 'mismatch'
        ? { state: 'failed' as const, failureReason: check.code, explorerUrl }
        : check.kind === 'paid' && check.confirmations >= settings.confirmations
          ? { state: 'success' as const, explorerUrl, paidAt: now }
          : { state: 'processing' as const, explorerUrl };
  try {
    await changePaymentState(db, paymentId, change, now);
  } catch (error) {
    // Another check finished first (e.g. success while this one saw fewer confirmations): its state stands.
    if (!(error instanceof AppError && error.code === 'PAYMENT_STATE_CONFLICT')) throw error;
  }
  return toCryptoPayment(settings, (await selectCryptoPayment(db, paymentId))!);
}

/**
 * The job's (and a polling reader's) re-check of one open payment: a hash is checked again; a transaction still not
 * found, or a payment without a hash, fails once older than the timeout (CRYPTO_TX_NOT_FOUND, CRYPTO_PAYMENT_EXPIRED).
 * Returns the state afterwards. RPC failures throw.
 */
export async function recheckCryptoPayment(
  db: Db,
  settings: CryptoSettings,
  paymentId: string,
  now = new Date(),
): Promise<CryptoPayment['state']> {
  const row = await selectCryptoPayment(db, paymentId);
  if (!row) return 'failed';
  const { payment, crypto } = row;
  if (payment.state !== 'pending' && payment.state !== 'processing') return payment.state;
  const expired = now.getTime() - payment.createdAt.getTime() >= settings.timeoutMs;
  if (!crypto.txHash) {
    if (!expired) return payment.state;
    await changePaymentState(db, paymentId, { state: 'failed', failureReason: 'CRYPTO_PAYMENT_EXPIRED' }, now);
    return 'failed';
  }
  assertAvailable(settings);
  const check = await checkTransfer(settings.rpcUrl, crypto.txHash, crypto);
  if (check.kind === 'not_found') {
    await updateCheck(db, paymentId, { checkedAt: now });
    if (!expired) return payment.state;
    await changePaymentState(db, paymentId, { state: 'failed', failureReason: 'CRYPTO_TX_NOT_FOUND' }, now);
    return 'failed';
  }
  return (await applyCheck(db, settings, paymentId, crypto.txHash, check, now)).state;
}

/**
 * One pass of the crypto-payments job: re-checks every processing payment and expires pending ones past the timeout.
 * A failed RPC call leaves that payment for the next pass (counted in `errors`).
 */
export async function runCryptoChecks(
  db: Db,
  config: Config,
  now = new Date(),
): Promise<{ counts: Record<string, number>; errors: string[] }> {
  const settings = cryptoSettingsOf(config);
  const counts: Record<string, number> = { checked: 0, success: 0, failed: 0, processing: 0 };
  const errors: string[] = [];
  const open = await selectOpenCryptoPayments(db, new Date(now.getTime() - settings.timeoutMs), 500);
  for (const { paymentId } of open) {
    try {
      const state = await recheckCryptoPayment(db, settings, paymentId, now);
      counts.checked = (counts.checked ?? 0) + 1;
      counts[state] = (counts[state] ?? 0) + 1;
    } catch (error) {
      errors.push(`${paymentId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { counts, errors };
}
