import { z } from 'zod';
import { SUBMISSION_BINDINGS } from './flow.contract';
import {
  PROFILE_TRAIT_CLASSES,
  PROFILE_TRAIT_IDS,
  TRACED_LINE_NAMES,
  type ProfileClass,
  type ProfileTraitId,
} from './reading-vocabulary';

export const LIFE_AREAS = ['love', 'career', 'health', 'money', 'spiritual'] as const;
export const lifeAreaSchema = z.enum(LIFE_AREAS);
export type LifeArea = z.infer<typeof lifeAreaSchema>;

const AREA_ALIASES: Record<string, LifeArea> = {
  love: 'love',
  relationships: 'love',
  career: 'career',
  work: 'career',
  health: 'health',
  wellness: 'health',
  money: 'money',
  wealth: 'money',
  finance: 'money',
  spiritual: 'spiritual',
  'spiritual growth': 'spiritual',
  spirituality: 'spiritual',
};

/** Accepts the wizard's option labels ("Spiritual Growth", "Love & Relationships") as well as ids. */
export function toLifeArea(value: string): LifeArea | undefined {
  const key = value.trim().toLowerCase();
  if (key in AREA_ALIASES) return AREA_ALIASES[key];
  return LIFE_AREAS.find((area) => key.startsWith(area) || key.includes(area));
}

export const READING_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export const readingStatusSchema = z.enum(READING_STATUSES);
export type ReadingStatus = z.infer<typeof readingStatusSchema>;

/** Spec §3 defaults, applied when the submission leaves a field out. */
export const SUBMISSION_DEFAULTS = {
  dominantHand: 'right',
  age: '26-35',
  maritalStatus: 'single',
  hasChildren: 'no',
  focusAreas: ['love', 'career'],
} as const;

const shortText = (field: string) =>
  z.string().trim().min(1, `${field} must not be empty`).max(60, `${field} must be at most 60 characters`);

export const flowResponseValueSchema = z.union(
  [
    z.string().max(2000, 'An answer must be at most 2000 characters'),
    z
      .array(z.string().max(200, 'A chosen option must be at most 200 characters'))
      .max(20, 'An answer may choose at most 20 options'),
  ],
  { error: 'An answer in flowResponses must be text or a list of chosen options' },
);

/**
 * The non-file fields of POST /api/reading after their JSON has been parsed. Multipart gives
 * strings; the intake parses focusAreas and flowResponses before validating with this schema.
 */
export const readingSubmissionSchema = z.object({
  dominantHand: z.enum(['right', 'left'], { error: 'dominantHand must be "right" or "left"' }),
  age: shortText('age'),
  maritalStatus: shortText('maritalStatus'),
  hasChildren: z.enum(['yes', 'no'], { error: 'hasChildren must be "yes" or "no"' }),
  focusAreas: z
    .array(z.string({ error: 'Each focus area must be text' }), {
      error: 'focusAreas must be a list of areas, for example ["love","career"]',
    })
    .max(10, 'focusAreas may list at most 10 areas')
    .transform((values, ctx) => {
      const areas: LifeArea[] = [];
      for (const value of values) {
        const area = toLifeArea(value);
        if (!area) {
          ctx.addIssue({ code: 'custom', message: `Unknown focus area "${value.slice(0, 40)}"` });
          return z.NEVER;
        }
        if (!areas.includes(area)) areas.push(area);
      }
      return areas;
    }),
  flowResponses: z
    .record(
      z.string().max(80, 'A question key in flowResponses must be at most 80 characters'),
      flowResponseValueSchema,
      {
        error: 'flowResponses must map question keys to answers',
      },
    )
    .refine((record) => Object.keys(record).length <= 100, 'flowResponses may hold at most 100 answers'),
  flowId: z.number().int().positive('flowId must be a positive whole number').optional(),
  flowVersion: z.number().int().positive('flowVersion must be a positive whole number').optional(),
  /**
   * The fields above that the visitor answered; the rest were filled in from the spec's defaults
   * and shape nothing the visitor reads. Absent (older submissions, API callers that send none):
   * no field counts as answered.
   */
  given: z
    .array(z.enum(SUBMISSION_BINDINGS, { error: `given may name only ${SUBMISSION_BINDINGS.join(', ')}` }), {
      error: `given must list answered fields, of ${SUBMISSION_BINDINGS.join(', ')}`,
    })
    .max(SUBMISSION_BINDINGS.length, `given may list at most ${SUBMISSION_BINDINGS.length} fields`)
    .optional(),
});
export type ReadingSubmission = z.infer<typeof readingSubmissionSchema>;

/**
 * A section's "How we read this" disclosure: the measurements its claims rest on (each quoted once
 * per reading), how surely its lines were seen, and the Vedic names behind its short basis tags.
 */
export const howWeReadSchema = z.object({
  measured: z.array(z.string()),
  lines: z.array(z.string()),
  terms: z.array(z.object({ tag: z.string(), vedic: z.string() })),
});
export type HowWeRead = z.infer<typeof howWeReadSchema>;

export const readingSectionSchema = z.object({
  area: z.string(),
  title: z.string(),
  subtitle: z.string(),
  insights: z.array(z.string()),
  content: z.string(),
  details: z.string(),
  basis: z.array(z.string()),
  /** Absent in readings made before the disclosure existed. */
  howWeRead: howWeReadSchema.optional(),
  /** Set in a paid reading's free preview: only the title and first insight were sent. */
  locked: z.boolean().optional(),
});
export type ReadingSection = z.infer<typeof readingSectionSchema>;

/** x and y are percentages of the served (normalised) image: x from the left, y from the top. */
export const visualMarkerSchema = z.object({
  id: z.string(),
  label: z.string(),
  description: z.string(),
  style: z.string(),
  coordinates: z.object({ x: z.number().min(0).max(100), y: z.number().min(0).max(100) }),
  /** Sentences of the reading that this marker explains, verbatim, so the report can link both ways. */
  explains: z.array(z.string()).optional(),
});
export type VisualMarker = z.infer<typeof visualMarkerSchema>;

export const tracedLineNameSchema = z.enum(TRACED_LINE_NAMES);
export type TracedLineName = z.infer<typeof tracedLineNameSchema>;

const imagePointSchema = z.object({ x: z.number().min(0).max(100), y: z.number().min(0).max(100) });

/**
 * A principal line as the engine traced it on the served image, in the same 0–100 coordinates as
 * the markers. Only lines that were seen carry a trace; the classes are what the reading rests on.
 */
export const lineTraceSchema = z.object({
  line: tracedLineNameSchema,
  /** Display name, e.g. "Heart line". */
  name: z.string(),
  points: z.array(imagePointSchema).min(2).max(200),
  length: z.enum(['short', 'medium', 'long']).optional(),
  curvature: z.enum(['straight', 'gentle', 'curved']).optional(),
  depth: z.enum(['faint', 'clear', 'deep']).optional(),
  breaks: z.number().int().min(0).optional(),
  confidence: z.number().min(0).max(1),
});
export type LineTrace = z.infer<typeof lineTraceSchema>;

const profileShape = Object.fromEntries(
  PROFILE_TRAIT_IDS.map((id) => [id, z.enum(PROFILE_TRAIT_CLASSES[id]).nullable()]),
) as unknown as { [T in ProfileTraitId]: z.ZodNullable<z.ZodEnum<{ [C in ProfileClass<T>]: C }>> };

/** Strict: an unknown trait or class is an error, so an engine cannot slip a claim past the profile. */
export const palmProfileSchema = z.strictObject(profileShape);

/**
 * One thread of the reading, drawn from this hand's most distinctive features and told before the
 * sections: a short title and a sentence or two tying two or three features together.
 */
export const readingThemeSchema = z.object({
  title: z.string(),
  text: z.string(),
  /** The features it ties together, in words ("your long thumb"). */
  features: z.array(z.string()),
});
export type ReadingTheme = z.infer<typeof readingThemeSchema>;

/** What the engine produces and the reading service stores: "an object with a sections list". */
export const readingResultSchema = z.object({
  sections: z.array(readingSectionSchema).min(1),
  /** The reading's opening threads (absent in readings made before themes existed). */
  themes: z.array(readingThemeSchema).optional(),
  visual_markers: z.array(visualMarkerSchema),
  /** Traced lines (absent in readings made before traces existed, and empty when none was seen). */
  line_traces: z.array(lineTraceSchema).optional(),
  /** The palm profile every claim derives from (absent in readings made before it existed). */
  profile: palmProfileSchema.optional(),
  /**
   * The same palm read without the visitor's answers or own words: what a shared link shows to
   * anyone but its owner (absent in readings made before sharing left the answers out).
   */
  shared: z
    .object({
      sections: z.array(readingSectionSchema).min(1),
      themes: z.array(readingThemeSchema).optional(),
      visual_markers: z.array(visualMarkerSchema),
    })
    .optional(),
});
export type ReadingResult = z.infer<typeof readingResultSchema>;

export const readingIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'Not a reading id');

/** The one-off price of the full reading, in minor units of its (lower-case ISO) currency. */
export const unlockPriceSchema = z.object({ amount: z.number().int().positive(), currency: z.string() });
export type UnlockPrice = z.infer<typeof unlockPriceSchema>;

/** GET /api/reading/{id} */
/**
 * The palm photo's stored size (the report's <img> width and height, so nothing shifts when it
 * arrives) and `srcset` values of it at the widths a page may want, as WebP and as JPEG.
 */
export const palmImageSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  srcset: z.object({ webp: z.string(), jpeg: z.string() }),
});

export const readingViewSchema = z.object({
  id: readingIdSchema,
  status: readingStatusSchema,
  palmUrl: z.string().nullable(),
  /** Null when there is no photo, or for a reading stored before its size was recorded. */
  palmImage: palmImageSchema.nullable(),
  reading: readingResultSchema.nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** Set once the retention sweep deleted the photo: the report says it was removed after N days. */
  imageRemovedAfterDays: z.number().int().nullable(),
  /** Set while the reading is a free preview that can be unlocked: the one-off price, in minor units. */
  unlock: unlockPriceSchema.nullable(),
});
export type ReadingView = z.infer<typeof readingViewSchema>;

/** POST /api/reading: 200 {id} once complete, or 202 {id, status} with `Prefer: respond-async`. */
export const readingCreatedSchema = z.object({ id: readingIdSchema, status: readingStatusSchema.optional() });
export type ReadingCreated = z.infer<typeof readingCreatedSchema>;
