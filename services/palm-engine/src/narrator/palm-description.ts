import { listInWords, VEDIC_MOUNTS } from '@palm/contracts';
import {
  LINE_NAMES,
  MOUNT_NAMES,
  type LineName,
  type LineObservation,
  type MountName,
  type PalmObservation,
} from '../palm-observation';
import type { PalmTraits } from '../rules/palm-traits';
import { TATTVA_LABELS } from '../rules/vedic-names';
import { statesTrait } from '../profile/palm-profile';
import { TRAIT_RELIABILITY } from '../profile/trait-reliability.recorded';
import { degreeOf, traitOf, type Degree } from './feature-measures';
import type { PhraseChooser } from './phrase-chooser';

/**
 * What a palmist would point at first in each area, in plain words: the classes the profile holds
 * (lines through the profiled observation), never their numbers (those are in "How we read this").
 */
const LINE_CONFIDENCE = 0.5;
const FEATURES_PER_SENTENCE = 3;

type Feature = (traits: PalmTraits, observation: PalmObservation) => string | undefined;

const CURVES: Record<NonNullable<LineObservation['curvature']>, string> = {
  straight: 'straight',
  gentle: 'gently curved',
  curved: 'deeply curved',
};

const DEPTHS: Record<NonNullable<LineObservation['depth']>, string> = {
  faint: 'fine',
  clear: 'clearly etched',
  deep: 'deeply etched',
};

/**
 * Where a line starts, ends or bows against the hand's anatomy, in the words a palmist would use
 * pointing at it ("ending under the middle finger"), where the profile states it.
 */
const ANATOMY: Partial<Record<LineName, (traits: PalmTraits) => (LinePlace | null | undefined)[]>> = {
  heart: ({ heartEnd }) => [
    heartEnd && {
      feature: 'heartEnd',
      words: {
        'under-jupiter': 'reaching to the index finger',
        'between-jupiter-and-saturn': 'ending between the index and middle fingers',
        'under-saturn': 'ending under the middle finger',
      }[heartEnd],
    },
  ],
  head: ({ headStart, headEnd }) => [
    headStart && {
      feature: 'headStart',
      words: {
        'joined-to-life': 'starting joined to the life line',
        'apart-from-life': 'starting apart from the life line',
      }[headStart],
    },
    headEnd && {
      feature: 'headEnd',
      words: { 'toward-moon': 'sloping toward the Moon mount', level: 'running level across the palm' }[
        headEnd
      ],
    },
  ],
  life: ({ lifeArc }) => [
    lifeArc && {
      feature: 'lifeArc',
      words: {
        wide: 'sweeping wide round the thumb ball',
        medium: 'curving round the thumb ball neither wide nor close',
        narrow: 'hugging the thumb ball closely',
      }[lifeArc],
    },
  ],
  fate: ({ fateStart }) => [
    fateStart && {
      feature: 'fateStart',
      words: {
        wrist: 'rising from the wrist',
        'life-line': 'rising out of the life line',
        'moon-mount': 'rising from the Moon mount',
      }[fateStart],
    },
  ],
};

/** Where a line lies on the hand, in words, and the feature a rule reads it by ("heartEnd"). */
export interface LinePlace {
  feature: 'heartEnd' | 'headStart' | 'headEnd' | 'lifeArc' | 'fateStart';
  words: string;
}

/** A seen line as the profile holds it: its shape in adjectives, and where it lies on the hand. */
export interface LineShape {
  adjectives: string[];
  where: LinePlace[];
}

export function lineShape(
  name: LineName,
  traits: PalmTraits,
  observation: PalmObservation,
): LineShape | undefined {
  const seen = observation.lines[name];
  if (!seen.seen || seen.confidence < LINE_CONFIDENCE) return undefined;
  const breaks = seen.breaks === undefined ? undefined : seen.breaks === 0 ? 'unbroken' : 'broken';
  return {
    adjectives: [
      // "A long life line" would read as the promise of a long life, which a reading never makes.
      name === 'life' && seen.length === 'long' ? 'long-reaching' : seen.length,
      seen.curvature && CURVES[seen.curvature],
      seen.depth && DEPTHS[seen.depth],
      breaks,
    ].filter((words): words is string => Boolean(words)),
    where: (ANATOMY[name]?.(traits) ?? []).filter((place): place is LinePlace => Boolean(place)),
  };
}

/** A line with every attribute the profile states, so the words are this palm's own. */
const line =
  (name: LineName, words: string): Feature =>
  (traits, observation) => {
    const shape = lineShape(name, traits, observation);
    if (!shape) return undefined;
    const seen = observation.lines[name];
    // A line seen too faintly to class its shape is no clear line.
    if (!seen.length && !seen.curvature && seen.depth && shape.where.length === 0)
      return `a ${seen.depth === 'faint' ? 'fine' : 'clear'} ${words}`;
    const adjectives = shape.adjectives.join(', ');
    const where = shape.where.map((place) => place.words);
    const phrase = `${adjectives ? `${adjectives} ` : ''}${words}${where.length > 0 ? ` ${listInWords(where)}` : ''}`;
    return `${/^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
  };

/** A class in words as plainly as this hand shows it: [just past the cut-off, plainly, clearly]. */
type Graded = readonly [string, string, string];
const GRADE: Record<Degree, 0 | 1 | 2> = { slight: 0, plain: 1, marked: 2 };

/**
 * The class of a proportion in words, graded by how far past its cut-off this hand measures: two
 * hands with long fingers need not have them equally long, and the words say which.
 */
const graded =
  <C extends string>(feature: string, words: Record<C, string | Graded>) =>
  (value: C | null, observation: PalmObservation): string | undefined => {
    if (value === null) return undefined;
    const said = words[value];
    if (typeof said === 'string') return said;
    return said[GRADE[degreeOf(feature, observation) ?? 'plain']];
  };

/** Each trait's classes in words, graded where the class is a proportion's (`graded`). */
const TRAIT_WORDS = {
  palmShape: {
    square: ['a squarish palm', 'a square palm', 'a broad, square palm'],
    balanced: 'a palm of even proportions',
    oblong: ['a fairly long, narrow palm', 'a long, narrow palm', 'a markedly long, narrow palm'],
  },
  fingers: {
    short: ['fingers on the short side', 'short fingers', 'very short fingers'],
    medium: 'fingers of medium length',
    long: ['fingers on the long side', 'long fingers', 'very long fingers'],
  },
  spacing: {
    close: 'fingers held close together',
    average: 'evenly spaced fingers',
    wide: 'widely spread fingers',
  },
  thumb: {
    short: ['a fairly short thumb', 'a short thumb', 'a very short thumb'],
    medium: 'a thumb of medium length',
    long: ['a fairly long thumb', 'a long thumb', 'a very long thumb'],
  },
  thumbAngle: {
    narrow: [
      'a thumb that stays fairly close to the hand',
      'a thumb that stays close to the hand',
      'a thumb that stays tight against the hand',
    ],
    medium: 'a thumb that opens moderately',
    wide: ['a thumb that opens fairly wide', 'a thumb that opens wide', 'a thumb that opens very wide'],
  },
  indexVsRing: {
    'ring-longer': [
      'a ring finger just longer than the index',
      'a ring finger longer than the index',
      'a ring finger clearly longer than the index',
    ],
    even: 'index and ring fingers of one height',
    'index-longer': [
      'an index finger just longer than the ring',
      'an index finger longer than the ring',
      'an index finger clearly longer than the ring',
    ],
  },
  littleFinger: {
    short: [
      'a little finger that stops just below the ring finger’s top joint',
      'a little finger that stops below the ring finger’s top joint',
      'a little finger that stops well below the ring finger’s top joint',
    ],
    reaching: 'a little finger that reaches the ring finger’s top joint',
    long: [
      'a little finger that just rises past the ring finger’s top joint',
      'a little finger that rises past the ring finger’s top joint',
      'a little finger that rises well past the ring finger’s top joint',
    ],
  },
  middleFinger: {
    short: [
      'a middle finger only a little longer than its neighbours',
      'a middle finger barely longer than its neighbours',
      'a middle finger scarcely longer than its neighbours',
    ],
    balanced: 'a middle finger in balance with its neighbours',
    long: [
      'a middle finger rising a little further than most above its neighbours',
      'a middle finger rising well above its neighbours',
      'a middle finger rising far above its neighbours',
    ],
  },
  creases: {
    sparse: 'few, clear creases',
    moderate: 'a moderate web of fine creases',
    dense: 'many fine creases',
  },
} as const satisfies { [T in keyof PalmTraits]?: Record<string, string | Graded> };

/**
 * A trait described at length, named again once the reading has said it in full: "your little
 * finger that rises well past the ring finger’s top joint" the first time, "your very long little
 * finger" after, as a person would say it again rather than recite it (`namedOnce`). Graded as the
 * full words are, so two hands still read apart; traits said in a word or two stay as they are.
 */
const TRAIT_AGAIN: {
  [T in keyof typeof TRAIT_WORDS]?: Record<keyof (typeof TRAIT_WORDS)[T], string | Graded>;
} = {
  thumbAngle: {
    narrow: ['fairly close-held thumb', 'close-held thumb', 'tightly held thumb'],
    medium: 'moderately opening thumb',
    wide: ['fairly wide-opening thumb', 'wide-opening thumb', 'very wide-opening thumb'],
  },
  indexVsRing: {
    'ring-longer': ['slightly longer ring finger', 'longer ring finger', 'much longer ring finger'],
    even: 'level index and ring fingers',
    'index-longer': ['slightly longer index finger', 'longer index finger', 'much longer index finger'],
  },
  littleFinger: {
    short: ['slightly short little finger', 'short little finger', 'very short little finger'],
    reaching: 'evenly reaching little finger',
    long: ['slightly long little finger', 'long little finger', 'very long little finger'],
  },
  // Its class is its rise above its neighbours, so a "short" one, beside a hand's long fingers or
  // after "only a little longer than its neighbours", would read as a contradiction.
  middleFinger: {
    short: ['fairly modest middle finger', 'modest middle finger', 'very modest middle finger'],
    balanced: 'balanced middle finger',
    long: ['fairly long middle finger', 'long middle finger', 'very long middle finger'],
  },
};

/** Every way a trait's class is described at length, to the way it is named again, grade for grade. */
const SAID_AGAIN = new Map<string, string>(
  Object.entries(TRAIT_AGAIN).flatMap(([trait, classes]) =>
    Object.entries(classes as Record<string, string | Graded>).flatMap(([value, again]) => {
      const full = (TRAIT_WORDS as Record<string, Record<string, string | Graded>>)[trait]![value]!;
      const grades = (words: string | Graded) => (typeof words === 'string' ? [words, words, words] : words);
      return grades(full).map(
        (said, grade) => [said.replace(/^(?:an?|the) /, ''), grades(again)[grade]!] as const,
      );
    }),
  ),
);

const FEATURES = Object.fromEntries(
  Object.entries(TRAIT_WORDS).map(([trait, words]) => [
    trait,
    (traits: PalmTraits, observation: PalmObservation) =>
      graded(trait, words as Record<string, string | Graded>)(
        traits[trait as keyof typeof TRAIT_WORDS],
        observation,
      ),
  ]),
) as Record<keyof typeof TRAIT_WORDS, Feature>;

/**
 * A proportion that lies just past its cut-off or far beyond it, said as a plain statement
 * ("Your palm is markedly long for its width"), so the meaning read into its class is heard with
 * how much of it this hand has. Nothing for a class measured plainly: its finding says it.
 */
const HOW_PLAINLY: Partial<Record<TraitName, Partial<Record<string, readonly [string, string]>>>> = {
  palmShape: {
    square: ['Your palm is only just square', 'Your palm is broad and square'],
    oblong: ['Your palm is only a little long for its width', 'Your palm is markedly long for its width'],
  },
  fingers: {
    short: [
      'Your fingers are only a little short for your palm',
      'Your fingers are very short for your palm',
    ],
    long: ['Your fingers are only a little long for your palm', 'Your fingers are very long for your palm'],
  },
  thumb: {
    short: ['Your thumb is only a little short', 'Your thumb is very short'],
    long: ['Your thumb is only a little long', 'Your thumb is very long'],
  },
  thumbAngle: {
    narrow: ['Your thumb stays fairly close to the hand', 'Your thumb stays tight against the hand'],
    wide: ['Your thumb opens fairly wide', 'Your thumb opens very wide'],
  },
  indexVsRing: {
    'ring-longer': [
      'Your ring finger is only just longer than the index',
      'Your ring finger is clearly longer than the index',
    ],
    'index-longer': [
      'Your index finger is only just longer than the ring',
      'Your index finger is clearly longer than the ring',
    ],
  },
  littleFinger: {
    short: [
      'Your little finger stops just below the ring finger’s top joint',
      'Your little finger stops well below the ring finger’s top joint',
    ],
    long: [
      'Your little finger just rises past the ring finger’s top joint',
      'Your little finger rises well past the ring finger’s top joint',
    ],
  },
  middleFinger: {
    short: [
      'Your middle finger is only a little longer than its neighbours',
      'Your middle finger is scarcely longer than its neighbours',
    ],
    long: [
      'Your middle finger rises only a little further than most above its neighbours',
      'Your middle finger rises far above its neighbours',
    ],
  },
};

/** The traits whose words are graded by how plainly their class shows (`degreeOf`). */
export const GRADED_TRAITS = Object.entries(TRAIT_WORDS)
  .filter(([, words]) => Object.values(words).some((said) => typeof said !== 'string'))
  .map(([trait]) => trait as keyof typeof TRAIT_WORDS);

export function howPlainly(
  trait: string,
  traits: PalmTraits,
  observation: PalmObservation,
): string | undefined {
  if (!isTraitName(trait)) return undefined;
  const value: string | null = traits[trait];
  const degree = degreeOf(trait, observation);
  const said = value ? HOW_PLAINLY[trait]?.[value] : undefined;
  if (!said || !degree || degree === 'plain') return undefined;
  return said[degree === 'slight' ? 0 : 1];
}

/** The traits this photo could not settle, in the words used to say so. */
export type TraitName = keyof typeof FEATURES;
const UNSETTLED_WORDS: Record<TraitName, string> = {
  palmShape: 'the shape of your palm',
  fingers: 'the length of your fingers',
  spacing: 'how your fingers are spaced',
  thumb: 'the length of your thumb',
  thumbAngle: 'how far your thumb opens',
  indexVsRing: 'how your index and ring fingers compare',
  littleFinger: 'the reach of your little finger',
  middleFinger: 'the length of your middle finger',
  creases: 'the fine creases of your palm',
};

const LINE_WORDS: Record<LineName, string> = {
  heart: 'heart line',
  head: 'head line',
  life: 'life line',
  fate: 'fate line',
  sun: 'sun line',
  marriage: 'marriage line',
};

/**
 * Traits that say where a line lies: a finding reading one is described by its line, and a
 * section's subtitle names that line.
 */
export const LINE_OF_ANATOMY: Record<string, LineName> = {
  heartEnd: 'heart',
  headStart: 'head',
  headEnd: 'head',
  lifeArc: 'life',
  fateStart: 'fate',
};

const featureOf = (trait: TraitName): Feature => FEATURES[trait];
const isTraitName = (feature: string): feature is TraitName => feature in FEATURES;
export const isLineName = (feature: string): feature is LineName => feature in LINE_WORDS;

/** Every feature a reading can name. */
export const HAND_FEATURES: readonly HandFeature[] = [
  ...LINE_NAMES,
  ...(Object.keys(FEATURES) as TraitName[]),
  'handType',
  ...MOUNT_NAMES.map((mount) => `mount.${mount}` as const),
];

const TEMPLATES: readonly ((features: string) => string)[] = [
  (features) => `Looking at your hand, we see ${features}.`,
  (features) => `The first things a palmist would point to here are ${features}.`,
  (features) => `In your hand we notice ${features}.`,
];

/**
 * A feature of the hand as a reading names it: one of its lines, a trait of its shape, its element
 * or a mount. What a section's text reads or leans on is counted in these, and its header and tags
 * name them (section-basis.ts).
 */
export type HandFeature = LineName | TraitName | 'handType' | `mount.${MountName}`;

/** A feature with the words that name it on this palm ("a long, gently curved heart line"). */
export interface Named {
  feature: HandFeature;
  words: string;
}

/** A piece of a section's text with the features of this hand it reads or leans on. */
export interface Said {
  text: string;
  reads: readonly HandFeature[];
}

/**
 * The feature a rule's read belongs to: a line's attribute or anatomy ("heart.curvature",
 * "heartEnd") is the line, a mount's prominence the mount; the hand side is none.
 */
function featureOfRead(read: string): HandFeature | undefined {
  if (read === 'handType' || isTraitName(read)) return read;
  const anatomy = LINE_OF_ANATOMY[read];
  if (anatomy) return anatomy;
  const [subject = '', detail] = read.split('.');
  if (subject === 'mount' && detail && detail in VEDIC_MOUNTS) return `mount.${detail as MountName}`;
  return isLineName(subject) ? subject : undefined;
}

/** The features some reads belong to, each once, in the order first read. */
export const featuresOfReads = (reads: readonly string[]): HandFeature[] => [
  ...new Set(reads.flatMap((read) => featureOfRead(read) ?? [])),
];

/**
 * The features this section reads on this palm, in words: the lines it leans on, with all they
 * show, and the traits its findings interpret (each feature is interpreted in one section only).
 */
export function namedFeatures(
  lines: readonly LineName[],
  featuresRead: readonly string[],
  traits: PalmTraits,
  observation: PalmObservation,
): Named[] {
  const linesRead = featuresRead
    .map((feature) => LINE_OF_ANATOMY[feature] ?? feature.split('.')[0]!)
    .filter(isLineName);
  const features: HandFeature[] = [
    ...new Set([...lines, ...linesRead]),
    ...new Set(featuresRead.filter(isTraitName)),
  ];
  return features.flatMap((feature) => {
    const words = featureWords(feature, traits, observation);
    return words ? [{ feature, words }] : [];
  });
}

/**
 * The features a finding reads, in words, as the opening themes name them: a finding that reads
 * the hand's element and nothing nameable besides is said of the element ("a Jal (water) hand").
 */
export function findingFeatures(
  featuresRead: readonly string[],
  traits: PalmTraits,
  observation: PalmObservation,
): Named[] {
  const named = namedFeatures([], featuresRead, traits, observation);
  if (named.length > 0 || !featuresRead.includes('handType')) return named;
  const words = featureWords('handType', traits, observation);
  return words ? [{ feature: 'handType', words }] : [];
}

/** `namedFeatures`, in words only. */
export const sectionFeatures = (...args: Parameters<typeof namedFeatures>): string[] =>
  namedFeatures(...args).map((named) => named.words);

/**
 * A feature of this hand in words, as the profile holds it: a line with every class stated, a
 * trait graded, the element by its tattva, a mount by its Vedic name. Nothing for a line unseen
 * or a trait the profile left unstated.
 */
export function featureWords(
  feature: HandFeature,
  traits: PalmTraits,
  observation: PalmObservation,
): string | undefined {
  if (isLineName(feature)) return line(feature, LINE_WORDS[feature])(traits, observation);
  if (isTraitName(feature)) return featureOf(feature)(traits, observation);
  if (feature === 'handType') return traits.handType ? `a ${TATTVA_LABELS[traits.handType]} hand` : undefined;
  const mount = VEDIC_MOUNTS[feature.slice('mount.'.length) as MountName];
  return `the ${mount.vedic} (${mount.english})`;
}

/**
 * A feature named as the visitor's own, briefly: "a long, gently curved, deep heart line" → "your
 * long, gently curved heart line".
 */
export function asYours(feature: string): string {
  const words = feature.replace(/^(?:an?|the) /, '');
  const line = LINE_IN_WORDS.exec(words);
  if (!line) return `your ${words}`;
  const [, adjectives = '', name, where = ''] = line;
  // A line keeps two of its words: enough to be this palm's, short enough to say again; where it
  // lies on the hand is the most its own, so it keeps that and one adjective.
  const kept = adjectives
    .split(', ')
    .filter(Boolean)
    .slice(0, where ? 1 : 2);
  const firstWhere = where.split(' and ')[0];
  return `your ${[kept.join(', '), name, firstWhere].filter(Boolean).join(' ')}`;
}

/**
 * A feature named again, after the reading has described it: a line by its name alone ("your head
 * line"), a trait by its class in a word or two ("your long little finger"). Saying a feature's
 * whole description each time reads as a template.
 */
export function briefly(feature: string): string {
  const words = feature.replace(/^(?:an?|the|your) /, '');
  const line = LINE_IN_WORDS.exec(words);
  if (line) return `your ${line[2]!}`;
  const again = SAID_AGAIN.get(words);
  return again ? `your ${again}` : asYours(words);
}

/** Text to match literally in a regular expression. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Texts said one after another, each feature named in full once: after its first mention a line's
 * whole description ("your long head line starting joined to the life line") becomes its plain
 * name ("your head line"), and a trait's ("your index finger clearly longer than the ring") its
 * class in a word or two ("your longer index finger"), as a person would say it again rather than
 * recite it.
 */
export function namedOnce(texts: readonly string[], names: readonly string[]): string[] {
  let said = [...texts];
  const heard = said.join(' ').toLowerCase();
  for (const name of new Set(names)) {
    // Most names are said at most once: only a second mention needs rewording.
    const at = heard.indexOf(name.toLowerCase());
    if (at === -1 || heard.indexOf(name.toLowerCase(), at + name.length) === -1) continue;
    const brief = briefly(name);
    if (brief === name) continue;
    const pattern = new RegExp(escaped(name), 'gi');
    let first = true;
    said = said.map((text) =>
      text.replace(pattern, (match) => {
        if (first) {
          first = false;
          return match;
        }
        return match.startsWith('Y') ? brief.charAt(0).toUpperCase() + brief.slice(1) : brief;
      }),
    );
  }
  return said;
}

/** The feature a name classes, without the class: "thumb" in "very wide-opening thumb". */
const BARE_FEATURE =
  /(?:index and ring fingers|index finger|ring finger|middle finger|little finger|fingers|thumb|palm)$/;
/** Each trait's words, at length and in brief, without their article, to the trait they class. */
const TRAIT_OF_WORDS = new Map<string, TraitName>(
  [TRAIT_WORDS, TRAIT_AGAIN].flatMap((table) =>
    Object.entries(table).flatMap(([trait, classes]) =>
      Object.values(classes as Record<string, string | Graded>)
        .flat()
        .map((words) => [words.replace(/^(?:an?|the) /, ''), trait as TraitName] as const),
    ),
  ),
);

/**
 * Texts of one section after `namedOnce`: a trait heard with its class twice (named in full or in
 * brief, or said how plainly it shows) is then named bare ("your thumb"), as a person would say it
 * a third time, rather than "your very wide-opening thumb" in every paragraph. Lines are named
 * bare after their first mention already.
 */
export function namedBarelyAfterTwice(texts: readonly string[], names: readonly string[]): string[] {
  let said = [...texts];
  for (const name of new Set(names)) {
    const brief = briefly(name);
    const noun = BARE_FEATURE.exec(brief)?.[0];
    if (!noun || brief === `your ${noun}`) continue;
    const trait = TRAIT_OF_WORDS.get(name.replace(/^your /, ''));
    // "Your thumb opens very wide" says the class as surely as "your very wide-opening thumb".
    const plainly = Object.values(trait ? (HOW_PLAINLY[trait] ?? {}) : {}).flatMap((said) => said ?? []);
    const classed = [name, brief, ...plainly];
    const pattern = new RegExp(`\\b(?:${[...new Set(classed)].map(escaped).join('|')})\\b`, 'gi');
    let heard = 0;
    said = said.map((text) =>
      text.replace(pattern, (match) => {
        if (++heard <= 2 || match.toLowerCase() !== brief.toLowerCase()) return match;
        return match.startsWith('Y') ? `Your ${noun}` : `your ${noun}`;
      }),
    );
  }
  return said;
}

/**
 * Features in a list, a thumb's length and how far it opens said together ("your long thumb that
 * opens wide") rather than as two thumbs.
 */
export function featureList(features: readonly string[]): string {
  const angle = features.find((words) => /^your thumb that /.test(words));
  const length = features.find((words) => /^your (?:\w+ )?\w+ thumb$/.test(words));
  if (!angle || !length) return listInWords(features);
  const merged = `${length} ${angle.replace(/^your thumb /, '')}`;
  return listInWords(
    features.flatMap((words) => (words === length ? [merged] : words === angle ? [] : [words])),
  );
}

/** "long, gently curved heart line reaching to the index finger": adjectives, the line, where it lies. */
const LINE_IN_WORDS = /^(?:(.*?) )?((?:heart|head|life|fate|sun|marriage) line)(?: (.+))?$/;
/** Whether words name one of the hand's lines rather than a trait. */
export const namesALine = (words: string) => LINE_IN_WORDS.test(words.replace(/^(?:an?|the|your) /, ''));

/**
 * One sentence naming, together, the features of this section that no earlier section pointed
 * to; nothing when none is left, or when it would name one trait alone (the finding beside it
 * already says that trait in the same words, while a line is described with more than any one
 * finding reads of it).
 */
export function describePalm(
  features: readonly Named[],
  choose: PhraseChooser,
  described: Set<string>,
): Said | undefined {
  const seen = features.filter(({ words }) => !described.has(words)).slice(0, FEATURES_PER_SENTENCE);
  // A trait said alone is said by the finding beside it in the same words.
  if (seen.length === 0 || (seen.length === 1 && !namesALine(seen[0]!.words))) return undefined;
  for (const { words } of seen) described.add(words);
  const words = listInWords(seen.map((named) => named.words));
  return {
    text: choose.pick(TEMPLATES, `described.${seen.length}.${described.size}`)(words),
    reads: seen.map((named) => named.feature),
  };
}

/**
 * The traits the profile left unstated, named once for the whole reading in "How we read this":
 * the reading says honestly what this photo could not settle instead of guessing or filling up.
 * A trait no profile states (the fingers' spacing reads the pose; the fine creases, the light) is
 * not this photo's to settle, so it is not named. Fingers the photo cut off are the plain reason.
 */
export function unsettledTraits(traits: PalmTraits, observation: PalmObservation): string | undefined {
  const unsettled = (Object.keys(FEATURES) as TraitName[]).filter((trait) => {
    const id = traitOf(trait);
    return (
      (id === undefined || statesTrait(id, TRAIT_RELIABILITY)) &&
      featureOf(trait)(traits, observation) === undefined
    );
  });
  if (unsettled.length === 0) return undefined;
  const words = listInWords(unsettled.map((trait) => UNSETTLED_WORDS[trait]));
  const why = observation.fingersCutOff ? ' (the fingertips run past the edge of the photo)' : '';
  return `Not settled by this photo, so left unread rather than guessed: ${words}${why}`;
}
