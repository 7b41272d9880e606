import type { CryptoOptionsResponse, CryptoToken } from '../../../shared/api/crypto-payments.schema.ts';
import type { BillingPeriod, PaidPlan } from '../../../shared/api/payments.schema.ts';
import type { Config } from '../../config.ts';
import { viem } from './viem-on-demand.ts';

/** The stablecoins' Ethereum mainnet contracts: the defaults when CRYPTO_CHAIN_ID is 1. */
export const MAINNET_TOKENS: Record<CryptoToken, string> = {
  USDT: '0xdac17f958d2ee523a2206206994597c13d831ec7',
  USDC: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
};

export type TokenSetting = { token: CryptoToken; address: string; decimals: number };

/** What the crypto option runs on, derived from the config; `available` false when RPC or address is missing. */
export type CryptoSettings = {
  available: boolean;
  rpcUrl: string | null;
  chainId: number;
  receivingAddress: string | null;
  confirmations: number;
  tokens: TokenSetting[];
  prices: Record<PaidPlan, Record<BillingPeriod, string>>;
  explorerTxUrl: string;
  timeoutMs: number;
};

/** Reads the CRYPTO_* settings of the config (config.ts stays the only reader of the environment). */
export function cryptoSettingsOf(config: Config): CryptoSettings {
  const mainnet = config.CRYPTO_CHAIN_ID === 1;
  const candidates: { token: CryptoToken; address: string | undefined; decimals: number }[] = [
    {
      token: 'USDT',
      address: config.CRYPTO_USDT_ADDRESS ?? (mainnet ? MAINNET_TOKENS.USDT : undefined),
      decimals: config.CRYPTO_USDT_DECIMALS,
    },
    {
      token: 'USDC',
      address: config.CRYPTO_USDC_ADDRESS ?? (mainnet ? MAINNET_TOKENS.USDC : undefined),
      decimals: config.CRYPTO_USDC_DECIMALS,
    },
  ];
  const tokens = candidates.filter((t): t is TokenSetting => t.address !== undefined);
  return {
    available: Boolean(config.CRYPTO_RPC_URL && config.CRYPTO_RECEIVING_ADDRESS && tokens.length > 0),
    rpcUrl: config.CRYPTO_RPC_URL ?? null,
    chainId: config.CRYPTO_CHAIN_ID,
    receivingAddress: config.CRYPTO_RECEIVING_ADDRESS ?? null,
    confirmations: config.CRYPTO_CONFIRMATIONS,
    tokens,
    prices: {
      premium: { monthly: config.CRYPTO_PRICE_PREMIUM_MONTHLY, yearly: config.CRYPTO_PRICE_PREMIUM_YEARLY },
      vip: { monthly: config.CRYPTO_PRICE_VIP_MONTHLY, yearly: config.CRYPTO_PRICE_VIP_YEARLY },
    },
    explorerTxUrl: config.CRYPTO_EXPLORER_TX_URL,
    timeoutMs: config.CRYPTO_PAYMENT_TIMEOUT_HOURS * 3_600_000,
  };
}

/** The price of a plan in a token's base units (integer text): "9.50" with 6 decimals → "9500000". */
export function priceUnits(settings: CryptoSettings, plan: PaidPlan, period: BillingPeriod, decimals: number): string {
  return viem().parseUnits(settings.prices[plan][period], decimals).toString();
}

/** GET /api/payments/crypto/options: nothing but `available: false` and the prices when the option is off. */
export function toCryptoOptions(settings: CryptoSettings): CryptoOptionsResponse {
  const prices = (['premium', 'vip'] as const).flatMap((plan) =>
    (['monthly', 'yearly'] as const).map((period) => ({ plan, period, amount: settings.prices[plan][period] })),
  );
  if (!settings.available) {
    return { available: false, chainId: null, receivingAddress: null, confirmations: 0, tokens: [], prices };
  }
  return {
    available: true,
    chainId: settings.chainId,
    receivingAddress: settings.receivingAddress,
    confirmations: settings.confirmations,
    tokens: settings.tokens,
    prices,
  };
}
