import { encodeFunctionData, erc20Abi, numberToHex } from 'viem';
import type { CryptoPayment } from '../../../shared/api/crypto-payments.schema.ts';

/** An EIP-1193 provider (MetaMask, Rabby, a wallet's in-app browser): window.ethereum. */
export type Eip1193Provider = { request: (args: { method: string; params?: unknown[] }) => Promise<unknown> };

/** The browser wallet, if one injected itself. */
export function injectedWallet(): Eip1193Provider | null {
  const candidate = (globalThis as { ethereum?: Partial<Eip1193Provider> }).ethereum;
  return candidate && typeof candidate.request === 'function' ? (candidate as Eip1193Provider) : null;
}

/**
 * Pays a crypto payment from the browser wallet: asks for the account, switches to the payment's chain if needed, and
 * sends the ERC-20 transfer of the exact amount to the receiving address. Resolves to the transaction hash; throws the
 * wallet's error (the user declined, an unknown chain).
 */
export async function payWithWallet(wallet: Eip1193Provider, payment: CryptoPayment): Promise<string> {
  const accounts = (await wallet.request({ method: 'eth_requestAccounts' })) as string[];
  const from = accounts[0];
  if (!from) throw new Error('no account');
  const chainId = Number(await wallet.request({ method: 'eth_chainId' }));
  if (chainId !== payment.chainId) {
    await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: numberToHex(payment.chainId) }] });
  }
  const data = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'transfer',
    args: [payment.toAddress as `0x${string}`, BigInt(payment.amountUnits)],
  });
  const hash = await wallet.request({
    method: 'eth_sendTransaction',
    params: [{ from, to: payment.tokenAddress, data }],
  });
  return String(hash);
}
