import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { readingSubmissionSchema, SUBMISSION_DEFAULTS, type VisualMarker } from '@palm/contracts';
import { createPalmObserver } from '../src/observer';
import { PalmReadingEngine } from '../src/palm-reading.engine';
import { palmProfileOf } from '../src/profile/palm-profile';
import type { PalmObservation, PalmObserverResult, Point } from '../src/palm-observation';
import { normalisePalmPhoto, type NormalisedPhoto } from '@palm/palm-photo';

const USAGE = `Reads every photo in a folder with the local palm engine and draws what it saw.

  npm run palm:eval -- <dir> [--out <dir>]

Prints each photo's verdict (reading, or refusal and why), hand type, lines seen and timing, and
writes an overlay PNG per photo (landmarks, markers, crease traces) into --out, by default
<dir>/../palm-eval-out.
`;

const PHOTO = /\.(jpe?g|png|webp|heic|heif)$/i;
/** The hand's bones, as MediaPipe numbers its 21 landmarks. */
const BONES: readonly (readonly [number, number])[] = [
  [0, 1], [1, 2], [2, 3], [3, 4], [0, 5], [5, 6], [6, 7], [7, 8], [5, 9], [9, 10], [10, 11], [11, 12],
  [9, 13], [13, 14], [14, 15], [15, 16], [13, 17], [17, 18], [18, 19], [19, 20], [0, 17],
]; // prettier-ignore
const LINE_COLOURS: Record<string, string> = {
  heart: '#e53935',
  head: '#1e88e5',
  life: '#43a047',
  fate: '#8e24aa',
  sun: '#fdd835',
  marriage: '#fb8c00',
};

interface Evaluation {
  file: string;
  verdict: string;
  handType: string;
  linesSeen: string;
  ms: number;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const dir = positionals[0];
  if (values.help || !dir) {
    process.stdout.write(USAGE);
    process.exitCode = dir ? 0 : 1;
    return;
  }
  const outDir = path.resolve(values.out ?? path.join(dir, '..', 'palm-eval-out'));
  await mkdir(outDir, { recursive: true });
  const files = (await readdir(dir)).filter((name) => PHOTO.test(name)).sort();

  const loadStarted = performance.now();
  const observer = await createPalmObserver();
  process.stdout.write(`model loaded in ${Math.round(performance.now() - loadStarted)} ms\n\n`);

  const submission = readingSubmissionSchema.parse({
    ...SUBMISSION_DEFAULTS,
    focusAreas: [...SUBMISSION_DEFAULTS.focusAreas],
    flowResponses: {},
  });

  const evaluations: Evaluation[] = [];
  for (const file of files) {
    const image = await normalisePalmPhoto(await readFile(path.join(dir, file)));
    const started = performance.now();
    const observation = await observer.observe(image);
    const markers =
      observation.kind === 'palm'
        ? (
            await new PalmReadingEngine({ observe: () => Promise.resolve(observation) }).read({
              readingId: file,
              image,
              submission,
            })
          ).visual_markers
        : [];
    const ms = Math.round(performance.now() - started);
    const evaluation = describe(file, observation, ms);
    evaluations.push(evaluation);
    process.stdout.write(
      `${evaluation.file.padEnd(40)} ${evaluation.verdict.padEnd(24)} ${evaluation.handType.padEnd(6)} ` +
        `${String(evaluation.ms).padStart(5)} ms  ${evaluation.linesSeen}\n`,
    );
    const overlayFile = path.join(outDir, `${path.parse(file).name}.png`);
    await sharp(image.data)
      .composite([{ input: Buffer.from(overlaySvg(image, observation, markers)) }])
      .png()
      .toFile(overlayFile);
  }

  const read = evaluations.filter((evaluation) => evaluation.verdict === 'reading').length;
  const timings = evaluations.map((evaluation) => evaluation.ms).sort((a, b) => a - b);
  process.stdout.write(
    `\n${read} read, ${evaluations.length - read} refused of ${evaluations.length}; ` +
      `median ${timings[Math.floor(timings.length / 2)] ?? 0} ms per photo; overlays in ${outDir}\n`,
  );
}

function describe(file: string, observation: PalmObserverResult, ms: number): Evaluation {
  if (observation.kind === 'refused') {
    return { file, verdict: `refused: ${observation.reason}`, handType: '-', linesSeen: '-', ms };
  }
  const linesSeen = Object.entries(observation.lines)
    .filter(([, line]) => line.seen)
    .map(([name, line]) => `${name} ${line.confidence.toFixed(2)}`)
    .join(', ');
  return {
    file,
    verdict: 'reading',
    // The element the reading states: none where this photo leaves palm or fingers within a re-take's noise.
    handType: palmProfileOf(observation).handType ?? '-',
    linesSeen: linesSeen || 'none',
    ms,
  };
}

/** An SVG the size of the photo: bones and landmarks, crease traces, and the markers with their labels. */
function overlaySvg(
  image: NormalisedPhoto,
  observation: PalmObserverResult,
  markers: readonly VisualMarker[],
): string {
  const { width, height } = image;
  const at = (p: Point) => `${((p.x / 100) * width).toFixed(1)},${((p.y / 100) * height).toFixed(1)}`;
  const unit = Math.max(width, height) / 200;
  const parts: string[] = [];
  if (observation.kind === 'palm') parts.push(...observationShapes(observation, at, unit));
  for (const marker of markers) {
    const [x, y] = at(marker.coordinates).split(',');
    const colour = marker.style === 'line' ? '#ffeb3b' : '#00e5ff';
    parts.push(
      `<circle cx="${x}" cy="${y}" r="${unit * 3}" fill="none" stroke="${colour}" stroke-width="${unit * 0.6}"/>`,
      `<text x="${x}" y="${y}" dx="${unit * 4}" dy="${unit}" font-size="${unit * 3}" font-family="sans-serif" ` +
        `fill="${colour}" stroke="#000" stroke-width="${unit * 0.4}" paint-order="stroke">${escapeXml(marker.label)}</text>`,
    );
  }
  if (observation.kind === 'refused') {
    parts.push(
      `<text x="${unit * 3}" y="${unit * 8}" font-size="${unit * 5}" font-family="sans-serif" fill="#ff5252" ` +
        `stroke="#000" stroke-width="${unit * 0.5}" paint-order="stroke">refused: ${observation.reason}</text>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join('')}</svg>`;
}

function observationShapes(observation: PalmObservation, at: (p: Point) => string, unit: number): string[] {
  const shapes = [
    `<polygon points="${observation.outline.map(at).join(' ')}" fill="none" stroke="#ffffff" ` +
      `stroke-opacity="0.5" stroke-width="${unit * 0.4}" stroke-dasharray="${unit * 2}"/>`,
  ];
  for (const [from, to] of BONES) {
    const a = observation.landmarks[from];
    const b = observation.landmarks[to];
    if (a && b) {
      shapes.push(
        `<polyline points="${at(a)} ${at(b)}" stroke="#ffffff" stroke-opacity="0.7" stroke-width="${unit * 0.4}"/>`,
      );
    }
  }
  for (const [name, line] of Object.entries(observation.lines)) {
    if (!line.trace?.length) continue;
    shapes.push(
      `<polyline points="${line.trace.map(at).join(' ')}" fill="none" stroke="${LINE_COLOURS[name] ?? '#fff'}" ` +
        `stroke-width="${unit * 0.8}" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  }
  for (const point of observation.landmarks) {
    const [x, y] = at(point).split(',');
    shapes.push(
      `<circle cx="${x}" cy="${y}" r="${unit}" fill="#ff4081" stroke="#000" stroke-width="${unit * 0.2}"/>`,
    );
  }
  return shapes;
}

const escapeXml = (text: string) => text.replace(/[<>&"]/g, (character) => `&#${character.charCodeAt(0)};`);

await main();
