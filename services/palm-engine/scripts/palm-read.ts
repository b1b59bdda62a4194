import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { readingSubmissionSchema, SUBMISSION_DEFAULTS, type ReadingResult } from '@palm/contracts';
import { createReadingEngines } from '../src/create-engine';
import { engineConfigSchema } from '../src/engine.config';
import type { EngineLogger } from '../src/engine-host';
import { DEFAULT_READING_PROMPT } from '../src/openai/openai.narrator';
import { fixedPrompts } from '../src/prompt-source';
import { UnreadablePhotoError } from '../src/reading-engine';
import { normalisePalmPhoto } from '@palm/palm-photo';

/** The CLI prints the engine's warnings (a fallback to the local narrator) and keeps its stdout for the reading. */
const warningsToStderr: EngineLogger = {
  info: () => undefined,
  warn: (details, message) => process.stderr.write(`warning: ${message}\n`),
};

const USAGE = `Reads one palm photo and prints the reading.

  npm run palm:read -- <photo> [--focus love,career] [--age 26-35] [--status single] [--json]

Words the reading with the OpenAI narrator and its built-in prompt when OPENAI_API_KEY is set,
otherwise with the local narrator.
`;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      focus: { type: 'string' },
      age: { type: 'string' },
      status: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const photo = positionals[0];
  if (values.help || !photo) {
    process.stdout.write(USAGE);
    process.exitCode = photo ? 0 : 1;
    return;
  }
  // Only what is passed counts as the visitor's answer: the narrator leaves defaults unsaid.
  const answered = {
    ...(values.age === undefined ? {} : { age: values.age }),
    ...(values.status === undefined ? {} : { maritalStatus: values.status }),
    ...(values.focus === undefined ? {} : { focusAreas: values.focus.split(',').map((area) => area.trim()) }),
  };
  const submission = readingSubmissionSchema.parse({
    ...SUBMISSION_DEFAULTS,
    ...answered,
    flowResponses: {},
    given: Object.keys(answered),
  });
  const config = engineConfigSchema.safeParse(process.env);
  if (!config.success) {
    process.stderr.write(
      `palm:read: ${config.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}\n`,
    );
    process.exitCode = 2;
    return;
  }
  const { engine } = await createReadingEngines(
    config.data,
    { logger: warningsToStderr },
    fixedPrompts({ main: DEFAULT_READING_PROMPT, visual: '', test: DEFAULT_READING_PROMPT }),
  );

  const image = await normalisePalmPhoto(await readFile(photo));
  const started = performance.now();
  try {
    const reading = await engine.read({ readingId: 'palm-read', image, submission });
    const ms = Math.round(performance.now() - started);
    process.stdout.write(
      values.json ? `${JSON.stringify(reading, null, 2)}\n` : describe(reading, engine.name, ms),
    );
  } catch (error) {
    if (!(error instanceof UnreadablePhotoError)) throw error;
    process.stdout.write(`Refused: ${error.message}\n`);
    process.exitCode = 2;
  }
}

function describe(reading: ReadingResult, engineName: string, ms: number): string {
  const sections = reading.sections.map((section) =>
    [
      `## ${section.title} — ${section.subtitle} (${section.area})`,
      ...section.insights.map((insight) => `  • ${insight}`),
      '',
      section.content,
      '',
      section.details,
      `  basis: ${section.basis.join(' | ')}`,
    ].join('\n'),
  );
  // The reading opens with its themes, as the report does.
  const themes = (reading.themes ?? []).map((theme) => `## ${theme.title}\n${theme.text}`);
  const markers = reading.visual_markers.map(
    (marker) =>
      `  ${marker.label.padEnd(42)} (${marker.coordinates.x.toFixed(1)}, ${marker.coordinates.y.toFixed(1)}) ` +
      `${marker.style}`,
  );
  return `${[`Read by ${engineName} in ${ms} ms`, ...themes, ...sections, `Markers:\n${markers.join('\n')}`].join('\n\n')}\n`;
}

await main();
