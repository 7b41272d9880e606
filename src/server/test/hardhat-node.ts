import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import solc from 'solc';
import { type Address, createPublicClient, createWalletClient, type Hash, http, parseUnits } from 'viem';
import { freePort } from './free-port.ts';

// A local Hardhat 2 node for on-chain tests (crypto payments): started on a free port from a minimal config in a temp
// directory, with a small ERC-20 compiled by solc in-process (no compiler download). Tests only.

export const HARDHAT_CHAIN_ID = 31337;
/** Hardhat's well-known unlocked dev accounts (a mnemonic everyone knows: never real money). */
export const DEV_ACCOUNTS = [
  '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
  '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
] as const satisfies readonly Address[];

const TOKEN_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract TestToken {
  string public name; string public symbol; uint8 public immutable decimals;
  uint256 public totalSupply;
  mapping(address => uint256) public balanceOf;
  mapping(address => mapping(address => uint256)) public allowance;
  event Transfer(address indexed from, address indexed to, uint256 value);
  event Approval(address indexed owner, address indexed spender, uint256 value);
  constructor(string memory n, string memory s, uint8 d) { name = n; symbol = s; decimals = d; }
  function mint(address to, uint256 value) external { totalSupply += value; balanceOf[to] += value; emit Transfer(address(0), to, value); }
  function transfer(address to, uint256 value) external returns (bool) { _move(msg.sender, to, value); return true; }
  function approve(address spender, uint256 value) external returns (bool) { allowance[msg.sender][spender] = value; emit Approval(msg.sender, spender, value); return true; }
  function transferFrom(address from, address to, uint256 value) external returns (bool) { allowance[from][msg.sender] -= value; _move(from, to, value); return true; }
  function _move(address from, address to, uint256 value) private { balanceOf[from] -= value; balanceOf[to] += value; emit Transfer(from, to, value); }
}`;

type Compiled = { abi: readonly unknown[]; bytecode: `0x${string}` };
let compiled: Compiled | undefined;

/** The test ERC-20 (6 decimals by default, `mint` open to anyone), compiled once per process. */
export function compileTestToken(): Compiled {
  if (compiled) return compiled;
  const input = {
    language: 'Solidity',
    sources: { 'TestToken.sol': { content: TOKEN_SOURCE } },
    settings: { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e: { severity: string }) => e.severity === 'error');
  if (errors.length > 0) throw new Error(JSON.stringify(errors));
  const contract = output.contracts['TestToken.sol'].TestToken;
  compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  return compiled;
}

export type HardhatNode = {
  url: string;
  /** Mines `blocks` empty blocks (confirmations). */
  mine: (blocks?: number) => Promise<void>;
  /** Deploys a fresh test token and returns its (lower-case) address. */
  deployToken: (symbol: string, decimals?: number) => Promise<Address>;
  mint: (token: Address, to: Address, amount: string, decimals?: number) => Promise<void>;
  /** An ERC-20 transfer from an unlocked dev account; resolves to its hash once mined (automine). */
  transfer: (token: Address, from: Address, to: Address, amount: string, decimals?: number) => Promise<Hash>;
  /** A transaction that reverts on-chain (a transfer of more than the sender holds), mined. */
  revertingTransfer: (token: Address, from: Address, to: Address) => Promise<Hash>;
  stop: () => Promise<void>;
};

function findTxHash(error: unknown): Hash | undefined {
  for (let e = error as { txHash?: unknown; data?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    const data = e.data as { txHash?: unknown } | undefined;
    if (typeof data?.txHash === 'string') return data.txHash as Hash;
  }
  return undefined;
}

/** Starts `hardhat node` on a free port (about a second) and resolves when it answers. */
export async function startHardhatNode(): Promise<HardhatNode> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'hardhat-'));
  const config = join(dir, 'hardhat.config.cjs');
  writeFileSync(config, `module.exports = { networks: { hardhat: { chainId: ${HARDHAT_CHAIN_ID} } } };\n`);
  // Hardhat refuses a non-local installation: run the project's copy from the project directory.
  const cli = join(process.cwd(), 'node_modules/hardhat/internal/cli/cli.js');
  const child: ChildProcess = spawn(
    process.execPath,
    [cli, '--config', config, 'node', '--hostname', '127.0.0.1', '--port', String(port)],
    {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
    },
  );
  await new Promise<void>((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`hardhat node did not start:\n${log}`)), 60_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Started HTTP')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`hardhat node exited (${code}):\n${log}`)));
  });
  child.stdout?.resume();
  child.stderr?.resume();
  const url = `http://127.0.0.1:${port}`;
  const transport = http(url, { retryCount: 0 });
  const chain = {
    id: HARDHAT_CHAIN_ID,
    name: 'hardhat',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  } as const;
  const publicClient = createPublicClient({ chain, transport });
  const wallet = (account: Address) => createWalletClient({ account, chain, transport });
  const { abi, bytecode } = compileTestToken();
  const rpc = (method: string, params: unknown[]) =>
    publicClient.request({ method: method as 'eth_chainId', params: params as never });
  const waitMined = async (hash: Hash) => {
    await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    return hash;
  };
  const write = (token: Address, from: Address, functionName: string, args: unknown[]) =>
    wallet(from).writeContract({ address: token, abi, functionName, args, gas: 200_000n } as never);

  return {
    url,
    mine: async (blocks = 1) => {
      for (let i = 0; i < blocks; i += 1) await rpc('evm_mine', []);
    },
    deployToken: async (symbol, decimals = 6) => {
      const hash = await wallet(DEV_ACCOUNTS[0]).deployContract({ abi, bytecode, args: [symbol, symbol, decimals] });
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      return receipt.contractAddress!.toLowerCase() as Address;
    },
    mint: async (token, to, amount, decimals = 6) => {
      await waitMined(await write(token, DEV_ACCOUNTS[0], 'mint', [to, parseUnits(amount, decimals)]));
    },
    transfer: async (token, from, to, amount, decimals = 6) =>
      waitMined(await write(token, from, 'transfer', [to, parseUnits(amount, decimals)])),
    revertingTransfer: async (token, from, to) => {
      // Hardhat mines a reverting transaction but answers eth_sendTransaction with an error carrying its hash.
      const error = await write(token, from, 'transfer', [to, 10n ** 40n]).then(
        () => new Error('the transfer did not revert'),
        (e: unknown) => e,
      );
      const hash = findTxHash(error);
      if (!hash) throw error;
      return waitMined(hash);
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
