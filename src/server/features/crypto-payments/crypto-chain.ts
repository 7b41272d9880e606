import type { Hash, PublicClient } from 'viem';
import { viem } from './viem-on-demand.ts';

/** What a payment expects to find on-chain (lower-case addresses, base units). */
export type ExpectedTransfer = { tokenAddress: string; toAddress: string; amountUnits: string };

export type MismatchCode = 'CRYPTO_WRONG_TOKEN' | 'CRYPTO_WRONG_RECIPIENT' | 'CRYPTO_WRONG_AMOUNT';

/** The verdict on one transaction hash. */
export type TransferCheck =
  | { kind: 'not_found' }
  /** Broadcast but not in a block yet. */
  | { kind: 'pending'; from: string }
  | { kind: 'reverted'; from: string; blockNumber: bigint }
  | { kind: 'mismatch'; code: MismatchCode; from: string; blockNumber: bigint }
  | { kind: 'paid'; from: string; blockNumber: bigint; confirmations: number; paidUnits: bigint };

// One client per endpoint (a connection pool, not state: every answer comes from the chain).
const clients = new Map<string, PublicClient>();
function clientFor(rpcUrl: string): PublicClient {
  let client = clients.get(rpcUrl);
  if (!client) {
    const { createPublicClient, http } = viem();
    client = createPublicClient({ transport: http(rpcUrl, { timeout: 10_000, retryCount: 1 }) });
    clients.set(rpcUrl, client);
  }
  return client;
}

const isMissing = (error: unknown) =>
  error instanceof viem().TransactionReceiptNotFoundError || error instanceof viem().TransactionNotFoundError;

/**
 * Looks a transaction up through the JSON-RPC endpoint and checks it against the payment: succeeded, a Transfer log
 * emitted by the expected token contract to the receiving address, the amount sent there at least the price, and its
 * confirmations (latest block − its block + 1). RPC failures throw (the caller answers UPSTREAM_UNAVAILABLE).
 */
export async function checkTransfer(rpcUrl: string, hash: string, expected: ExpectedTransfer): Promise<TransferCheck> {
  const client = clientFor(rpcUrl);
  const receipt = await client.getTransactionReceipt({ hash: hash as Hash }).catch((error: unknown) => {
    if (isMissing(error)) return null;
    throw error;
  });
  if (!receipt) {
    const tx = await client.getTransaction({ hash: hash as Hash }).catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    return tx ? { kind: 'pending', from: tx.from.toLowerCase() } : { kind: 'not_found' };
  }
  const from = receipt.from.toLowerCase();
  const { blockNumber } = receipt;
  if (receipt.status !== 'success') return { kind: 'reverted', from, blockNumber };

  const { parseEventLogs, erc20Abi } = viem();
  const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs, strict: true });
  const ofToken = transfers.filter((log) => log.address.toLowerCase() === expected.tokenAddress);
  if (ofToken.length === 0) return { kind: 'mismatch', code: 'CRYPTO_WRONG_TOKEN', from, blockNumber };
  const toUs = ofToken.filter((log) => log.args.to.toLowerCase() === expected.toAddress);
  if (toUs.length === 0) return { kind: 'mismatch', code: 'CRYPTO_WRONG_RECIPIENT', from, blockNumber };
  // Several transfers to us in one transaction (a batch) add up.
  const paidUnits = toUs.reduce((sum, log) => sum + log.args.value, 0n);
  if (paidUnits < BigInt(expected.amountUnits)) {
    return { kind: 'mismatch', code: 'CRYPTO_WRONG_AMOUNT', from, blockNumber };
  }
  // viem caches the block number for ~4 s; confirmations must be read fresh.
  const latest = await client.getBlockNumber({ cacheTime: 0 });
  const confirmations = latest >= blockNumber ? Number(latest - blockNumber + 1n) : 0;
  return { kind: 'paid', from, blockNumber, confirmations, paidUnits };
}
