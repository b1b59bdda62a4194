import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { renderReportPdf, renderShareCard } from '@palm/reading';
import { FULL_RESULT, samplePalmJpeg } from '../tests/support/sample-report';
import { writeBenchmarkSection } from './support/benchmarks-doc';
import { ascending, machineLoad, percentile } from './support/stats';

/**
 * `npm run bench:report`: renders one full reading (five sections, three markers, two traced
 * lines, the palm photo) as a PDF and as a share card, again and again, and records time per render
 * and the extra resident memory over the process before the first render (docs/benchmarks.md,
 * section `report`). Targets from issue 15: PDF p50 < 1 s, < 150 MB extra RSS.
 */
const TARGETS = { pdfP50Ms: 1_000, extraRssMb: 150 } as const;
const RUNS = 30;

const rssMb = async (field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(await readFile('/proc/self/status', 'utf8'))?.[1] ?? NaN) /
  1024;

async function timed(run: () => Promise<Buffer>): Promise<{ cold: number; warm: number[]; bytes: number }> {
  let started = performance.now();
  const first = await run();
  const cold = performance.now() - started;
  const warm: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    started = performance.now();
    await run();
    warm.push(performance.now() - started);
  }
  return { cold, warm: ascending(warm), bytes: first.length };
}

const load = await machineLoad();
const photoData = await samplePalmJpeg();
const { width, height } = await sharp(photoData).metadata();
const photo = { data: photoData, width: width, height: height };
const baselineMb = await rssMb('VmRSS');

const pdf = await timed(() =>
  renderReportPdf({
    result: FULL_RESULT,
    createdAt: new Date(),
    photo,
    photoNote: '',
    link: 'https://palm.example/report/AAAAAAAAAAAAAAAAAAAAAA',
  }),
);
const pdfPeakMb = await rssMb('VmHWM');
const insight = FULL_RESULT.sections[0]!.insights[0]!;
const card = await timed(() =>
  renderShareCard({
    insight,
    photo: null,
    traces: FULL_RESULT.line_traces!,
    markers: FULL_RESULT.visual_markers,
  }),
);
const cardPhoto = await timed(() =>
  renderShareCard({ insight, photo, traces: FULL_RESULT.line_traces!, markers: FULL_RESULT.visual_markers }),
);
const peakMb = await rssMb('VmHWM');

const ms = (value: number) => `${Math.round(value)} ms`;
const row = (name: string, result: Awaited<ReturnType<typeof timed>>) =>
  `| ${name} | ${ms(result.cold)} | ${ms(percentile(result.warm, 50))} | ${ms(percentile(result.warm, 95))} | ${Math.round(result.bytes / 1024)} KB |`;
const pdfP50 = percentile(pdf.warm, 50);
const pdfExtra = pdfPeakMb - baselineMb;
const verdict = (ok: boolean) => (ok ? 'met' : '**NOT met**');

const markdown = `## Report copies (PDF and share card)

Recorded by \`npm run bench:report\` (bench/report.bench.ts) on ${new Date().toISOString().slice(0, 10)}.
Machine: ${load}.
One full reading: five sections, three markers, two traced lines and a 1024 px palm photo; ${RUNS} renders each after the first.

| copy | first render (fonts loaded) | p50 | p95 | size |
| --- | --- | --- | --- | --- |
${row('PDF (A4, pdfkit)', pdf)}
${row('share card, outline (sharp from SVG)', card)}
${row('share card, with photo', cardPhoto)}

Extra resident memory over the process before the first render (peak, VmHWM − VmRSS at start):
PDF renders ${Math.round(pdfExtra)} MB; PDF and cards together ${Math.round(peakMb - baselineMb)} MB.

Targets: PDF p50 < ${TARGETS.pdfP50Ms} ms — ${verdict(pdfP50 < TARGETS.pdfP50Ms)} (${ms(pdfP50)});
< ${TARGETS.extraRssMb} MB extra RSS — ${verdict(pdfExtra < TARGETS.extraRssMb)} (${Math.round(pdfExtra)} MB).
Both are rendered once per reading and then served from the blob store.`;

console.log(markdown);
await writeBenchmarkSection('report', markdown);
if (pdfP50 >= TARGETS.pdfP50Ms || pdfExtra >= TARGETS.extraRssMb) process.exitCode = 1;
