import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import knex from 'knex';
import S3rver from 's3rver';
import sharp from 'sharp';
import { buildServer, compiledEntry } from '../scripts/build/server-build';
import { nodeRuntimeEnv } from '@palm/catalogue';
import {
  BUILT_ROLES_DIR,
  startProcessStack,
  STACK_PROCESS_NAMES,
} from '../scripts/distributed/process-stack';
import { ROOT, writeBenchmarkSection } from './support/benchmarks-doc';
import { phonePhoto } from './support/phone-photo';
import { peakRssDuring, waitReady } from './support/product-process';
import { machineLoad } from './support/stats';

/**
 * `npm run bench:pipeline`: submit→complete latency and throughput of phone-sized photos at
 * concurrency 1 and 8, embedded and distributed; GET /api/reading/{id} through the gateway vs the
 * reading service directly. Prints the figures and records them in its section of docs/benchmarks.md.
 */
const SUBMISSIONS = { 1: 20, 8: 48 } as const;
const DATABASE_SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const AMQP_URL = process.env.BENCH_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

interface RunFigures {
  concurrency: number;
  readings: number;
  p50: number;
  p95: number;
  perSecond: number;
  failures: number;
}

/** The runtime settings of each role, roles with the same settings together. */
function runtimeSettings(): string {
  const rolesBySettings = new Map<string, string[]>();
  for (const role of [...STACK_PROCESS_NAMES, 'embedded']) {
    const settings = Object.entries(nodeRuntimeEnv(role, {}))
      .filter(([, value]) => value !== '')
      .map(([name, value]) => `${name}=${value}`)
      .join(' ');
    rolesBySettings.set(settings, [...(rolesBySettings.get(settings) ?? []), role]);
  }
  return [...rolesBySettings].map(([settings, roles]) => `${roles.join(', ')}: ${settings}`).join('; ');
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * The form a phone sends, encoded once: the load generator then only writes bytes, so the machine's
 * CPU goes to the product rather than to building the same 3 MB multipart body for every submission.
 */
interface EncodedForm {
  body: Buffer;
  contentType: string;
}

async function encodeForm(photo: Buffer): Promise<EncodedForm> {
  const form = new FormData();
  form.append('palmImage', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'palm.jpg');
  form.append('focusAreas', '["career","love"]');
  const request = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

/** One visitor's browser: a reading opens only to its owner until shared, and the GETs read as it. */
const OWNER_COOKIE = `palm_owner=${'b'.repeat(43)}`;

async function submit(baseUrl: string, form: EncodedForm): Promise<{ ms: number; id?: string }> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/reading`, {
    method: 'POST',
    body: form.body,
    headers: { 'content-type': form.contentType, Cookie: OWNER_COOKIE },
  });
  const payload = (await response.json()) as { id?: string };
  const ms = performance.now() - started;
  return response.status === 200 ? { ms, id: payload.id } : { ms };
}

async function runLoad(
  baseUrl: string,
  form: EncodedForm,
  concurrency: 1 | 8,
): Promise<RunFigures & { ids: string[] }> {
  await submit(baseUrl, form); // warm-up: loads the engine and primes connections
  const total = SUBMISSIONS[concurrency];
  const durations: number[] = [];
  const ids: string[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const result = await submit(baseUrl, form);
        if (result.id) {
          durations.push(result.ms);
          ids.push(result.id);
        } else failures += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  durations.sort((a, b) => a - b);
  return {
    concurrency,
    readings: durations.length,
    p50: percentile(durations, 50) / 1000,
    p95: percentile(durations, 95) / 1000,
    perSecond: durations.length / seconds,
    failures,
    ids,
  };
}

/** CPU seconds (user + system) a process has used so far, from /proc; NaN when it is gone. */
async function cpuSeconds(pid: number | undefined): Promise<number> {
  if (!pid) return NaN;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Fields after the command name, which is in parentheses and may hold spaces: utime is the 12th, stime the 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU seconds the whole machine has been busy (every core, everything but idle and I/O wait).
 * Work running at a lowered priority (`nice`) is left out: it yields to the product and is not
 * part of it.
 */
async function machineBusySeconds(): Promise<number> {
  const [, ...ticks] = (await readFile('/proc/stat', 'utf8')).split('\n')[0]!.trim().split(/\s+/);
  const [user, , system, , , irq, softirq, steal] = ticks.map(Number);
  return (user! + system! + irq! + softirq! + steal!) / CLOCK_TICKS_PER_SECOND;
}

/** The shared servers the stack talks to, by their processes' command names. */
const SERVERS = { PostgreSQL: 'postgres', RabbitMQ: 'beam.smp' } as const;

/** CPU seconds used so far by every running process of each server in SERVERS. */
async function serverCpuSeconds(): Promise<number[]> {
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry)).map(Number);
  const commands = await Promise.all(
    pids.map((pid) =>
      readFile(`/proc/${pid}/comm`, 'utf8').then(
        (comm) => comm.trim(),
        () => '',
      ),
    ),
  );
  return Promise.all(
    Object.values(SERVERS).map(async (command) => {
      const seconds = await Promise.all(
        pids.filter((_, index) => commands[index] === command).map((pid) => cpuSeconds(pid)),
      );
      return seconds.filter(Number.isFinite).reduce((sum, value) => sum + value, 0);
    }),
  );
}

/** CPU seconds each process, each shared server, and the machine as a whole spent while `work` ran. */
async function cpuDuring<T>(
  pids: (number | undefined)[],
  work: () => Promise<T>,
): Promise<{ result: T; cpu: number[]; servers: number[]; machine: number }> {
  const before = await Promise.all(pids.map(cpuSeconds));
  const serversBefore = await serverCpuSeconds();
  const machineBefore = await machineBusySeconds();
  const result = await work();
  const after = await Promise.all(pids.map(cpuSeconds));
  const serversAfter = await serverCpuSeconds();
  const machine = (await machineBusySeconds()) - machineBefore;
  return {
    result,
    cpu: after.map((value, index) => value - before[index]!),
    servers: serversAfter.map((value, index) => value - serversBefore[index]!),
    machine,
  };
}

async function getLoad(url: string): Promise<{ rps: number; p99: number }> {
  const result = await autocannon({ url, connections: 16, duration: 8, headers: { Cookie: OWNER_COOKIE } });
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function benchEmbedded(form: EncodedForm) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-embedded-'));
  const port = 18080;
  const opsPort = 19080;
  // As `npm start` runs it: compiled, with the settings dist/launch.js gives the process it starts.
  const child = spawn(process.execPath, [compiledEntry('embedded')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...nodeRuntimeEnv('embedded'),
      PORT: String(port),
      OPS_PORT: String(opsPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      READING_RATE_LIMIT_PER_MINUTE: '100000',
      UPLOADS_PER_CLIENT: '100',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitReady(`http://127.0.0.1:${opsPort}`, child);
    const { result: runs, peaks } = await peakRssDuring([child.pid], async () => [
      await runLoad(url, form, 1),
      await runLoad(url, form, 8),
    ]);
    return { runs, peakRss: peaks[0]! };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function benchDistributed(form: EncodedForm) {
  const name = `palm_bench_${Date.now().toString(36)}`;
  const server = knex({ client: 'pg', connection: DATABASE_SERVER, pool: { min: 0, max: 1 } });
  await server.raw(`create database ${name}`);
  const databaseUrl = Object.assign(new URL(DATABASE_SERVER), { pathname: `/${name}` }).toString();
  const s3Dir = await mkdtemp(path.join(tmpdir(), 'bench-s3-'));
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir });
  const { port: s3Port } = await s3.run();
  const stack = await startProcessStack({
    freePorts: true,
    compiledDir: BUILT_ROLES_DIR,
    env: {
      DATABASE_URL: databaseUrl,
      AMQP_URL,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      S3_BUCKET: `bench-${Date.now().toString(36)}`,
      LOG_LEVEL: 'warn',
      READING_RATE_LIMIT_PER_MINUTE: '100000',
      UPLOADS_PER_CLIENT: '100',
    },
    onOutput: (process, line) => {
      if (/"level":(50|60)/.test(line)) console.error(`${process}: ${line}`);
    },
  });
  try {
    const pids = STACK_PROCESS_NAMES.map((name) => stack.pid(name));
    let cpu: { cpu: number[]; servers: number[]; machine: number } | undefined;
    const { result: runs, peaks } = await peakRssDuring(pids, async () => {
      const atOne = await runLoad(stack.urls.gateway, form, 1);
      const atEight = await cpuDuring([...pids, process.pid], () => runLoad(stack.urls.gateway, form, 8));
      cpu = atEight;
      return [atOne, atEight.result];
    });
    const id = runs[0]!.ids[0]!;
    const { result: gets, peaks: getPeaks } = await peakRssDuring(pids, async () => ({
      viaGateway: await getLoad(`${stack.urls.gateway}/api/reading/${id}`),
      direct: await getLoad(`${stack.urls.reading}/api/reading/${id}`),
    }));
    const { viaGateway, direct } = gets;
    const rss = Object.fromEntries(
      STACK_PROCESS_NAMES.map((name, index) => [name, { readings: peaks[index]!, gets: getPeaks[index]! }]),
    );
    const readings = runs[1]!.readings;
    const perReading = Object.fromEntries(
      [...STACK_PROCESS_NAMES, 'bench (load generator and s3rver)'].map((name, index) => [
        name,
        cpu!.cpu[index]! / readings,
      ]),
    );
    Object.keys(SERVERS).forEach((server, index) => (perReading[server] = cpu!.servers[index]! / readings));
    const accounted = [...cpu!.cpu, ...cpu!.servers].reduce((sum, seconds) => sum + seconds, 0);
    perReading['everything else (kernel, other processes)'] = (cpu!.machine - accounted) / readings;
    return {
      runs,
      viaGateway,
      direct,
      rss,
      cpuPerReading: perReading,
      machineCpuPerReading: cpu!.machine / readings,
    };
  } finally {
    await stack.stop();
    await s3.close();
    await rm(s3Dir, { recursive: true, force: true });
    await server.raw(`drop database if exists ${name} with (force)`);
    await server.destroy();
  }
}

const fmt = (n: number, digits = 2) => n.toFixed(digits);
const TARGETS = { p50AtOne: 0.5, perSecondAtEight: 4, embeddedMb: 400, workerMb: 350, serviceMb: 120 };
const verdict = (met: boolean) => (met ? 'met' : '**missed**');
const rssTarget = (name: string) => (name === 'ai-worker' ? TARGETS.workerMb : TARGETS.serviceMb);
const runRow = (mode: string, run: RunFigures) =>
  `| ${mode} | ${run.concurrency} | ${run.readings} | ${fmt(run.p50)} s | ${fmt(run.p95)} s | ${fmt(run.perSecond)} | ${run.failures} |`;

await buildServer(ROOT);
const load = await machineLoad();
const photo = await phonePhoto();
const photoMeta = await sharp(photo).metadata();
console.log(`photo: ${photoMeta.width}×${photoMeta.height}, ${(photo.length / 1024 / 1024).toFixed(2)} MB`);
const form = await encodeForm(photo);
const embedded = await benchEmbedded(form);
const distributed = await benchDistributed(form);

const report = `## Pipeline

Recorded by \`npm run bench:pipeline\` (bench/pipeline.bench.ts) on ${new Date().toISOString().slice(0, 10)}.
Machine: ${load} (shared with other work at the time: throughput and latency are not the machine's own).
Runtime: every process compiled (\`npm run build:server\`, dist/<role>.js) under plain node with the settings of scripts/distributed/node-runtime.ts (${runtimeSettings()}), as \`npm start\` and \`start:distributed\` run it.
Engine: ${process.env.OPENAI_API_KEY ? 'OpenAI' : 'local'} · Photo: ${photoMeta.width}×${photoMeta.height} JPEG, ${(photo.length / 1024 / 1024).toFixed(2)} MB (a shared palm scaled up to phone size).

### Submit → complete (POST /api/reading answered once the reading is finished)

Targets: p50 ≤ ${TARGETS.p50AtOne} s at concurrency 1; ≥ ${TARGETS.perSecondAtEight} readings/s at concurrency 8, distributed.

| mode | concurrency | readings | p50 | p95 | readings/s | failures |
| --- | --- | --- | --- | --- | --- | --- |
${embedded.runs.map((run) => runRow('embedded', run)).join('\n')}
${distributed.runs.map((run) => runRow('distributed', run)).join('\n')}

Distributed p50 at concurrency 1: ${fmt(distributed.runs[0]!.p50)} s — ${verdict(distributed.runs[0]!.p50 <= TARGETS.p50AtOne)}; embedded: ${fmt(embedded.runs[0]!.p50)} s — ${verdict(embedded.runs[0]!.p50 <= TARGETS.p50AtOne)}.
Distributed throughput at concurrency 8: ${fmt(distributed.runs[1]!.perSecond)} readings/s — ${verdict(distributed.runs[1]!.perSecond >= TARGETS.perSecondAtEight)}.

### Memory (peak resident memory)

Targets: embedded ≤ ${TARGETS.embeddedMb} MB; the ai-worker ≤ ${TARGETS.workerMb} MB; every other service ≤ ${TARGETS.serviceMb} MB.
Peaks while the readings above ran, and (distributed) while the GET load below ran: a service holds
its target only if it holds it under both.

| process | peak RSS, readings | peak RSS, GET load | target |
| --- | --- | --- | --- |
| embedded (everything in one process) | ${fmt(embedded.peakRss, 0)} MB | | ${verdict(embedded.peakRss <= TARGETS.embeddedMb)} |
${Object.entries(distributed.rss)
  .map(
    ([name, mb]) =>
      `| distributed: ${name} | ${fmt(mb.readings, 0)} MB | ${fmt(mb.gets, 0)} MB | ${verdict(Math.max(mb.readings, mb.gets) <= rssTarget(name))} |`,
  )
  .join('\n')}

### CPU per reading (distributed, concurrency 8)

CPU seconds (user + system, from /proc) each process spent per reading while the concurrency-8 run
above went on; the machine has 2 cores, so ${fmt(distributed.machineCpuPerReading, 3)} s per reading caps throughput near
${fmt(2 / distributed.machineCpuPerReading, 1)} readings/s.

| process | CPU per reading |
| --- | --- |
${Object.entries(distributed.cpuPerReading)
  .map(([name, seconds]) => `| ${name} | ${fmt(seconds * 1000, 0)} ms |`)
  .join('\n')}
| whole machine | ${fmt(distributed.machineCpuPerReading * 1000, 0)} ms |

### GET /api/reading/{id} under load (autocannon, 16 connections, 8 s)

Target: gateway p99 ≤ 1.5 × direct p99.

| path | req/s | p99 |
| --- | --- | --- |
| through the gateway | ${fmt(distributed.viaGateway.rps, 0)} | ${distributed.viaGateway.p99} ms |
| reading service directly | ${fmt(distributed.direct.rps, 0)} | ${distributed.direct.p99} ms |
`;
await writeBenchmarkSection('pipeline', report);
console.log(report);
