import { z } from 'zod';
import { BILLING_PERIODS, PAID_PLANS, PAYMENT_STATES } from './payments.schema.ts';

/**
 * Crypto payments: a plan paid in USDT or USDC on one configured chain, verified on-chain from the
 * transaction hash the payer submits (docs/payments-crypto.md).
 */
export const CRYPTO_TOKENS = ['USDT', 'USDC'] as const;
export type CryptoToken = (typeof CRYPTO_TOKENS)[number];

const address = z.string().regex(/^0x[0-9a-f]{40}$/);

export const CryptoTokenOptionSchema = z.object({
  token: z.enum(CRYPTO_TOKENS),
  address,
  decimals: z.number().int(),
});

/** A plan's price in dollars (decimal text), paid 1:1 in either token. */
export const CryptoPriceSchema = z.object({
  plan: z.enum(PAID_PLANS),
  period: z.enum(BILLING_PERIODS),
  amount: z.string(),
});

/** GET /api/payments/crypto/options (public). `available` false → no chain, tokens or address is shown. */
export const CryptoOptionsResponseSchema = z.object({
  available: z.boolean(),
  chainId: z.number().int().nullable(),
  receivingAddress: address.nullable(),
  confirmations: z.number().int(),
  tokens: z.array(CryptoTokenOptionSchema),
  prices: z.array(CryptoPriceSchema),
});
export type CryptoOptionsResponse = z.infer<typeof CryptoOptionsResponseSchema>;

export const CreateCryptoPaymentBodySchema = z.object({
  plan: z.enum(PAID_PLANS),
  period: z.enum(BILLING_PERIODS),
  token: z.enum(CRYPTO_TOKENS),
});
export type CreateCryptoPaymentBody = z.infer<typeof CreateCryptoPaymentBodySchema>;

export const CryptoPaymentParamsSchema = z.object({ id: z.uuid() });

/** 0x and 64 hex digits; stored lower-case. */
export const TX_HASH_PATTERN = /^0x[0-9a-fA-F]{64}$/;
export const SubmitCryptoHashBodySchema = z.object({
  txHash: z
    .string()
    .trim()
    .regex(TX_HASH_PATTERN, 'must be a transaction hash: 0x and 64 hex digits')
    .transform((hash) => hash.toLowerCase()),
});

/** One crypto payment as its owner sees it: what to pay, and how far the check has come. */
export const CryptoPaymentSchema = z.object({
  paymentId: z.string(),
  plan: z.enum(PAID_PLANS),
  period: z.enum(BILLING_PERIODS),
  state: z.enum(PAYMENT_STATES),
  chainId: z.number().int(),
  token: z.enum(CRYPTO_TOKENS),
  tokenAddress: address,
  toAddress: address,
  /** Decimal text in the token (e.g. "9.5"), and the same in base units (integer text). */
  amount: z.string(),
  amountUnits: z.string(),
  decimals: z.number().int(),
  txHash: z.string().nullable(),
  fromAddress: z.string().nullable(),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  /** An error code (errors.<CODE>) when the payment failed. */
  failureReason: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  /** The end of the membership time this payment bought (success only). */
  periodEnd: z.string().nullable(),
  createdAt: z.string(),
});
export type CryptoPayment = z.infer<typeof CryptoPaymentSchema>;
