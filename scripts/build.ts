import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './build/server-build';

/** `npm run build` (after the web app): the gateway, every service and the ops roles as JavaScript in dist/. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = performance.now();
const outputs = await buildServer(root);
console.log(`compiled ${outputs.length} roles into dist/ in ${Math.round(performance.now() - started)} ms`);
