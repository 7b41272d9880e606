import type Stripe from 'stripe';
import type { Config } from '../../config.ts';

export type StripeClient = Stripe;

/**
 * The Stripe client of this configuration, or null without STRIPE_SECRET_KEY (card and wallet payments are then
 * hidden). The SDK (~20 MB resident) is loaded only when Stripe is configured. STRIPE_API_HOST/PORT/PROTOCOL point it
 * at a local fake in tests. No automatic retries: Checkout creation carries an idempotency key of our own, and a
 * webhook or the admin retries by hand.
 */
export async function createStripeClient(config: Config): Promise<StripeClient | null> {
  if (!config.STRIPE_SECRET_KEY) return null;
  const { default: StripeSdk } = await import('stripe');
  return new StripeSdk(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(config.STRIPE_API_HOST ? { host: config.STRIPE_API_HOST } : {}),
    ...(config.STRIPE_API_PORT ? { port: config.STRIPE_API_PORT } : {}),
    ...(config.STRIPE_API_PROTOCOL ? { protocol: config.STRIPE_API_PROTOCOL } : {}),
  });
}

/** Verifies a webhook's signature and parses it; throws Stripe's signature error otherwise. */
export function verifyWebhook(stripe: StripeClient, rawBody: Buffer, signature: string, secret: string): Stripe.Event {
  return stripe.webhooks.constructEvent(rawBody, signature, secret);
}
