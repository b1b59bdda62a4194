import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { compiledEntry } from '../../scripts/build/server-build';
import { nodeRuntimeEnv } from '@palm/catalogue';
import { ROOT } from './benchmarks-doc';

/**
 * The compiled embedded product, as `npm start` runs it (with the runtime's settings already in
 * place, so it runs in this one process), on the given ports and data folder. `exited` settles
 * once it has stopped.
 */
export function spawnEmbeddedProduct(options: {
  port: number;
  opsPort: number;
  dataDir: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
  output: 'inherit' | 'ignore';
}): { child: ChildProcess; exited: Promise<unknown> } {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), compiledEntry('embedded')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...nodeRuntimeEnv('embedded'),
      PORT: String(options.port),
      OPS_PORT: String(options.opsPort),
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', options.output, 'inherit'],
  });
  return { child, exited: new Promise((resolve) => child.once('exit', resolve)) };
}

async function rssMb(pid: number | undefined): Promise<number> {
  if (!pid) return NaN;
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

/**
 * The highest resident memory of some processes while `work` runs, sampled every 100 ms. The
 * kernel's own peak (VmHWM) would also count one-off start-up work, such as creating a new
 * database directory, which is not what a running product needs.
 */
export async function peakRssDuring<T>(
  pids: (number | undefined)[],
  work: () => Promise<T>,
): Promise<{ result: T; peaks: number[] }> {
  const peaks = pids.map(() => 0);
  const sample = async () => {
    const values = await Promise.all(pids.map(rssMb));
    values.forEach((value, index) => (peaks[index] = Math.max(peaks[index]!, value)));
  };
  const timer = setInterval(() => void sample(), 100);
  try {
    const result = await work();
    await sample();
    return { result, peaks };
  } finally {
    clearInterval(timer);
  }
}

/** Resolves once the product started as `child` answers /readyz on its operations port `url`. */
export async function waitReady(url: string, child: ChildProcess) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error('embedded product exited while starting');
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('embedded product did not become ready');
}
