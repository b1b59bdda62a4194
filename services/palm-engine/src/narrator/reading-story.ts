import type { LifeArea, PalmProfile, ReadingTheme } from '@palm/contracts';
import type { PalmObservation } from '../palm-observation';
import { reliabilityOf } from '../profile/palm-profile';
import { measuresOf } from '../profile/profile-measures';
import { profiledObservation } from '../profile/profiled-lines';
import { TRAIT_RELIABILITY } from '../profile/trait-reliability.recorded';
import {
  ASSERTION_AXES,
  AXES,
  opposingAxes,
  polesOf,
  type AssertionAxis,
  type Assertions,
  type PoleKey,
} from '../rules/assertions';
import { oneAreaPerFeature, sayTheSame } from '../rules/interpret';
import { byStrength, saidOfPerson, type Finding } from '../rules/palm-rule';
import { traitsFromProfile, type PalmTraits } from '../rules/palm-traits';
import { proportionOf, traitOf } from './feature-measures';
import {
  asYours,
  briefly,
  featureList,
  findingFeatures,
  LINE_OF_ANATOMY,
  namedOnce,
  type HandFeature,
} from './palm-description';
import { phraseChooserFor, type PhraseChooser } from './phrase-chooser';
import {
  KINDRED_POLES,
  FEATURE_THEMES,
  REFERRED,
  REFERRING_TEXTS,
  TENSION_TEXTS,
  TENSION_TITLES,
  THEME_TEXTS,
  type TensionFrame,
  type Words,
} from './theme-texts';

/**
 * The reading as one story: the findings it states (each feature in one section, and no axis
 * stated both ways), the places where this hand pulls two ways (said once, as one nuanced
 * sentence), and the opening themes that tie this hand's most distinctive features together.
 */
export interface ReadingStory {
  findings: Finding[];
  /** Findings of the weaker pole of a tension: not stated, but named in the tension's sentence. */
  yielded: Finding[];
  tensions: Tension[];
  themes: ReadingTheme[];
  /** The poles the themes state, for the checker. */
  themePoles: PoleKey[];
  /** The poles of each theme, in the themes' order: none for a theme told from a tension. */
  polesByTheme: PoleKey[][];
  /** The axis each theme told from a tension pulls both ways on, in the themes' order. */
  pullsByTheme: (AssertionAxis | undefined)[];
  /**
   * The features (in the themes' words) whose findings take each pole: a theme tying two leanings
   * ties two features, each with its own, and only that one is said to show it.
   */
  featuresByPole: Partial<Record<PoleKey, string[]>>;
  /** The feature each of the story's feature words names ("your long fingers" → fingers). */
  featureOf: ReadonlyMap<string, HandFeature>;
  /**
   * Features the profile states whose every reading here leans a way a re-take could turn
   * (`steadyLeanings`), each with the section its strongest finding was placed in: that section
   * names the feature and leaves what it says of the person open.
   */
  heldOpen: readonly { feature: string; area: LifeArea }[];
}

export interface Tension {
  axis: AssertionAxis;
  /** The stronger side's pole: a theme may state it beside the tension, never the other. */
  kept: PoleKey;
  /** Told as one of the opening themes: the section then leaves it to the theme. */
  themed?: boolean;
  /** The section that says it, where its axis is read (`TENSION_AREAS`). */
  area: LifeArea;
  /** The two features that pull apart, in words: the stronger side first. */
  features: readonly [string, string];
  sentence: string;
  /** Told by a theme or not at all: the sections state only one side of it. */
  themeOnly?: boolean;
}

export const MIN_THEMES = 3;
const MAX_THEMES = 5;
const FEATURES_PER_THEME = 3;

/** Profile classes at the population's middle: a hand that has them is like most hands there. */
const MIDDLE_CLASSES = new Set([
  'medium',
  'balanced',
  'average',
  'even',
  'moderate',
  'reaching',
  'gentle',
  'clear',
]);
const MIDDLE_WEIGHT = 0.3;
/** Mounts are barely visible in a photo and have no recorded reliability: they rarely carry a theme. */
const MOUNT_WEIGHT = 0.15;
const UNRECORDED_RELIABILITY = 0.5;

/**
 * How far this hand's feature lies from the population's middle, 0–1, times how often its class
 * survived a re-take: a rare, reliably measured feature is what tells this hand from others.
 */
export function distinctiveness(feature: string, profile: PalmProfile, observation: PalmObservation): number {
  if (feature.startsWith('mount.')) return MOUNT_WEIGHT;
  const trait = traitOf(feature);
  if (!trait) return 0;
  const reliability = reliabilityOf(trait, TRAIT_RELIABILITY) ?? UNRECORDED_RELIABILITY;
  const proportion = proportionOf(feature);
  if (proportion) {
    const {
      measure,
      cutoffs: [low, high],
    } = proportion;
    const half = (high - low) / 2;
    const away = Math.abs(measuresOf(observation)[measure] - (low + high) / 2) / half;
    // At a cut-off (one tertile from the middle) a hand is unremarkable; two half-widths out, rare.
    return Math.min(1, Math.max(MIDDLE_WEIGHT / 2, away / 2)) * reliability;
  }
  const value = (profile as Record<string, string | null>)[trait];
  if (value === null || value === undefined) return 0;
  return (MIDDLE_CLASSES.has(value) ? MIDDLE_WEIGHT : 1) * reliability;
}

/** The features a finding interprets, not the bookkeeping it read on the way (a line's confidence). */
const featuresOf = (finding: Finding) =>
  finding.reads.filter(
    (feature) =>
      // Whether a fate or sun line shows at all is a feature of the hand; a line's other bookkeeping is not.
      (/^(?:fate|sun)\.seen$/.test(feature) || !/\.(?:seen|confidence|anchor|trace)$/.test(feature)) &&
      feature !== 'side',
  );

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

interface FeatureSupport {
  feature: string;
  words: string;
  weight: number;
}

/**
 * Where a tension is said when no theme tells it: the section that reads its axis (how open a
 * person is belongs under love, however the feature that shows it came to be read under money).
 */
const TENSION_AREAS: Record<AssertionAxis, LifeArea> = {
  sociability: 'love',
  feeling: 'love',
  pace: 'health',
  mind: 'career',
  drive: 'career',
  risk: 'money',
};

/**
 * Tells the reading's story from every fired finding, strongest first. Each feature is read in one
 * section (`oneAreaPerFeature`); where the stated findings take both poles of an axis, the side
 * with the stronger findings stays, the other side's findings yield, and one sentence names both.
 */
export function tellStory(
  fired: readonly Finding[],
  observation: PalmObservation,
  profile: PalmProfile,
  traits: PalmTraits,
  choose: PhraseChooser,
): ReadingStory {
  const placed = oneAreaPerFeature([...fired].sort(byStrength));
  const featureOf = new Map<string, HandFeature>();
  const wordsOf = (finding: Finding) => {
    const [named] = findingFeatures(featuresOf(finding), traits, observation);
    if (!named) return undefined;
    const words = asYours(named.words);
    featureOf.set(words, named.feature);
    return words;
  };
  const settled = settleAssertions(placed);
  const yielded = new Set(settled.yielded);
  const tensions: Tension[] = [];
  for (const { axis, kept, lost } of settled.pulls) {
    const keptWords = wordsOf(kept);
    const lostWords = wordsOf(lost);
    if (keptWords && lostWords) tensions.push(...tensionOf(axis, kept, [keptWords, lostWords], choose));
  }
  // A leaning a re-take could turn (`steadyLeanings`) is no section's to state either: one photo's
  // Career said "driven" where the next photo's said "easygoing", each from a feature the other
  // photo left a hair from its cut-off. The feature itself is still read (`readInsteadOfSetAside`).
  const { findings, heldOpen } = readInsteadOfSetAside(
    placed.filter((finding) => !yielded.has(finding) && !finding.setAside),
    placed,
    fired,
  );
  const stated = new Set(findings.flatMap((finding) => polesOf(finding.asserts)));
  tensions.push(...unplacedPulls(fired, tensions, stated, wordsOf, choose));
  const opposed = new Set(
    [...yielded].flatMap((finding) => polesOf(finding.asserts)).filter((pole) => !stated.has(pole)),
  );
  const family = (feature: string) => themeFamily(feature, traits);
  const { themes, poles, polesByTheme, pullsByTheme, featuresByPole } = themesOf(
    { fired, stated, opposed, tensions },
    { profile, observation, wordsOf, family },
    choose,
  );
  // The themes are heard one after another: a line named in full in one is named plainly in the next.
  const texts = namedOnce(
    themes.map((theme) => theme.text),
    themes.flatMap((theme) => theme.features),
  );
  return {
    findings,
    yielded: [...yielded],
    tensions,
    themes: themes.map((theme, i) => ({ ...theme, text: texts[i]! })),
    themePoles: poles,
    polesByTheme,
    pullsByTheme,
    featuresByPole,
    featureOf,
    heldOpen,
  };
}

/**
 * A feature placed on a finding whose leaning is set aside would be read in no section, though the
 * profile states it and "Your palm at a glance" shows it: a reader would find "Fingers: short" in
 * the panel and nothing of it in the text. Such a feature is read instead by its strongest other
 * finding that a re-take keeps (no leaning set aside), in that finding's own section, where it
 * reads that feature alone, opens no pull with what the sections state, and says nothing its
 * section already says. A feature none can read is held open in the section it was placed in.
 */
function readInsteadOfSetAside(
  stated: readonly Finding[],
  placed: readonly Finding[],
  fired: readonly Finding[],
): Pick<ReadingStory, 'findings' | 'heldOpen'> {
  // Read by a stated finding, or named in a tension's sentence by a yielded one.
  const read = new Set(placed.filter((finding) => !finding.setAside).flatMap(featuresOf));
  const silenced = new Map<string, LifeArea>();
  for (const finding of placed.filter((placedFinding) => placedFinding.setAside))
    for (const feature of featuresOf(finding))
      if (!read.has(feature) && !silenced.has(feature)) silenced.set(feature, finding.area);
  const findings = [...stated];
  const heldOpen: ReadingStory['heldOpen'][number][] = [];
  const strongestFirst = [...fired].sort(byStrength);
  for (const [feature, area] of silenced) {
    const pulls = opposingAxes(findings.map((finding) => finding.asserts)).length;
    const instead = strongestFirst.find((finding) => {
      const features = featuresOf(finding);
      return (
        !finding.setAside &&
        !placed.includes(finding) &&
        features.length > 0 &&
        features.every((other) => other === feature) &&
        opposingAxes([...findings, finding].map((other) => other.asserts)).length === pulls &&
        !findings.some((other) => other.area === finding.area && sayTheSame(other, finding))
      );
    });
    if (instead) findings.push(instead);
    else heldOpen.push({ feature, area });
  }
  return { findings: findings.sort(byStrength), heldOpen };
}

/** Whether a theme leans as these poles do: it states one of them, or tells a pull on one's axis. */
export const themeAgrees = (story: ReadingStory, at: number, leaning: readonly PoleKey[]): boolean =>
  (story.polesByTheme[at] ?? []).some((pole) => leaning.includes(pole)) ||
  leaning.some((pole) => pole.split(':')[0] === story.pullsByTheme[at]);

/**
 * The story a reading of this palm opens with, as `assembleReading` tells it: over the palm as its
 * profile states it, in the profile's own phrasings.
 */
export function storyOfPalm(
  fired: readonly Finding[],
  measured: PalmObservation,
  profile: PalmProfile,
): ReadingStory {
  const palm = profiledObservation(profile, measured);
  return tellStory(fired, palm, profile, traitsFromProfile(profile, measured), phraseChooserFor(profile));
}

/**
 * Where this hand's features pull both ways on an axis although the findings its sections state
 * take one side (the other side's feature is read in a section for something else): a pull the
 * themes may tell, never the sections. A theme that told only the stated side would rest on which
 * of the two features this photo happened to give a section, and a re-take could turn it.
 */
function unplacedPulls(
  fired: readonly Finding[],
  placedPulls: readonly Tension[],
  stated: ReadonlySet<PoleKey>,
  wordsOf: (finding: Finding) => string | undefined,
  choose: PhraseChooser,
): Tension[] {
  const worded = fired.filter((finding) => wordsOf(finding) !== undefined);
  return opposingAxes(worded.map((finding) => finding.asserts))
    .filter((axis) => !placedPulls.some((tension) => tension.axis === axis))
    .flatMap((axis) => {
      const side = (pole: string) =>
        worded.filter((finding) => finding.asserts?.[axis] === pole).sort(byStrength);
      const [first, second] = ASSERTION_AXES[axis].map(side) as [Finding[], Finding[]];
      // The side the sections state, else the stronger.
      const statedSide = ASSERTION_AXES[axis].findIndex((pole) => stated.has(`${axis}:${pole}` as PoleKey));
      const firstKept = statedSide === -1 ? strengthOf(first) >= strengthOf(second) : statedSide === 0;
      const [kept, lost] = firstKept ? [first[0]!, second[0]!] : [second[0]!, first[0]!];
      return tensionOf(axis, kept, [wordsOf(kept)!, wordsOf(lost)!], choose).map((tension) => ({
        ...tension,
        themeOnly: true,
      }));
    });
}

/** A pull of `kept`'s side against another feature's, where the two are named apart: none where they are one. */
function tensionOf(
  axis: AssertionAxis,
  kept: Finding,
  features: readonly [string, string],
  choose: PhraseChooser,
): Tension[] {
  if (features[0] === features[1]) return [];
  const pull = { axis, kept: `${axis}:${kept.asserts![axis]!}` as PoleKey, features };
  return [{ ...pull, area: TENSION_AREAS[axis], sentence: tensionSentence(pull, choose).sentence }];
}

/** The findings' summed score: the side of a pull whose findings weigh most is the stronger. */
const strengthOf = (findings: readonly Finding[]) =>
  findings.reduce((sum, finding) => sum + finding.score, 0);

/**
 * One sentence naming both sides of a pull, each feature on the side its pole takes, in a frame
 * none of `taken` (the pulls told before it in the opening) has used, where the axis has one.
 */
function tensionSentence(
  { axis, kept, features: [keptWords, lostWords] }: Pick<Tension, 'axis' | 'kept' | 'features'>,
  choose: PhraseChooser,
  taken: ReadonlySet<TensionFrame> = new Set(),
): { sentence: string; frame: TensionFrame } {
  const keptFirst = kept === `${axis}:${ASSERTION_AXES[axis][0]}`;
  const [first, second] = keptFirst ? [keptWords, lostWords] : [lostWords, keptWords];
  const says = (words: string, verb: string) => `${words} ${inNumber(verb, takesPlural(words))}`;
  const fresh = TENSION_TEXTS[axis].filter(({ frame }) => !taken.has(frame));
  const { frame, text } = choose.pick(fresh.length > 0 ? fresh : TENSION_TEXTS[axis], `tension.${axis}`);
  return { sentence: capitalised(text(first, second, says)), frame };
}

/** Where the hand pulls both ways on an axis: the strongest finding of each side. */
interface Pull {
  axis: AssertionAxis;
  kept: Finding;
  lost: Finding;
}

/**
 * The findings a reading may state, strongest first: on each axis where they take both poles, the
 * side with the greater total strength stays and every finding of the other side yields.
 */
export function settleAssertions(placed: readonly Finding[]): {
  findings: Finding[];
  yielded: Finding[];
  pulls: Pull[];
} {
  const yielded = new Set<Finding>();
  const pulls: Pull[] = [];
  for (const axis of AXES) {
    const [first, second] = ASSERTION_AXES[axis];
    const side = (pole: string) =>
      placed.filter((finding) => !yielded.has(finding) && finding.asserts?.[axis] === pole);
    const a = side(first);
    const b = side(second);
    if (a.length === 0 || b.length === 0) continue;
    const [kept, lost] = strengthOf(a) >= strengthOf(b) ? [a, b] : [b, a];
    for (const finding of lost) yielded.add(finding);
    pulls.push({ axis, kept: kept[0]!, lost: lost[0]! });
  }
  return { findings: placed.filter((finding) => !yielded.has(finding)), yielded: [...yielded], pulls };
}

/** The kind of feature a theme leads with, for its title: "thumb", "heart", "element.water". */
export function themeFamily(feature: string, { handType }: Pick<PalmTraits, 'handType'>): string {
  const [first = ''] = feature.split('+');
  if (first === 'handType') return `element.${handType ?? ''}`;
  if (first.startsWith('mount.')) return 'mount';
  const line = LINE_OF_ANATOMY[first] ?? /^(heart|head|life|fate|sun|marriage)\./.exec(first)?.[1];
  if (line) return line;
  return TRAIT_FAMILIES[first] ?? first;
}
const TRAIT_FAMILIES: Record<string, string> = {
  palmShape: 'palm',
  thumbAngle: 'thumb',
  indexVsRing: 'index',
  littleFinger: 'little',
  middleFinger: 'middle',
};

/** A verb in the number of its subject: "speak" for "your long fingers", "speaks" for "your thumb". */
export function inNumber(verb: string, plural: boolean): string {
  if (plural) return verb;
  if (verb === 'are') return 'is';
  if (verb === 'have') return 'has';
  return /[^aeiou]y$/.test(verb) ? `${verb.slice(0, -1)}ies` : `${verb}s`;
}

/**
 * Whether features in words take a plural verb: two or more of them, or one whose head noun is
 * plural ("your fingers on the long side", but "your index finger longer than the ring").
 */
export function takesPlural(words: string): boolean {
  if (/ and your /.test(words) || /, your /.test(words)) return true;
  const head = /\b(fingers|creases|finger|thumb|palm|hand|line)\b/.exec(words)?.[1];
  return head === 'fingers' || head === 'creases';
}

/** A theme as it is chosen: its poles (none for a tension), features, title and sentence. */
interface Candidate {
  poles: PoleKey[];
  features: FeatureSupport[];
  title: string;
  text: Words;
  tension?: Tension;
  /** A feature an earlier theme read, referred back to beside the leaning this one adds. */
  anchor?: FeatureSupport;
}

/**
 * Which themes a pass may add. A pass runs only while the reading has fewer themes than its
 * `upTo`; `fresh`: only features no theme names yet; `kinds`: what it may offer.
 */
interface Pass {
  upTo: number;
  fresh: boolean;
  kinds: 'poles' | 'pairs' | 'tensions' | 'referring' | 'singles';
  /** A tension may be told beside a theme that states its stronger side. */
  besideItsSide?: boolean;
  /** A feature already the whole of a theme may carry another leaning in one more. */
  again?: boolean;
  /** Two features of earlier themes tied in one: it may restate their leanings, never oppose them. */
  synthesis?: boolean;
}
/**
 * Themes that tie features first: several features on one leaning, two kindred leanings, a pull
 * two ways, then a leaning one feature adds beside one an earlier theme told. One feature to a
 * theme only where the hand offers no more.
 */
const PASSES: readonly Pass[] = [
  { upTo: MAX_THEMES, fresh: true, kinds: 'poles' },
  { upTo: MIN_THEMES, fresh: false, kinds: 'poles' },
  { upTo: MIN_THEMES, fresh: true, kinds: 'pairs' },
  { upTo: MIN_THEMES, fresh: false, kinds: 'pairs' },
  { upTo: MIN_THEMES, fresh: false, kinds: 'tensions' },
  { upTo: MIN_THEMES, fresh: false, kinds: 'tensions', besideItsSide: true },
  { upTo: MIN_THEMES, fresh: true, kinds: 'referring' },
  { upTo: MIN_THEMES, fresh: false, kinds: 'referring' },
  { upTo: MIN_THEMES, fresh: false, kinds: 'pairs', synthesis: true },
  { upTo: MIN_THEMES, fresh: true, kinds: 'singles' },
  { upTo: MIN_THEMES, fresh: false, kinds: 'singles' },
  { upTo: MIN_THEMES, fresh: false, kinds: 'singles', again: true },
];
/**
 * For a hand with too few features for that: each feature's own leaning first, then what two of
 * them say together ("Room for ideas", "Agreement over force", then the two tied in "A free-ranging
 * mind"), rather than one tie and nothing else.
 */
const SPARSE_PASSES: readonly Pass[] = [
  { upTo: MAX_THEMES, fresh: true, kinds: 'poles' },
  { upTo: MIN_THEMES, fresh: true, kinds: 'singles' },
  { upTo: MIN_THEMES, fresh: false, kinds: 'tensions' },
  { upTo: MIN_THEMES, fresh: false, kinds: 'pairs', synthesis: true },
  { upTo: MIN_THEMES, fresh: false, kinds: 'tensions', synthesis: true },
  { upTo: MIN_THEMES, fresh: false, kinds: 'singles', again: true },
];
/**
 * For a hand whose features take one leaning each: one of them told alone, then each other
 * leaning beside a feature told before ("Beside the warmth in your long little finger, your
 * long palm adds imagination"), so every theme after the first ties two features.
 */
const REFERRING_PASSES: readonly Pass[] = [
  { upTo: MAX_THEMES, fresh: true, kinds: 'poles' },
  { upTo: 1, fresh: true, kinds: 'singles' },
  { upTo: MIN_THEMES, fresh: true, kinds: 'referring' },
  { upTo: MIN_THEMES, fresh: false, kinds: 'referring' },
  { upTo: MIN_THEMES, fresh: false, kinds: 'tensions' },
  { upTo: MIN_THEMES, fresh: false, kinds: 'pairs', synthesis: true },
  { upTo: MIN_THEMES, fresh: true, kinds: 'singles' },
  { upTo: MIN_THEMES, fresh: false, kinds: 'singles', again: true },
];

interface StoryFacts {
  fired: readonly Finding[];
  /** The poles the reading's findings state. */
  stated: ReadonlySet<PoleKey>;
  /** Poles of findings that yielded in a tension: never a theme's. */
  opposed: ReadonlySet<PoleKey>;
  tensions: Tension[];
}
interface HandWords {
  profile: PalmProfile;
  observation: PalmObservation;
  wordsOf: (finding: Finding) => string | undefined;
  family: (feature: string) => string;
}

/**
 * 3–5 themes, strongest first, each saying something the others do not: no two state the same
 * pole (a "free-ranging mind" beside a "roving mind" is one theme told twice), none states the
 * opposite of another or of the findings, and no two tie the same features. Themes that tie two
 * or three features come first: several features agreeing on one leaning, then two leanings that
 * agree in kind, then a place where the hand pulls two ways. Where it pulls two ways, that is
 * all the themes say of the axis: neither side alone, unless the hand opens with fewer than three
 * themes without it. Only a hand whose photo showed too few features for three of those is read
 * one feature to a theme, each still a leaning of its own.
 */
function themesOf(
  { fired, stated, opposed, tensions }: StoryFacts,
  { profile, observation, wordsOf, family }: HandWords,
  choose: PhraseChooser,
): {
  themes: ReadingTheme[];
  poles: PoleKey[];
  polesByTheme: PoleKey[][];
  pullsByTheme: (AssertionAxis | undefined)[];
  featuresByPole: Partial<Record<PoleKey, string[]>>;
} {
  const statedAxes = new Map([...stated].map((pole) => [pole.split(':')[0], pole]));
  const support = new Map<PoleKey, FeatureSupport[]>();
  for (const finding of fired) {
    const words = wordsOf(finding);
    if (!words) continue;
    const weight = Math.max(0, ...featuresOf(finding).map((f) => distinctiveness(f, profile, observation)));
    for (const pole of polesOf(finding.asserts)) {
      const axis = pole.split(':')[0];
      if (opposed.has(pole) || (statedAxes.has(axis) && statedAxes.get(axis) !== pole)) continue;
      const list = support.get(pole) ?? [];
      const feature = featuresOf(finding).join('+');
      const same = list.find((item) => item.words === words);
      if (same) same.weight = Math.max(same.weight, weight);
      else list.push({ feature, words, weight });
      support.set(pole, list);
    }
  }
  // Strongest first, and one line once: its shape and where it starts are one feature to a theme.
  for (const [pole, list] of support) {
    const names = new Set<string>();
    support.set(
      pole,
      list
        .sort((x, y) => y.weight - x.weight)
        .filter((item) => !names.has(briefly(item.words)) && names.add(briefly(item.words))),
    );
  }
  // A hand that pulls both ways on an axis is told as pulling both ways, never as one side: which
  // side a photo's strongest findings take turns with what that photo shows.
  const pulled = new Set<string>(tensions.map((tension) => tension.axis));
  let leanings = new Map([...support].filter(([pole]) => !pulled.has(pole.split(':')[0]!)));
  let picked: Candidate[] = [];
  /** Whether a feature's findings take this pole on this hand. */
  const supports = (pole: PoleKey, item: FeatureSupport) =>
    support.get(pole)?.some((other) => other.words === item.words) ?? false;
  const used = (item: FeatureSupport) =>
    picked.some((theme) => theme.features.some((f) => f.words === item.words));
  /** A pole's title and sentence as the theme's strongest feature shows it, else the pole's own. */
  const worded = (pole: PoleKey, lead: FeatureSupport): { title: string; text: Words } => {
    const { title, texts } = FEATURE_THEMES[pole][family(lead.feature)] ?? THEME_TEXTS[pole];
    return { title, text: choose.pick(texts, `theme.${pole}`) };
  };

  const poleThemes = (fresh: boolean): Candidate[] =>
    [...leanings].flatMap(([pole, features]) => {
      const usable = fresh ? features.filter((item) => !used(item)) : features;
      if (!twoFeatures(usable)) return [];
      const chosen = usable.slice(0, FEATURES_PER_THEME);
      return [{ poles: [pole], features: chosen, ...worded(pole, chosen[0]!) }];
    });
  const pairs = ({ fresh, synthesis }: Pass): Candidate[] =>
    KINDRED_POLES.flatMap((kin) => {
      if (synthesis && kin.poles.every(said)) {
        // Two leanings earlier themes told, tied over every feature that told them.
        const shows = (item: FeatureSupport) => kin.poles.some((pole) => supports(pole, item));
        const features = picked
          .filter((theme) => theme.poles.some((pole) => kin.poles.includes(pole)))
          .flatMap((theme) => theme.features)
          .filter(
            (item, at, all) => shows(item) && all.findIndex((other) => other.words === item.words) === at,
          );
        return features.length <= FEATURES_PER_THEME && twoFeatures(features)
          ? [{ poles: [...kin.poles], features, title: kin.title, text: kin.text }]
          : [];
      }
      const [a, b] = kin.poles.map((pole) =>
        (leanings.get(pole) ?? []).filter((item) => !fresh || !used(item)),
      );
      const first = a?.[0];
      const second = first && b?.find((item) => twoFeatures([first, item]) && !sameFeatures([first, item]));
      return first && second
        ? [{ poles: [...kin.poles], features: [first, second], title: kin.title, text: kin.text }]
        : [];
    });
  const tensionThemes = (): Candidate[] =>
    tensions.flatMap((tension) => {
      const [kept, lost] = tension.features;
      const item = (words: string) =>
        [...support.values()].flat().find((f) => f.words === words) ?? { feature: '', words, weight: 0 };
      return [
        {
          poles: [],
          features: [item(kept), item(lost)],
          title: choose.pick(TENSION_TITLES[tension.axis], `tension-title.${kept}.${lost}`),
          text: () => tension.sentence,
          tension,
        },
      ];
    });
  // One feature with one leaning, or two leanings that agree in kind: the feature says both.
  const singles = (fresh: boolean): Candidate[] => {
    const byWords = new Map<string, { item: FeatureSupport; poles: PoleKey[] }>();
    for (const [pole, features] of leanings)
      for (const item of features) {
        if (fresh && used(item)) continue;
        const entry = byWords.get(item.words) ?? { item, poles: [] };
        entry.poles.push(pole);
        byWords.set(item.words, entry);
      }
    return [...byWords.values()].flatMap(({ item, poles }) => {
      const open = poles.filter((pole) => !said(pole));
      const kin = KINDRED_POLES.find((pair) => pair.poles.every((pole) => open.includes(pole)));
      if (kin) return [{ poles: [...kin.poles], features: [item], title: kin.title, text: kin.text }];
      return open.map((pole) => ({ poles: [pole], features: [item], ...worded(pole, item) }));
    });
  };
  /**
   * One leaning a feature adds beside a feature an earlier theme read: that feature is referred
   * back to by what it was read for ("Beside the will in your long thumb, …"), not read again.
   */
  const referring = (fresh: boolean): Candidate[] => {
    const anchors = picked.flatMap((theme) =>
      theme.poles.flatMap((pole) =>
        theme.features.filter((item) => supports(pole, item)).map((item) => ({ item, pole })),
      ),
    );
    const anchoredOn = (item: FeatureSupport) =>
      picked.filter((theme) => theme.anchor?.words === item.words).length;
    return [...leanings].flatMap(([pole, features]) =>
      features
        .filter((item) => !fresh || !used(item))
        .flatMap((item) => {
          const anchor = anchors
            .filter(
              ({ item: other }) =>
                briefly(other.words) !== briefly(item.words) && !sameFeatures([item, other]),
            )
            // A feature another theme already leans on gives way, so the themes read on rather than circle.
            .sort((x, y) => anchoredOn(x.item) - anchoredOn(y.item) || y.item.weight - x.item.weight)[0];
          if (!anchor) return [];
          const wording = choose.pick(REFERRING_TEXTS, `referring.${pole}`);
          const adds = `${item.words} ${inNumber('add', takesPlural(item.words))}`;
          const sentence = wording(
            `${REFERRED[anchor.pole].noun} in ${anchor.item.words}`,
            adds,
            REFERRED[pole],
          );
          return [
            {
              poles: [pole],
              features: [item, anchor.item],
              anchor: anchor.item,
              title: capitalised(`${REFERRED[anchor.pole].title} and ${REFERRED[pole].title}`),
              text: () => sentence,
            },
          ];
        }),
    );
  };
  const offered = (pass: Pass) =>
    pass.kinds === 'poles'
      ? poleThemes(pass.fresh)
      : pass.kinds === 'pairs'
        ? pairs(pass)
        : pass.kinds === 'tensions'
          ? tensionThemes()
          : pass.kinds === 'referring'
            ? referring(pass.fresh)
            : singles(pass.fresh);

  const saidPoles = () => picked.flatMap((theme) => theme.poles);
  const said = (pole: PoleKey) => saidPoles().includes(pole);
  const axisOf = (pole: PoleKey) => pole.split(':')[0] as AssertionAxis;
  // Two themes on the same features tell one thing twice. So do two that share two features
  // ("your thumb that opens wide and your Agni hand" opening two themes in a row), whatever else
  // each adds: only a hand with too few features for anything else is read that way (`run`).
  let distinct = true;
  const sameFeatures = (features: readonly FeatureSupport[]) =>
    picked.some((theme) => {
      const shared = theme.features.filter((item) => features.some((other) => other.words === item.words));
      const same = shared.length === theme.features.length && shared.length === features.length;
      return same || (distinct && features.length > 1 && shared.length >= 2);
    });
  const fits = (candidate: Candidate, pass: Pass) => {
    if (picked.some((theme) => theme.title === candidate.title)) return false;
    if (pass.fresh && candidate.features.some((item) => item !== candidate.anchor && used(item)))
      return false;
    if (sameFeatures(candidate.features) && !pass.again) return false;
    const saidOn = (axis: AssertionAxis) => saidPoles().filter((pole) => axisOf(pole) === axis);
    const tensionOn = (axis: AssertionAxis) => picked.find((theme) => theme.tension?.axis === axis)?.tension;
    if (candidate.tension) {
      const { axis, kept } = candidate.tension;
      if (tensionOn(axis)) return false;
      const others = saidOn(axis);
      return (
        others.length === 0 ||
        ((pass.besideItsSide === true || pass.synthesis === true) && others.every((pole) => pole === kept))
      );
    }
    // A tie of earlier themes' features may say their leanings again, but only over all the
    // features that said them: "your palm and your hand" does not retell what "your hand and
    // your creases" told.
    const restated = picked.filter((theme) => theme.poles.some((pole) => candidate.poles.includes(pole)));
    const names = (item: FeatureSupport) => candidate.features.some((other) => other.words === item.words);
    if (!restated.every((theme) => theme.features.every(names))) return false;
    // A pole is said in one theme (a tie of earlier themes' features may say it again), never
    // beside its opposite, and beside a tension on its axis only as that tension's stronger side.
    return candidate.poles.every((pole) => {
      const axis = axisOf(pole);
      const tension = tensionOn(axis);
      return (
        saidOn(axis).every((other) => other === pole) &&
        (!said(pole) || pass.synthesis === true) &&
        (!tension || (pass.synthesis === true && tension.kept === pole))
      );
    });
  };
  const run = (passes: readonly Pass[], distinctFeatures: boolean) => {
    picked = [];
    distinct = distinctFeatures;
    for (const pass of passes)
      for (;;) {
        if (picked.length >= pass.upTo) break;
        const next = offered(pass)
          .filter((candidate) => fits(candidate, pass))
          .sort((x, y) => score(y.features) - score(x.features) || (x.title < y.title ? -1 : 1))[0];
        if (!next) break;
        picked.push(next);
      }
    return picked;
  };
  // Of the ways to open this hand with enough themes, the one that leaves fewest features alone,
  // themes on distinct features first (the strict passes, where they tie every feature, need no
  // other); a hand with too few features for any of them is read with as many as it has.
  const alone = (themes: Candidate[]) => themes.filter((theme) => theme.features.length < 2).length;
  const best = () => {
    const strict = run(PASSES, true);
    const runs =
      strict.length >= MIN_THEMES && alone(strict) === 0
        ? [strict]
        : [
            strict,
            run(REFERRING_PASSES, true),
            run(SPARSE_PASSES, true),
            run(PASSES, false),
            run(REFERRING_PASSES, false),
            run(SPARSE_PASSES, false),
          ];
    const enough = runs.filter((themes) => themes.length >= MIN_THEMES);
    return enough.length > 0
      ? enough.reduce((most, themes) => (alone(themes) < alone(most) ? themes : most))
      : runs.reduce((most, themes) => (themes.length > most.length ? themes : most));
  };
  let chosen = best();
  // Only a hand that shows too little for three themes otherwise states the side it leans to most.
  if (chosen.length < MIN_THEMES && pulled.size > 0) {
    leanings = support;
    const fuller = best();
    if (fuller.length > chosen.length) chosen = fuller;
  }
  picked = chosen;
  // Pulls told one after another in the opening each hold their two sides in a frame of their own,
  // and so, after them, do those the sections tell.
  const frames = new Set<TensionFrame>();
  for (const { tension } of picked) if (tension) tension.themed = true;
  const told = [
    ...picked.flatMap(({ tension }) => (tension ? [tension] : [])),
    ...tensions.filter((tension) => !tension.themed && !tension.themeOnly),
  ];
  for (const tension of told) {
    const { sentence, frame } = tensionSentence(tension, choose, frames);
    frames.add(frame);
    tension.sentence = sentence;
  }
  const seen = new Set<string>();
  const themes = picked.map(({ features, title, text }) => {
    const words = features.map((item) => item.words);
    const again = words.length === 1 && seen.has(words[0]!);
    for (const item of words) seen.add(item);
    return { title, text: themeSentence(text, words, again), features: words };
  });
  return {
    themes,
    poles: picked.flatMap(({ poles }) => poles),
    polesByTheme: picked.map(({ poles }) => [...poles]),
    pullsByTheme: picked.map(({ tension }) => tension?.axis),
    featuresByPole: Object.fromEntries(
      [...support].map(([pole, features]) => [pole, features.map((item) => item.words)]),
    ),
  };
}

/**
 * A theme's sentence with this hand's features as its subject, in the right number; a feature
 * that opened a theme already is said to speak "also".
 */
function themeSentence(text: Words, features: readonly string[], again: boolean): string {
  const list = featureList(features);
  const plural = takesPlural(list);
  const marker = '\u0000';
  const said = text(marker).replace(
    new RegExp(`^${marker} (\\w+)`),
    (_, verb: string) => `${marker} ${again ? 'also ' : ''}${inNumber(verb, plural)}`,
  );
  return capitalised(said.replace(marker, list));
}

/**
 * A theme ties at least two features, as said: a thumb's length and opening are said as one thumb,
 * and a line's shape and where it starts as one line.
 */
const twoFeatures = (features: readonly FeatureSupport[]) => {
  const words = features.slice(0, FEATURES_PER_THEME).map((item) => item.words);
  return new Set(words.map(briefly)).size >= 2 && featureList(words).includes(' and ');
};

const score = (features: readonly FeatureSupport[]) =>
  features.slice(0, FEATURES_PER_THEME).reduce((sum, item) => sum + item.weight, 0);

/**
 * What a reading states on the assertion axes: its findings' poles (those set aside too, which their
 * words still say) and its themes'.
 */
export function statedPoles(story: ReadingStory): Assertions[] {
  const fromThemes = story.themePoles.map((pole) => {
    const [axis, value] = pole.split(':') as [AssertionAxis, string];
    return { [axis]: value };
  });
  return [...story.findings.map(saidOfPerson), ...fromThemes];
}

/** The axes a story states both ways: empty for every reading the narrator writes. */
export const contradictionsIn = (story: ReadingStory): AssertionAxis[] => opposingAxes(statedPoles(story));
