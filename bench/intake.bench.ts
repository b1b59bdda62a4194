import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '@palm/contracts';
import { closeDatabase, createDatabase, createLogger } from '@palm/platform';
import { buildServer } from '../scripts/build/server-build';
import { palmForm } from '../tests/support/raw-upload';
import { ROOT, writeBenchmarkSection } from './support/benchmarks-doc';
import { phonePhoto } from './support/phone-photo';
import { peakRssDuring, spawnEmbeddedProduct, waitReady } from './support/product-process';
import { machineLoad, median } from './support/stats';

/**
 * `npm run bench:intake`: the embedded product, as `npm start` runs it (compiled, PGlite, disk
 * blobs), takes a burst of 200 concurrent 12-megapixel uploads from 200 loopback addresses, of
 * which 50 visitors give up after 1–5.5 s. Counts what was accepted (an id delivered), what was
 * shed with 503, and orphans: readings or photos kept whose id no visitor received. Peak RSS of
 * the product is sampled from /proc throughout (issue 27 point 3: target < 500 MB, 0 orphans).
 */
const CLIENTS = 200;
const GIVING_UP = 50;
/** No visitor waits longer than this: the run is bounded even if something hangs. */
const CLIENT_DEADLINE_MS = 150_000;
/** A visitor who waited this long for the reading itself gets 202 and the id (READING_WAIT_MS). */
const READING_WAIT_MS = 20_000;
const TARGETS = { peakRssMb: 500, orphans: 0 } as const;
const PORT = 18180;
const OPS_PORT = 19180;

/** What one visitor got, and after how long (ms from sending). */
type Outcome = { ms: number } & (
  | { kind: 'delivered'; status: number; id: string }
  | { kind: 'refused'; status: number }
  | { kind: 'gave up' }
  | { kind: 'failed'; reason: string }
);

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Visitor `index` comes from its own address on loopback: 127.0.1.1 … 127.0.1.200. */
const visitorAddress = (index: number) => `127.0.${1 + Math.floor(index / 250)}.${1 + (index % 250)}`;

/**
 * Every fourth visitor gives up, unless its answer has begun to arrive: the first after 1 s, then
 * every half second up to 5.5 s.
 */
const givesUpAfterMs = (index: number) =>
  index % (CLIENTS / GIVING_UP) === 0 ? 1_000 + ((index / (CLIENTS / GIVING_UP)) % 10) * 500 : undefined;

function visit(index: number, form: { body: Buffer; contentType: string }): Promise<Outcome> {
  return new Promise((resolve) => {
    const sent = performance.now();
    let settled = false;
    const settle = (outcome: DistributiveOmit<Outcome, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(giveUp);
      clearTimeout(deadline);
      resolve({ ...outcome, ms: performance.now() - sent });
    };
    const req = request({
      host: '127.0.0.1',
      port: PORT,
      method: 'POST',
      path: '/api/reading',
      localAddress: visitorAddress(index),
      agent: false,
      headers: { 'Content-Type': form.contentType, 'Content-Length': form.body.length },
    });
    let answering = false;
    req.on('response', (response) => {
      answering = true;
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        const id = status < 300 ? (JSON.parse(text) as { id?: string }).id : undefined;
        settle(id ? { kind: 'delivered', status, id } : { kind: 'refused', status });
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      settle({ kind: 'failed', reason: error.code ?? error.message }),
    );
    const patience = givesUpAfterMs(index);
    const giveUp =
      patience === undefined
        ? undefined
        : setTimeout(() => {
            // A visitor whose answer has begun to arrive reads it, as a browser's fetch does.
            if (answering) return;
            settle({ kind: 'gave up' });
            req.destroy();
          }, patience);
    const deadline = setTimeout(() => {
      settle({ kind: 'failed', reason: 'no answer within the deadline' });
      req.destroy();
    }, CLIENT_DEADLINE_MS);
    req.end(form.body);
  });
}

/** Reading ids with a row, and with a stored photo, in the product's data folder once it has stopped. */
async function keptReadings(dataDir: string): Promise<{ rows: string[]; photos: string[] }> {
  const db = await createDatabase({ dataDir, logger: createLogger('bench-intake', 'silent') });
  try {
    const rows = (await db('readings').select<{ id: string }[]>('id')).map((row) => row.id);
    const entries = await readdir(path.join(dataDir, 'blobs', 'readings'), {
      recursive: true,
      withFileTypes: true,
    }).catch(() => []);
    const photos = entries
      .filter((entry) => entry.isFile() && entry.name === 'palm.jpg')
      .map((entry) => path.basename(entry.parentPath));
    return { rows, photos };
  } finally {
    await closeDatabase(db);
  }
}

await buildServer(ROOT);
const load = await machineLoad();
const photo = await phonePhoto();
if (photo.length > MAX_IMAGE_BYTES)
  throw new Error(`the photo weighs ${photo.length} bytes, over the 5 MB limit`);
const { width, height } = await sharp(photo).metadata();
const form = palmForm(photo);

const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-intake-'));
const { child, exited } = spawnEmbeddedProduct({
  port: PORT,
  opsPort: OPS_PORT,
  dataDir,
  env: { READING_WAIT_MS: String(READING_WAIT_MS) },
  output: 'inherit',
});

let outcomes: Outcome[];
let peakRssMb: number;
let seconds: number;
let kept: { rows: string[]; photos: string[] };
try {
  await waitReady(`http://127.0.0.1:${OPS_PORT}`, child);
  const started = performance.now();
  const { result, peaks } = await peakRssDuring([child.pid], () =>
    Promise.all(Array.from({ length: CLIENTS }, (_, index) => visit(index, form))),
  );
  seconds = (performance.now() - started) / 1_000;
  outcomes = result;
  peakRssMb = peaks[0]!;
} finally {
  child.kill('SIGTERM');
  await exited;
}
try {
  kept = await keptReadings(dataDir);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}

const delivered = new Set(outcomes.flatMap((outcome) => (outcome.kind === 'delivered' ? [outcome.id] : [])));
const orphans = new Set([...kept.rows, ...kept.photos].filter((id) => !delivered.has(id)));
const count = (predicate: (outcome: Outcome) => boolean) => outcomes.filter(predicate).length;
const byStatus = (status: number) => count((outcome) => 'status' in outcome && outcome.status === status);
const otherRefusals = outcomes
  .filter((outcome) => outcome.kind === 'refused' && outcome.status !== 503)
  .map((outcome) => ('status' in outcome ? outcome.status : 0));
const failures = outcomes.flatMap((outcome) => (outcome.kind === 'failed' ? [outcome.reason] : []));
const answerTimes = (label: string, kinds: Outcome[]) => {
  const ms = kinds.map((outcome) => outcome.ms);
  return ms.length
    ? `${label}: median ${(median(ms) / 1_000).toFixed(1)} s, slowest ${(Math.max(...ms) / 1_000).toFixed(1)} s`
    : `${label}: none`;
};
const verdict = (met: boolean) => (met ? 'met' : '**missed**');

const markdown = `## Intake under a burst (200 uploads, 50 visitors giving up)

\`npm run bench:intake\` (${new Date().toISOString().slice(0, 10)}): the embedded product as \`npm start\` runs it
(compiled, PGlite, disk blobs, default limits) takes ${CLIENTS} concurrent uploads of one
${width}×${height} JPEG of ${(photo.length / 2 ** 20).toFixed(1)} MB, each from its own loopback
address; ${GIVING_UP} of the visitors give up 1–5.5 s after sending. READING_WAIT_MS=${READING_WAIT_MS}
bounds the run: a visitor still waiting then gets 202 and the id. Machine: ${load}.

| accepted (id delivered) | 200 | 202 | shed with 503 | other refusals | gave up | failed | orphans | peak RSS | wall time |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
| ${delivered.size} | ${byStatus(200)} | ${byStatus(202)} | ${byStatus(503)} | ${otherRefusals.length}${otherRefusals.length ? ` (${otherRefusals.join(', ')})` : ''} | ${count((outcome) => outcome.kind === 'gave up')} | ${failures.length}${failures.length ? ` (${[...new Set(failures)].join(', ')})` : ''} | ${orphans.size} | ${Math.round(peakRssMb)} MB | ${seconds.toFixed(1)} s |

Time to the answer — ${answerTimes(
  'accepted',
  outcomes.filter((outcome) => outcome.kind === 'delivered'),
)}; ${answerTimes(
  'shed with 503',
  outcomes.filter((outcome) => 'status' in outcome && outcome.status === 503),
)}; ${answerTimes(
  'failed',
  outcomes.filter((outcome) => outcome.kind === 'failed'),
)}.

Orphans are readings (rows) or photos kept whose id no visitor received: ${kept.rows.length} rows and
${kept.photos.length} photos were kept in all. Targets (issue 27): 0 orphans — ${verdict(orphans.size === TARGETS.orphans)};
peak RSS < ${TARGETS.peakRssMb} MB — ${verdict(peakRssMb < TARGETS.peakRssMb)}.`;

console.log(markdown);
await writeBenchmarkSection('intake', markdown);
