import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * The Node flags `npm start` gives the built server (scripts/server-node-args.json; scripts/start.mjs reads the same
 * file), less any that NODE_OPTIONS sets itself.
 */
export function serverNodeArgs(nodeOptions: string): string[] {
  const args = JSON.parse(readFileSync(new URL('../../../scripts/server-node-args.json', import.meta.url), 'utf8'));
  return (args as string[]).filter((arg) => !nodeOptions.includes(arg.split('=')[0] as string));
}

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  peakRssMb: () => number;
  /** The resident set size now (VmRSS), in MB. */
  rssMb: () => number;
  /** CPU time the process has used so far (user + system), in ms: a cost per request that a busy machine skews less than req/s. */
  cpuMs: () => number;
  stop: () => Promise<void>;
  /** Settles when the process has exited: its exit code, or the signal that killed it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/**
 * Starts the server in its own process: from source through tsx (tests), or the built bundle exactly as `npm start`
 * runs it (the benchmark, so the load generator does not share the server's event loop and memory is measured as
 * users run it; build it first with scripts/build-server.mjs), or through `npm start`'s wrapper (scripts/start.mjs
 * --no-build: the built bundle as a child of the wrapper). Resolves with the URL the server prints.
 */
export async function startServerProcess(
  env: Record<string, string>,
  from: 'source' | 'build' | 'wrapper' | { entry: string; args: string[] } = 'source',
): Promise<ServerProcess> {
  // An entry of its own (scripts/reliability/instance.ts): the same server with the job intervals it is given.
  const args =
    from === 'build'
      ? [...serverNodeArgs(env.NODE_OPTIONS ?? process.env.NODE_OPTIONS ?? ''), 'dist/server/main.mjs']
      : from === 'wrapper'
        ? ['scripts/start.mjs', '--no-build']
        : from === 'source'
          ? ['--import', 'tsx', 'src/server/main.ts']
          : ['--import', 'tsx', from.entry, ...from.args];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', JOBS_ENABLED: 'false', CATALOGUE_AUTOLOAD: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /open (http:\/\/\S+) in your browser/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
  // VmHWM is the process's peak resident set size, in kB.
  const peakRssMb = () => {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  };
  const rssMb = () => {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  };
  const cpuMs = () => {
    // Fields 14 and 15 of /proc/<pid>/stat (utime, stime), in clock ticks of 10 ms; counted after the ") " that ends
    // the command name, which may itself hold spaces.
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve(); // already gone (crashed)
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, child, peakRssMb, rssMb, cpuMs, stop, exited };
}
