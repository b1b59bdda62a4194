import type OpenAI from 'openai';
import { zodTextFormat } from 'openai/helpers/zod';
import { z } from 'zod';
import type { EngineHost } from '../engine-host';
import type {
  LineName,
  LineObservation,
  MountName,
  PalmObservation,
  PalmObserverResult,
} from '../palm-observation';
import type { PalmObserver } from '../palm-reading.engine';
import type { PromptSource } from '../prompt-source';
import type { NormalisedImage } from '../reading-engine';
import {
  createOpenAIClient,
  jpegDataUrl,
  promptOrBuiltIn,
  UnusableModelOutputError,
  type OpenAIConnection,
} from './openai-client';

export const DEFAULT_VISUAL_PROMPT = `You are a meticulous palm-image analyst. You look at one photo and report only what is visible, as structured observations for a palmistry rule base. You do not interpret, predict or give meanings.
Say whether an open palm is the photo's main subject, which hand it is, and how good the photo is.
For the heart, head, life, fate and sun lines: visible (yes, faint or not seen), length, depth, shape and clearly visible breaks, with a confidence from 0 to 1 and a few words of evidence.
For the mounts of Venus, Jupiter, Saturn, Sun, Mercury and Moon: flat, moderate or full, with a confidence.
When you are unsure, answer "not seen" with a confidence below 0.4. Shadows and the creases of the finger joints are not lines.
Describe the hand only: never skin colour, age, health, jewellery or identity.`;

/** Bounds are enforced here, not in the schema: not every OpenAI-compatible server takes them in strict mode. */
const confidenceSchema = z.number();
const confidenceOf = (value: number) => Math.min(1, Math.max(0, value));
const ANALYSED_LINES = ['heart', 'head', 'life', 'fate', 'sun'] as const satisfies readonly LineName[];
/** The model is asked in the mounts' English names; the rule base knows them by their Vedic ones. */
const ANALYSED_MOUNTS = {
  venus: 'shukra',
  jupiter: 'guru',
  saturn: 'shani',
  sun: 'surya',
  mercury: 'budh',
  moon: 'chandra',
} as const satisfies Record<string, MountName>;

/** Strict structured output: every field is required, and "unknown" is a nullable value, not a missing key. */
const visualAnalysisSchema = z.object({
  handPresent: z.boolean(),
  handedness: z.enum(['left', 'right', 'not seen']),
  quality: z.enum(['good', 'fair', 'poor']),
  issues: z.array(z.string()),
  lines: z.array(
    z.object({
      line: z.enum(ANALYSED_LINES),
      visible: z.enum(['yes', 'faint', 'not seen']),
      length: z.enum(['short', 'medium', 'long']).nullable(),
      depth: z.enum(['faint', 'clear', 'deep']).nullable(),
      shape: z.enum(['straight', 'gently curved', 'strongly curved']).nullable(),
      breaks: z.number().int().nullable(),
      evidence: z.string(),
      confidence: confidenceSchema,
    }),
  ),
  mounts: z.array(
    z.object({
      mount: z.enum(Object.keys(ANALYSED_MOUNTS) as [keyof typeof ANALYSED_MOUNTS]),
      prominence: z.enum(['flat', 'moderate', 'full']),
      confidence: confidenceSchema,
    }),
  ),
});
export type VisualAnalysis = z.infer<typeof visualAnalysisSchema>;

/** Below this the model itself says it is unsure: its answer is not taken. */
const MIN_MODEL_CONFIDENCE = 0.4;
/**
 * What the model's word on a line may count for at most: it cannot be checked against the photo the
 * way a traced crease can, so a clear local trace still wins and no trace is drawn from it.
 */
const MAX_MODEL_LINE_CONFIDENCE = 0.7;
/** Mounts are 3-D: a frontal photo shows them weakly, to the model as to us. */
const MAX_MODEL_MOUNT_CONFIDENCE = 0.5;

const CURVATURE = {
  straight: 'straight',
  'gently curved': 'gentle',
  'strongly curved': 'curved',
} as const satisfies Record<string, NonNullable<LineObservation['curvature']>>;
const PROMINENCE = { flat: 'flat', moderate: 'average', full: 'full' } as const;

export interface VisualAnalysisObserverOptions extends OpenAIConnection {
  /** The operators' "Visual Analysis" prompt, asked for on every reading; the built-in one when absent or unreachable. */
  prompts?: PromptSource;
  host: EngineHost;
}

/**
 * The local observer, with what a vision model sees in the photo merged in: line attributes the
 * crease scan could not settle and the mounts' prominence. The landmarks, the hand's geometry and
 * the quality gates stay local; the model can add or sharpen a feature, never refuse a photo or
 * move a marker. Only enumerated values are taken from its answer, so none of its text reaches a
 * reading. When it fails or answers out of shape, the local observation is read alone.
 */
export class VisualAnalysisObserver implements PalmObserver {
  private readonly client: OpenAI;

  constructor(
    private readonly local: PalmObserver,
    private readonly options: VisualAnalysisObserverOptions,
  ) {
    this.client = createOpenAIClient(options);
  }

  async observe(image: NormalisedImage): Promise<PalmObserverResult> {
    const observation = await this.local.observe(image);
    if (observation.kind === 'refused') return observation;
    try {
      return mergeVisualAnalysis(observation, await this.analyse(image));
    } catch (error) {
      const reason = error instanceof UnusableModelOutputError ? 'invalid_output' : 'failed';
      this.options.host.onFallback?.({ stage: 'visual-analysis', reason });
      this.options.host.logger.warn(
        { err: error },
        'visual analysis failed; reading from the local observation alone',
      );
      return observation;
    }
  }

  private async analyse(image: NormalisedImage): Promise<VisualAnalysis> {
    const instructions = await promptOrBuiltIn(
      this.options.prompts,
      'visual',
      DEFAULT_VISUAL_PROMPT,
      this.options.host.logger,
    );
    const response = await this.client.responses.parse({
      model: this.options.model,
      instructions,
      input: [
        {
          role: 'user',
          content: [{ type: 'input_image', image_url: jpegDataUrl(image), detail: 'high' }],
        },
      ],
      text: { format: zodTextFormat(visualAnalysisSchema, 'palm_visual_analysis') },
    });
    const parsed = visualAnalysisSchema.safeParse(response.output_parsed);
    if (!parsed.success) {
      throw new UnusableModelOutputError('the model gave no observations in the expected shape');
    }
    return parsed.data;
  }
}

/**
 * A line the model sees more surely than the crease scan did takes the model's attributes, at the
 * local corridor's anchor; a line the model does not see stays as observed. A mount takes the
 * model's prominence. Where the model says there is no palm, the local gates have already judged
 * otherwise, and the observation stands as it is.
 */
function mergeVisualAnalysis(observation: PalmObservation, analysis: VisualAnalysis): PalmObservation {
  if (!analysis.handPresent) return observation;
  const lines = { ...observation.lines };
  const analysedLines = new Set<LineName>();
  for (const seen of analysis.lines) {
    if (analysedLines.has(seen.line)) continue;
    analysedLines.add(seen.line);
    const confidence = Math.min(confidenceOf(seen.confidence), MAX_MODEL_LINE_CONFIDENCE);
    const local = lines[seen.line];
    if (seen.visible === 'not seen' || confidence < MIN_MODEL_CONFIDENCE) continue;
    if (local.seen && local.confidence >= confidence) continue;
    lines[seen.line] = {
      seen: true,
      confidence,
      anchor: local.anchor,
      ...(seen.length ? { length: seen.length } : {}),
      ...(seen.shape ? { curvature: CURVATURE[seen.shape] } : {}),
      ...(seen.depth || seen.visible === 'faint' ? { depth: seen.depth ?? 'faint' } : {}),
      ...(seen.breaks !== null ? { breaks: Math.max(0, seen.breaks) } : {}),
    };
  }
  const mounts = { ...observation.mounts };
  const analysedMounts = new Set<MountName>();
  for (const seen of analysis.mounts) {
    const name = ANALYSED_MOUNTS[seen.mount];
    const confidence = Math.min(confidenceOf(seen.confidence), MAX_MODEL_MOUNT_CONFIDENCE);
    if (analysedMounts.has(name) || confidence < MIN_MODEL_CONFIDENCE) continue;
    analysedMounts.add(name);
    mounts[name] = {
      ...mounts[name],
      prominence: PROMINENCE[seen.prominence],
      confidence: Math.max(mounts[name].confidence, confidence),
    };
  }
  return { ...observation, lines, mounts };
}
