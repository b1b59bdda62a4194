import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { hasNodeRuntime, nodeRuntimeEnv } from '@palm/catalogue';

/**
 * `node dist/launch.js <role>` (what `npm start` runs): starts a compiled role with the allocator
 * and V8 settings the catalogue gives it (services/catalogue/src/node-runtime.ts). Both are read when a process starts, so
 * the role runs as a child that inherits them — or in this process when it already has them.
 */
const role = process.argv[2] ?? '';
const entry = path.join(path.dirname(process.argv[1]!), `${role}.js`);
if (!/^[a-z][a-z-]*$/.test(role) || role === 'launch' || !existsSync(entry)) {
  console.error(
    `usage: node dist/launch.js <role>  (no compiled role "${role}" in ${path.dirname(entry)}; run npm run build)`,
  );
  process.exit(64);
}

if (!hasNodeRuntime(role)) {
  const child = spawn(process.execPath, [...process.execArgv, entry, ...process.argv.slice(3)], {
    stdio: 'inherit',
    env: { ...process.env, ...nodeRuntimeEnv(role) },
  });
  // The child shuts down on these itself; the launcher only passes them on and waits.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
} else {
  process.argv.splice(2, 1);
  await import(pathToFileURL(entry).href);
}
