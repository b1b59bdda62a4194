import {
  LIFE_AREAS,
  listInWords,
  type ReadingTheme,
  type PalmProfile,
  type LifeArea,
  type ReadingSection,
  type ReadingSubmission,
} from '@palm/contracts';
import { LINE_NAMES, type ElementalHandType, type LineName, type PalmObservation } from '../palm-observation';
import type { Finding } from '../rules/palm-rule';
import { palmProfileOf } from '../profile/palm-profile';
import { lineFeatureFacts } from '../profile/line-features';
import { profiledObservation } from '../profile/profiled-lines';
import { traitsFromProfile, type PalmTraits } from '../rules/palm-traits';
import { LINE_NAMES_IN_TEXT, TATTVA_LABELS } from '../rules/vedic-names';
import {
  AREA_TITLES,
  type AnswerTexts,
  CHILDREN_NOTES,
  CLEARER_PHOTO_NOTES,
  CLOSING_NOTES,
  handNote,
  HEALTH_FRAMING,
  LIFE_STAGE_NOTES,
  CONCERN_ANSWERS,
  QUESTION_ANSWERS,
  RELATIONSHIP_NOTES,
  TATTVA_TIPS,
  UNQUOTED_NOTE,
  UNSEEN_LINE_ALONE_NOTES,
  UNSEEN_LINE_NOTES,
} from './area-texts';
import { FINDINGS_PER_SECTION, howWeReadByArea, lineSeen, SECTION_LINES, termsOf } from './how-we-read';
import type { NarrationInput, Narrator } from './narrator';
import {
  asYours,
  briefly,
  describePalm,
  featureList,
  findingFeatures,
  featuresOfReads,
  featureWords,
  howPlainly,
  lineShape,
  namedFeatures,
  namedBarelyAfterTwice,
  namedOnce,
  namesALine,
  sectionFeatures,
  unsettledTraits,
  type HandFeature,
  type LinePlace,
  type Named,
  type Said,
} from './palm-description';
import { afterNaming, pronounFor } from './back-reference';
import { phraseChooserFor, type PhraseChooser } from './phrase-chooser';
import { heldOpenNote, photoLeftOpen } from './photo-left-open';
import { polesOf, type AssertionAxis, type PoleKey } from '../rules/assertions';
import { takesPlural, tellStory, themeAgrees, type ReadingStory } from './reading-story';
import { basisOf, featuresOf, tagBook, type TagBook } from './section-basis';
import { sectionSubtitle } from './section-subtitle';
import { readVisitorAnswers, type VisitorAnswers, type VisitorQuestion } from './visitor-answers';

/**
 * What a long reading leaves out, step by step, until it fits: advice on a clearer photo, themes
 * carried into sections without findings, lines read only in passing, features pointed out
 * together, a thin section's pointers to other sections, then what is most this hand's own (ties
 * between its features, where it pulls two ways, the themes its sections carry), and only past all
 * of them the practical tips: the advice a visitor asked for by choosing the area.
 */
interface Trim {
  perSection: number;
  /** What a clearer photo would add, where a line every hand has went unseen. */
  photoAdvice: boolean;
  threads: boolean;
  passingLines: boolean;
  described: boolean;
  agreements: boolean;
  /** A thin section's pointer to features another section reads. */
  referBack: boolean;
  /** Where two features pull apart outside the themes: the weaker side is left unsaid either way. */
  tensions: boolean;
  /** A section's opening line naming the theme its features carry: the themes said it first. */
  leads: boolean;
  /** A focused section's practical tip, the same for every hand of its element. */
  tips: boolean;
}
const FULL: Trim = {
  perSection: FINDINGS_PER_SECTION,
  photoAdvice: true,
  threads: true,
  passingLines: true,
  described: true,
  agreements: true,
  referBack: true,
  tensions: true,
  leads: true,
  tips: true,
};
/** What gives way when a reading runs long, in this order: each trim drops one more of them. */
const GIVEN_UP_IN_TURN = [
  'photoAdvice',
  'threads',
  'passingLines',
  'described',
  'referBack',
  'agreements',
  'tensions',
  'leads',
  'tips',
] as const satisfies readonly (keyof Trim)[];
const TRIMS: readonly Trim[] = GIVEN_UP_IN_TURN.reduce<Trim[]>(
  (trims, part) => [...trims, { ...trims.at(-1)!, [part]: false }],
  [FULL],
);
/** Findings per section, most first, for a reading without answers to fit in. */
const FINDING_LIMITS = [FINDINGS_PER_SECTION, 6, 5, 4, 3] as const;
/** Room left for what the visitor's answers add: their notes, their question and its answer. */
const MAX_UNANSWERED_WORDS = 540;
/** The spec's reading runs 450–700 words; past this the weakest findings give way. */
const MAX_BODY_WORDS = 690;
const MIN_BODY_WORDS = 450;
/** Sets of phrasings a reading short of MIN_BODY_WORDS may be told in: each costs one more telling. */
const PHRASING_SETS = 4;

const bodyWords = (sections: readonly ReadingSection[], themes: readonly ReadingTheme[]) =>
  [...themes.map((theme) => theme.text), ...sections.flatMap((s) => [...s.insights, s.content, s.details])]
    .join(' ')
    .split(/\s+/)
    .filter(Boolean).length;
const DEPTH = {
  focused: { insights: 2, inContent: 4 },
  other: { insights: 1, inContent: 4 },
} as const;
/** Below this the observer was unsure which hand it saw, so no mismatch is claimed. */
const SIDE_CONFIDENCE_FOR_MISMATCH = 0.6;

interface SectionPlan {
  area: LifeArea;
  index: number;
  isLast: boolean;
  focused: boolean;
  findings: readonly Finding[];
}

interface ReadingContext {
  trim: Trim;
  /** Every finding the sections state, strongest first, each feature read in one section only. */
  findings: readonly Finding[];
  /** The findings left out because another section reads their feature: what a section refers back to. */
  readElsewhere: readonly Finding[];
  /** The observation as the profile holds it: its lines carry only the profile's classes. */
  observation: PalmObservation;
  profile: PalmProfile;
  /** The palm's traits, taken from the profile. */
  traits: PalmTraits;
  answers: VisitorAnswers;
  choose: PhraseChooser;
  story: ReadingStory;
  /** Lines already said to be unseen: a reading says it once, in the first section that needs them. */
  unseenSaid: Set<LineName>;
  /** Features already pointed out in a section's "we see" sentence, so none is pointed out twice. */
  described: Set<string>;
  /** Linking words left for the whole reading: a link on every sentence reads as a template. */
  linksLeft: { count: number };
  /** Features a section already pointed back to, and themes a section already took up. */
  referred: Set<string>;
  /** How often each finding's feature was named beside another finding that agrees with it. */
  partnered: Map<string, number>;
  themesTaken: Set<string>;
  /** The tags a section's features are shown under. */
  book: TagBook;
}

/** A section as composed, with the features of this hand its text reads or leans on. */
interface Composed {
  section: ReadingSection;
  reads: HandFeature[];
}

/** Focus areas first, in the visitor's order, then the rest in the usual order. */
export function orderedAreas(focusAreas: readonly LifeArea[]): LifeArea[] {
  return [...focusAreas, ...LIFE_AREAS.filter((area) => !focusAreas.includes(area))];
}

export interface ComposedReading {
  sections: ReadingSection[];
  /**
   * For each section, in order, the features of this hand its text reads or leans on: what its
   * subtitle and basis tags name (`basisFaults` checks that they do).
   */
  reads: HandFeature[][];
  themes: ReadingTheme[];
  /** The findings the reading states: what its markers may point at. */
  findings: readonly Finding[];
  /** The story the sections were told from, so a caller needing its findings need not tell it again. */
  story: ReadingStory;
}

/**
 * The sections and themes of a reading. Every class they name comes from `profile` (computed once
 * per reading by the engine; here from the observation when a caller has none), never from the
 * raw observation; every answer they use is one the visitor gave.
 */
export function composeReading(
  fired: readonly Finding[],
  measured: PalmObservation,
  submission: ReadingSubmission,
  profile: PalmProfile = palmProfileOf(measured),
): ComposedReading {
  const observation = profiledObservation(profile, measured);
  const answers = readVisitorAnswers(submission);
  const areas = orderedAreas(answers.focusAreas);
  const traits = traitsFromProfile(profile, measured);
  // A rich hand runs long. How many findings it states is settled without the visitor's answers
  // (so answers never change the facts, nor the tags they are read under), leaving room for what the answers add;
  // then what the answers lengthen gives up, step by step, what it can best spare.
  const unanswered: VisitorAnswers = {
    hasChildren: false,
    focusAreas: [],
    handToRead: 'left',
    questions: [],
  };
  // A sparse hand runs short: where its phrasings fall under the spec's length, it is told in the next
  // set of phrasings, as surely this hand's own (the same palm always reads the same), until one reaches it.
  let told = tellingWith(phraseChooserFor(profile));
  for (let variant = 1; variant < PHRASING_SETS && told.wordsUnanswered < MIN_BODY_WORDS; variant++) {
    const next = tellingWith(phraseChooserFor(profile, variant));
    if (next.wordsUnanswered > told.wordsUnanswered) told = next;
  }
  const { story, compose, perSection, wordsOf } = told;
  const { findings } = story;
  const trims = TRIMS.map((trim) => ({ ...trim, perSection }));
  let trim = 0;
  let composed = compose(trims[trim]!, answers, areas);
  while (trim < trims.length - 1 && wordsOf(composed) > MAX_BODY_WORDS)
    composed = compose(trims[++trim]!, answers, areas);
  // A photo that settled little leaves a reading short of the spec's length: it ends by saying what
  // the photo left open and how a second one would settle it, rather than stretching what it did read.
  const bodyWordsTold = wordsOf(composed);
  const leftOpen =
    bodyWordsTold < MIN_BODY_WORDS
      ? photoLeftOpen(profile, measured, phraseChooserFor(profile), MIN_BODY_WORDS - bodyWordsTold)
      : undefined;

  /** The story and its sections as one set of phrasings tells them, and how long it runs unanswered. */
  function tellingWith(choose: PhraseChooser) {
    // Whoever passes the findings, each feature is read in one section and no axis both ways.
    const story = tellStory(fired, observation, profile, traits, choose);
    const { findings } = story;
    // A feature read elsewhere is tagged as the reading states it, else as any finding on this palm read it.
    const book = tagBook([...findings, ...fired], traits, observation);
    const readElsewhere = fired.filter(
      (finding) => !findings.includes(finding) && !story.yielded.includes(finding),
    );
    const compose = (trim: Trim, answers: VisitorAnswers, areas: readonly LifeArea[]) => {
      // What the sections state: each area's strongest findings up to the trim's number. A refer-back
      // or a partner points only to these: one beyond the cut would send the visitor to a section
      // that does not read it.
      const statedFindings = statedPerSection(findings, trim.perSection);
      const told = (opening?: Said) => {
        const context: ReadingContext = {
          trim,
          findings: statedFindings,
          readElsewhere,
          observation,
          profile,
          traits,
          answers,
          choose,
          story,
          unseenSaid: new Set(),
          described: new Set(),
          linksLeft: { count: LINKS_PER_READING },
          referred: new Set(),
          partnered: new Map(),
          themesTaken: new Set(),
          book,
        };
        const composed = areas.map((area, index) =>
          composeSection(
            {
              area,
              index,
              isLast: index === areas.length - 1,
              focused: answers.focusAreas.includes(area),
              findings: statedFindings.filter((finding) => finding.area === area),
            },
            context,
            index === 0 ? opening : undefined,
          ),
        );
        return namedOnceInReading(composed, story.themes, context);
      };
      // What the opening says the photo let us read is what the reading then reads: told once
      // without it, to learn that, and again with it (it changes nothing else the reading says).
      const draft = told();
      const opening = restsOn(readingReads(draft, story), traits, observation, choose);
      return opening ? told(opening) : draft;
    };
    const wordsOf = (composed: readonly Composed[]) =>
      bodyWords(
        composed.map(({ section }) => section),
        story.themes,
      );
    // The most findings a section states that leave the unanswered reading room for answers.
    let perSection: number = FINDING_LIMITS[0];
    let wordsUnanswered = 0;
    for (const limit of FINDING_LIMITS) {
      perSection = limit;
      wordsUnanswered = wordsOf(compose({ ...FULL, perSection: limit }, unanswered, orderedAreas([])));
      if (wordsUnanswered <= MAX_UNANSWERED_WORDS) break;
    }
    return { story, compose, perSection, wordsOf, wordsUnanswered };
  }
  const stated = statedPerSection(findings, perSection);
  const notes = howWeReadByArea(findings, observation, areas, perSection);
  const unsettled = unsettledTraits(traits, observation);
  return {
    sections: composed.map(({ section }, index) => {
      // The Vedic names behind the tags this section shows, which may name features read elsewhere.
      const howWeRead = { ...notes.get(section.area as LifeArea)!, terms: termsOf(section.basis) };
      const closing =
        leftOpen && index === composed.length - 1
          ? { details: [leftOpen, section.details].filter(Boolean).join(' ') }
          : {};
      // Said once, where the reading starts: what this photo left open is part of how it was read.
      return index === 0 && unsettled
        ? {
            ...section,
            ...closing,
            howWeRead: { ...howWeRead, measured: [...howWeRead.measured, unsettled] },
          }
        : { ...section, ...closing, howWeRead };
    }),
    reads: composed.map(({ reads }) => reads),
    themes: story.themes,
    findings: areas.flatMap((area) => stated.filter((finding) => finding.area === area)),
    story,
  };
}

/** Each area's first `perSection` findings, in the story's order. */
function statedPerSection(findings: readonly Finding[], perSection: number): Finding[] {
  const counted = new Map<LifeArea, number>();
  return findings.filter((finding) => {
    const count = counted.get(finding.area) ?? 0;
    counted.set(finding.area, count + 1);
    return count < perSection;
  });
}

/** The features a reading reads, in the order it first names them: its themes', then each section's. */
function readingReads(composed: readonly Composed[], story: ReadingStory): HandFeature[] {
  return [
    ...new Set([
      ...readsOfWords(
        story.themes.flatMap((theme) => theme.features),
        story,
      ),
      ...composed.flatMap(({ reads }) => reads),
    ]),
  ];
}

/** The features the story's words name ("your long fingers" → fingers): the story keeps which is which. */
const readsOfWords = (words: readonly string[], story: ReadingStory): HandFeature[] =>
  words.flatMap((said) => story.featureOf.get(said) ?? []);

/**
 * A line described in full by the themes or an earlier section is called by its plain name in the
 * sections after: read from start to end, "your unbroken life line curving round the thumb ball
 * neither wide nor close" in three sections sounds recited.
 */
function namedOnceInReading(
  composed: readonly Composed[],
  themes: readonly ReadingTheme[],
  { traits, observation }: ReadingContext,
): Composed[] {
  const sections = composed.map(({ section }) => section);
  const names = [
    ...themes.flatMap((theme) => theme.features),
    ...LINE_NAMES.flatMap((line) => sectionFeatures([line], [], traits, observation).map(asYours)),
  ];
  const texts = [
    ...themes.map((theme) => theme.text),
    ...sections.flatMap((section) => [...section.insights, section.content, section.details]),
  ];
  const plain = namedOnce(texts, names).slice(themes.length);
  let at = 0;
  const next = (count: number) => plain.slice(at, (at += count));
  return composed.map(({ section, reads }) => {
    const [insights, [content, details]] = [next(section.insights.length), next(2)];
    return { section: { ...section, insights, content: content!, details: details! }, reads };
  });
}

/** The sections of a reading (see `composeReading`). */
export function composeSections(
  fired: readonly Finding[],
  measured: PalmObservation,
  submission: ReadingSubmission,
  profile: PalmProfile = palmProfileOf(measured),
): ReadingSection[] {
  return composeReading(fired, measured, submission, profile).sections;
}

/** The features this section names with their reading left open (`ReadingStory.heldOpen`). */
function heldOpenHere(area: LifeArea, { story, traits, observation, choose }: ReadingContext): Said[] {
  return story.heldOpen.flatMap((held) => {
    if (held.area !== area) return [];
    const [named] = findingFeatures([held.feature], traits, observation);
    const note = named && heldOpenNote(named, choose);
    return note ? [note] : [];
  });
}

function composeSection(plan: SectionPlan, context: ReadingContext, opening?: Said): Composed {
  const { area, focused, findings } = plan;
  const { observation, profile, answers, choose } = context;
  const depth = focused ? DEPTH.focused : DEPTH.other;
  const inContentUntil = depth.insights + depth.inContent;
  const { handType } = profile;
  const read = findings.flatMap((finding) => finding.reads);
  const here = namedFeatures(SECTION_LINES[area], read, context.traits, observation);
  const traitFeatures = namedFeatures([], read, context.traits, observation).filter(
    ({ words }) => !namesALine(words),
  );
  // What the section's text reads or leans on, gathered from each piece as it goes into the text.
  const heard = new Set<HandFeature>();
  const hear = (pieces: readonly (Said | string | undefined)[]): (string | undefined)[] =>
    pieces.map((piece) => {
      if (typeof piece !== 'object') return piece;
      for (const feature of piece.reads) heard.add(feature);
      return piece.text;
    });
  // The section's key point: the theme it carries, said with its strongest findings in one breath.
  // A long reading gives up the theme's opening line where the visitor did not ask to go deeper.
  const ties = { count: AGREEMENTS_PER_SECTION, partners: new Set<string>() };
  const stated = (from: number, to?: number) =>
    handTypeIntro(findings.slice(from, to), withAgreements(findings.slice(from, to), context, ties), context);
  const keyPoints = stated(0, depth.insights);
  // A line is described, with what the tradition reads in it, before a key point names it: "your
  // Mastishk rekha reaches far across the palm" means little to someone not yet told what it is.
  const intros = lineIntros(area, findings, context);
  const readsLine = (finding: Finding | undefined, line: LineName) =>
    finding?.evidence.some((item) => item.kind === 'line' && item.line === line) === true;
  const introducedFirst = new Set<(typeof intros)[number]>();
  const pointsIntroduced = keyPoints.map((point, at): Said => {
    const intro = intros.find(
      (candidate) => !introducedFirst.has(candidate) && readsLine(findings[at], candidate.line),
    );
    if (!intro) return point;
    introducedFirst.add(intro);
    const sentence = intro.before(findings[at]!);
    // One key point still, in two sentences where one would run too long.
    return {
      text: joinedIntro(sentence, point.text) ?? `${sentence} ${point.text}`,
      reads: [intro.line, ...point.reads],
    };
  });
  // A key point that opens on its own feature ("Your thumb opens wide, …") needs no lead naming it
  // first, and a lead naming only the theme would be a heading said as a sentence; where the visitor
  // did not ask to go deeper, a key point that opens by describing its line needs no lead either.
  const opensOnLine = pointsIntroduced[0] !== keyPoints[0];
  // A section without a key point of its own carries a theme in practice instead (`threadInto`): a lead
  // alone would promise a thread and say nothing of it.
  const lead =
    keyPoints.length > 0 &&
    (context.trim.leads || focused) &&
    (focused || !opensOnLine) &&
    !OWN_FEATURE_FIRST.test(keyPoints[0]?.text ?? '')
      ? themeLead(area, here, polesOf(findings[0]?.asserts), context)
      : undefined;
  // A lead runs on into the first key point only where that point reads a feature the lead names:
  // "…in your long fingers; a long palm is read as…" would hand the thread to the wrong feature.
  const leadApart =
    lead !== undefined && !lead.reads.some((feature) => pointsIntroduced[0]?.reads.includes(feature));
  if (leadApart) hear([lead]);
  const insights = [
    ...(leadApart ? [lead.text] : []),
    ...joinedInPairs(
      hear(leadApart ? pointsIntroduced : [lead, ...pointsIntroduced]),
      choose,
      `${area}.insights`,
    ),
  ];
  const namedInKeyPoints = new Set(heard);
  // One run of links through both paragraphs, so no link is said twice in a section.
  const contentPoints = stated(depth.insights, inContentUntil);
  const detailPoints = stated(inContentUntil);
  hear([...contentPoints, ...detailPoints]);
  const [inContent, inDetails] = linked(
    [contentPoints.map((point) => point.text), detailPoints.map((point) => point.text)],
    choose,
    context.linksLeft,
  );

  // A line not introduced among the key points runs on into the first finding that reads it.
  const contentFindings = findings.slice(depth.insights, inContentUntil);
  const introducedAt = new Set<number>();
  const introduced = intros
    .filter((intro) => !introducedFirst.has(intro))
    .map(({ line, sentence, before }): Said => {
      const at = contentFindings.findIndex((finding, i) => !introducedAt.has(i) && readsLine(finding, line));
      const finding = contentFindings[at];
      // Run on from the description, the finding needs no link word ("…in it; on top of that, …").
      const joined = finding && joinedIntro(before(finding), contentPoints[at]!.text);
      if (!joined) return { text: sentence, reads: [line] };
      introducedAt.add(at);
      return { text: joined, reads: [line] };
    });
  const tensionsHere = context.story.tensions
    .filter(
      (tension) => tension.area === area && !tension.themed && !tension.themeOnly && context.trim.tensions,
    )
    .map((tension): Said => ({
      text: tension.sentence,
      reads: readsOfWords(tension.features, context.story),
    }));
  const answered = answeredWith(findings, here, context);
  const noted = answerNote(area, answers, choose, answered.text);
  const note = noted === undefined ? undefined : { text: noted, reads: answered.reads };
  const asked = visitorQuestionsIn(plan, here, context, note !== undefined);
  const wealth = wealthNotes(plan, context);
  // What this section's own words name, whatever paragraph they fall in: no refer-back sends the
  // visitor elsewhere for one of them.
  const namedHere = new Set([
    ...heard,
    ...[...introduced, ...tensionsHere, ...wealth, note, ...asked].flatMap((said) =>
      typeof said === 'object' ? said.reads : [],
    ),
  ]);
  const content = [
    plan.index === 0 ? handSentence(context) : undefined,
    // Heard last below: it names what the whole reading reads, this section's own features after.
    opening?.text,
    area === 'health' ? HEALTH_FRAMING : undefined,
    // A line's description stands alone unless it runs on into a finding on that line (`joinedIntro`):
    // "…and palmists read the way you think in it; a shorter thumb is read as…" hands the line's
    // sentence to a feature it does not describe.
    ...hear(introduced),
    ...joinedInPairs(
      hear([
        // A trait the section's key points already named needs no pointing out after them.
        context.trim.described
          ? describePalm(
              traitFeatures.filter(({ feature }) => !namedInKeyPoints.has(feature)),
              choose,
              context.described,
            )
          : undefined,
        ...inContent.filter((_, at) => !introducedAt.has(at)),
        ...tensionsHere,
        ...(area === 'spiritual' ? [wholeHandNote(context)] : referBack(plan, context, namedHere)),
        ...wealth,
        threadInto(plan, context),
      ]),
      choose,
      area,
    ),
    ...hear([...heldOpenHere(area, context), note, ...asked]),
  ];
  // A section that already speaks to the visitor's answers gives its advice there, not again as a tip.
  const tips = context.trim.tips
    ? practicalTips(plan, profile, context, note !== undefined || asked.length > 0)
    : [];
  const details = [
    ...joinedInPairs(
      hear([
        ...inDetails,
        // A section that spoke to the visitor's answers has said what its features lean to.
        ...unseenLineNotes(area, here, note === undefined && asked.length === 0 ? findings : [], context),
      ]),
      choose,
      `${area}.details`,
    ),
    ...hear(tips),
    plan.isLast ? choose.pick(CLOSING_NOTES, 'closing') : undefined,
  ];

  // Within a section each line is described in full once, then called by its name.
  const names = [
    ...here.map(({ words }) => asYours(words)),
    ...context.story.themes.flatMap((theme) => theme.features),
  ];
  const said = (texts: readonly (string | undefined)[]) =>
    texts.filter((text): text is string => Boolean(text));
  const bodyTexts = [insights, said(content), said(details)] as const;
  const plain = namedBarelyAfterTwice(namedOnce(bodyTexts.flat(), names), names);
  const plainInsights = plain.slice(0, insights.length);
  const plainContent = plain.slice(insights.length, insights.length + bodyTexts[1].length);
  const plainDetails = plain.slice(insights.length + bodyTexts[1].length);
  hear([opening]);
  // Only a section with nothing at all to say falls back on pointing elsewhere: one whose key point
  // reads a feature would be told, right under it, that the photo showed nothing here.
  const [fallback] = hear([
    plainInsights.length > 0 || plainContent.length > 0 || plainDetails.length > 0
      ? undefined
      : nothingRead(area, context),
  ]);
  // Its own findings' features first, strongest first, then what it describes or leans on.
  const reads = [...new Set([...featuresOfReads(read), ...heard])];
  return {
    section: {
      area,
      title: AREA_TITLES[area],
      subtitle: sectionSubtitle(reads, handType),
      insights: plainInsights,
      ...paragraphs(fallback ? [fallback] : plainContent, plainDetails),
      basis: basisOf(reads, findings, context.book),
    },
    reads,
  };
}

/** A pole in a noun, to say that a second feature of this hand shows the same. */
const POLE_NOUNS: Record<PoleKey, string> = {
  'sociability:reserved': 'reserve',
  'sociability:open': 'openness',
  'pace:restless': 'restlessness',
  'pace:steady': 'steadiness',
  'mind:practical': 'practical sense',
  'mind:imaginative': 'imagination',
  'risk:cautious': 'caution',
  'risk:bold': 'boldness',
  'feeling:sensitive': 'sensitivity',
  'feeling:even': 'calm',
  'drive:driven': 'drive',
  'drive:easygoing': 'ease',
};
const AGREEMENT_CLAUSES: readonly ((pole: string, feature: string, plural: boolean) => string)[] = [
  (pole, feature) => `the same ${pole} shows in ${feature}`,
  (pole, feature) => `you can see that ${pole} too, in ${feature}`,
  (pole, feature, plural) => `${feature} ${plural ? 'speak' : 'speaks'} of that ${pole} too`,
];
const AGREEMENTS_PER_SECTION = 4;
/** How often one feature may be named as another's partner in a reading. */
const PARTNER_USES = 2;
/** Past this many characters a finding takes no tie: the sentence would be too long to say in one breath. */
const MAX_TIED_LENGTH = 170;

/**
 * Each finding in one phrasing, tied, where a finding in another section takes the same pole
 * through a different feature of this hand, to that feature in the same sentence: which features
 * of this hand agree is this hand's own, where a finding's phrasing is shared by every hand with
 * its class.
 */
function withAgreements(
  findings: readonly Finding[],
  context: ReadingContext,
  left: { count: number; partners: Set<string> },
): Said[] {
  const { choose, traits, observation } = context;
  const namedOf = (finding: Finding) => {
    const [named] = namedFeatures([], finding.reads, traits, observation);
    return named && { feature: named.feature, words: asYours(named.words) };
  };
  return findings.map((finding) => {
    const phrased = choose.pick(finding.phrasings, finding.ruleId);
    const said = withHowPlainly(finding, phrased, context);
    const own = featuresOf(finding);
    const mine = namedOf(finding)?.words;
    if (left.count === 0 || !mine || !context.trim.agreements || said.length > MAX_TIED_LENGTH)
      return { text: said, reads: own };
    for (const pole of polesOf(finding.asserts)) {
      // Another feature of this hand with the same pole, not yet pointed to twice: the same
      // feature named as a partner again and again would read as a refrain.
      const tieable = (candidate: Finding) =>
        candidate !== finding &&
        // A feature this section reads itself is heard in its own sentence: tied here too, it is read twice.
        candidate.area !== finding.area &&
        polesOf(candidate.asserts).includes(pole) &&
        (context.partnered.get(candidate.ruleId) ?? 0) < PARTNER_USES &&
        // Two features already tied one way are not tied again the other way round.
        !context.referred.has(`tie:${candidate.ruleId}>${finding.ruleId}`);
      // Nor twice in one section: "…your longer index finger speaks of that caution too. … you can
      // see that drive too, in your longer index finger" reads as one feature pressed on the visitor.
      const unheard = (words: string | undefined) => words !== mine && !left.partners.has(words ?? '');
      const other = context.findings.find(
        (candidate) => tieable(candidate) && unheard(namedOf(candidate)?.words),
      );
      const theirs = other && namedOf(other);
      if (!other || !theirs || said.includes(theirs.words.replace(/^your /, ''))) continue;
      left.count--;
      left.partners.add(theirs.words);
      context.partnered.set(other.ruleId, (context.partnered.get(other.ruleId) ?? 0) + 1);
      context.referred.add(`tie:${finding.ruleId}>${other.ruleId}`);
      const clause = choose.pick(AGREEMENT_CLAUSES, `agrees.${finding.ruleId}`)(
        POLE_NOUNS[pole],
        theirs.words,
        takesPlural(theirs.words),
      );
      // After a phrasing that parts its clauses with a semicolon, a second one would read as a list.
      const text = /;/.test(said)
        ? `${said} ${capitalised(clause)}.`
        : `${said.replace(/[.!?…]$/, '')}; ${clause}.`;
      return { text, reads: [...own, theirs.feature] };
    }
    return { text: said, reads: own };
  });
}

/** "a Jal (water)", "an Agni (fire)": the element's name with its article. */
const anElement = (handType: ElementalHandType) =>
  `${/^[AEIOU]/.test(TATTVA_LABELS[handType]) ? 'an' : 'a'} ${TATTVA_LABELS[handType]}`;

/** The palm shape and finger length that make each element's hand (tattva), as the profile classes them. */
const ELEMENT_MAKERS: Record<ElementalHandType, { palmShape: string; fingers: string }> = {
  earth: { palmShape: 'square', fingers: 'short' },
  air: { palmShape: 'square', fingers: 'long' },
  fire: { palmShape: 'oblong', fingers: 'short' },
  water: { palmShape: 'oblong', fingers: 'long' },
};

/** The features that make a hand its element, named where the element is said to follow from them. */
const ELEMENT_MAKER_FEATURES = ['palmShape', 'fingers'] as const satisfies readonly HandFeature[];

/**
 * The first finding on the hand's element says, in the same sentence, what makes the hand that
 * element on this palm ("your markedly long, narrow palm and your very long fingers make yours a
 * Jal (water) hand; …"), once per reading and only where the palm's shape and finger length are
 * stated as that element has them.
 */
function handTypeIntro(
  findings: readonly Finding[],
  points: readonly Said[],
  context: ReadingContext,
): Said[] {
  const at = findings.findIndex((finding) => finding.reads.includes('handType'));
  const point = points[at];
  const makers = elementMakers(context);
  const { handType } = context.traits;
  if (!makers || !point || !handType || /;/.test(point.text)) return [...points];
  context.described.add('handType');
  const rest = PROPER_START.test(point.text)
    ? point.text
    : point.text.charAt(0).toLowerCase() + point.text.slice(1);
  const intro = {
    text: `${capitalised(makers)} make yours ${anElement(handType)} hand; ${rest}`,
    reads: [...point.reads, ...ELEMENT_MAKER_FEATURES],
  };
  return points.map((said, i) => (i === at ? intro : said));
}

/**
 * The palm shape and finger length that make this hand its element, in this hand's words ("your
 * markedly long, narrow palm and your very long fingers"): once per reading, and only where both
 * are stated as that element has them.
 */
function elementMakers({ traits, observation, described }: ReadingContext): string | undefined {
  const { handType, palmShape, fingers } = traits;
  const maker = handType && ELEMENT_MAKERS[handType];
  if (!maker || described.has('handType')) return undefined;
  if (palmShape !== maker.palmShape || fingers !== maker.fingers) return undefined;
  return featureList(sectionFeatures([], ELEMENT_MAKER_FEATURES, traits, observation).map(asYours));
}

/** A finding that opens on its own feature already says how it lies: "Your thumb opens wide, which …". */
const OWN_FEATURE_FIRST = /^Your (?:palm|fingers|thumb|index|ring|little|middle)\b/;
/** An opening clause that already reads its feature ("Your thumb suggests …"), not one that states it. */
const INTERPRETING = /\b(?:suggests?|reads?|signs?|points?|links?|speaks?|means?)\b/;

/**
 * A finding on one proportion that this hand has only just, or markedly, opens by saying so
 * (`howPlainly`), once per trait in the reading: "Your palm is markedly long for its width, and a
 * long palm is read as …".
 */
function withHowPlainly(
  finding: Finding,
  said: string,
  { traits, observation, described }: ReadingContext,
): string {
  const [trait, ...others] = finding.reads.filter((feature) => !feature.includes('.') && feature !== 'side');
  const plainly = trait && others.length === 0 ? howPlainly(trait, traits, observation) : undefined;
  if (!plainly || described.has(`plainly:${trait}`)) return said;
  if (OWN_FEATURE_FIRST.test(said)) {
    // A key point that opens by stating its feature ("Your thumb opens wide, which …") states it as
    // plainly as this hand has it, as the themes and the other sections name it ("very wide").
    const [, statement] = /^(Your [^,;:]*), /.exec(said) ?? [];
    if (!statement || INTERPRETING.test(statement)) return said;
    described.add(`plainly:${trait}`);
    return `${plainly}${said.slice(statement.length)}`;
  }
  if (/;/.test(said)) return said;
  described.add(`plainly:${trait}`);
  // The finding follows the statement of its one feature, so it refers back to it: "Your thumb is very
  // long, and such a thumb points to …", "…, and it points to …".
  const after = afterNaming(plainly, said) ?? pronounFor(said) ?? said;
  const rest = PROPER_START.test(after) ? after : after.charAt(0).toLowerCase() + after.slice(1);
  return `${plainly}, and ${rest}`;
}

/** What each area's rules read on a hand, for a section where none of it could be read. */
const AREA_READS: Record<LifeArea, string> = {
  love: 'the heart line, how far the thumb opens and the reach of the little finger',
  career: 'the head and fate lines and the lengths of the fingers',
  health: 'the life line and the shape of the palm',
  money: 'the fate line, the little finger and how the index and ring fingers compare',
  spiritual: 'the hand’s element and the head line',
};
/**
 * For a section whose features this photo did show, but which other sections read. Two sentences:
 * what the tradition reads here need not be what the other sections read for it (a money rule on
 * the thumb is read under Career & Purpose), and one sentence would send the visitor there for both.
 */
const READ_ELSEWHERE: readonly ((reads: string, shown: string) => string)[] = [
  (reads, shown) =>
    `For this part of life the tradition looks to ${reads}. On your hand, what speaks to it is read in other sections: ${shown}.`,
  (reads, shown) =>
    `Here a palmist would read ${reads}. What your hand shows for this part of life is read elsewhere, in ${shown}.`,
];
const NOTHING_READ: readonly ((reads: string, shown: string) => string)[] = [
  (reads, shown) =>
    `For this part of life the tradition looks to ${reads}; this photo did not show them clearly enough to read, and what it shows best is ${shown}.`,
  (reads, shown) =>
    `Here a palmist would read ${reads}, which this photo left unclear; rather than guess, we point to what it did show: ${shown}.`,
];
/** The same where the photo showed nothing another section reads either: nothing to point to. */
const NOTHING_SHOWN: readonly ((reads: string) => string)[] = [
  (reads) =>
    `For this part of life the tradition looks to ${reads}; this photo did not show them clearly enough to read, so this part is left unread rather than guessed.`,
  (reads) =>
    `Here a palmist would read ${reads}, which this photo left unclear, and we would rather leave it unread than guess.`,
];

/**
 * The section that reads, among the reading's findings, a feature a left-out finding of another
 * area would also have read, and that read: what a thin or empty section of that area points to.
 */
function sectionReadingElsewhere(
  leftOut: Finding,
  findings: readonly Finding[],
): { area: LifeArea; read: string } | undefined {
  for (const read of leftOut.reads) {
    const home = findings.find((finding) => finding.area !== leftOut.area && finding.reads.includes(read));
    if (home) return { area: home.area, read };
  }
  return undefined;
}

/**
 * A section with nothing to read says so in one sentence. Where other sections read the features
 * that speak to it, it names them and leans on them; where this photo left them unclear, it points
 * to what the photo does show (its strongest findings' features) and rests on nothing of this palm.
 */
function nothingRead(
  area: LifeArea,
  { findings, traits, observation, choose, readElsewhere }: ReadingContext,
): Said {
  const shown = new Map<string, HandFeature>();
  const show = (reads: readonly string[], home: LifeArea) => {
    const [named] = namedFeatures([], reads, traits, observation);
    const words = named && `${asYours(named.words)}, read under ${AREA_TITLES[home]}`;
    if (words && !shown.has(words) && shown.size < 2) shown.set(words, named.feature);
  };
  // First the features this area's own rules read, where another section reads them; else what the
  // photo shows best. Never this section itself, which has nothing of its own to point to.
  for (const finding of readElsewhere.filter((finding) => finding.area === area)) {
    const home = sectionReadingElsewhere(finding, findings);
    if (home) show([home.read], home.area);
  }
  if (shown.size === 0)
    for (const finding of findings.filter((finding) => finding.area !== area))
      show(finding.reads, finding.area);
  // "Left unclear" only where it was: a seen line, or a feature another section reads, is not.
  const seenHere =
    SECTION_LINES[area].some((line) => lineSeen(observation, line)) ||
    readElsewhere.some((finding) => finding.area === area);
  const text =
    shown.size === 0
      ? choose.pick(NOTHING_SHOWN, `nothing.${area}`)(AREA_READS[area])
      : choose.pick(seenHere ? READ_ELSEWHERE : NOTHING_READ, `nothing.${area}`)(
          AREA_READS[area],
          [...shown.keys()].join(', and '),
        );
  return { text, reads: seenHere ? [...shown.values()] : [] };
}

/**
 * Words that carry a paragraph from one finding to the next. Only a few per reading: a sentence
 * that stands on its own reads better than one more stock link, so each section's first content
 * sentence takes one while the reading's budget lasts, picked per palm like the phrasings.
 */
const LINKS_PER_READING = 2;
const LINKS = [
  'Beyond that, ',
  'Alongside this, ',
  'In the same hand, ',
  'Looking closer, ',
  'On top of that, ',
  'Here, too, ',
] as const;
/** Words that keep their capital after a link: the Vedic names and "I". */
const PROPER_START =
  /^(?:I|Vayu|Prithvi|Jal|Agni|Guru|Shani|Surya|Budh|Hridaya|Mastishk|Jeevan|Bhagya|Vivah|Shukra|Chandra|Mangal|Rahu|Lakshmi|Samudrika|Hast)\b/;

function linked(
  paragraphs: readonly [readonly string[], readonly string[]],
  choose: PhraseChooser,
  linksLeft: { count: number },
): [string[], string[]] {
  const [content, details] = paragraphs;
  // The second content sentence follows the first in one breath, so it is the one that is linked.
  const second = content[1];
  if (second === undefined || linksLeft.count === 0) return [[...content], [...details]];
  linksLeft.count--;
  const words = choose.pick(LINKS, `link.${linksLeft.count}`);
  const rest = PROPER_START.test(second) ? second : second.charAt(0).toLowerCase() + second.slice(1);
  return [[content[0]!, words + rest, ...content.slice(2)], [...details]];
}

const JOINS = ['; ', ', and '] as const;
/** A line's description and the first finding on it may run a little longer than two findings joined. */
const MAX_INTRO_JOINED = 290;
/** Past this many characters two sentences read better apart than joined. */
const MAX_JOINED_LENGTH = 240;

/**
 * Sentences said two to a sentence: a reader hears what two findings of this hand say together
 * rather than a list of stock lines, one per feature. The second keeps its words, so a marker
 * still finds the finding it explains; a pair too long to say in one breath stays apart.
 */
function joinedInPairs(
  sentences: readonly (string | undefined)[],
  choose: PhraseChooser,
  salt: string,
): string[] {
  const said = sentences.filter((sentence): sentence is string => Boolean(sentence));
  const joined: string[] = [];
  for (let i = 0; i < said.length; i++) {
    const first = said[i]!;
    const second = said[i + 1];
    // A pair that already holds a semicolon would need a second one: two semicolons in a row read as a
    // list. Two that each hold a colon would give one sentence two.
    if (
      second === undefined ||
      first.length + second.length > MAX_JOINED_LENGTH ||
      /;/.test(first + second) ||
      (/:/.test(first) && /:/.test(second))
    ) {
      joined.push(first);
      continue;
    }
    // A second clause on the feature the first names refers back to it; one that cannot stays apart.
    const saidAfter = afterNaming(first, second);
    if (saidAfter === undefined) {
      joined.push(first);
      continue;
    }
    // After a colon, or beside another "and", a comma would run the clauses together: a semicolon parts them.
    const join = /:|, and /.test(first + second) ? '; ' : choose.pick(JOINS, `join.${salt}.${i}`);
    const rest = PROPER_START.test(saidAfter)
      ? saidAfter
      : saidAfter.charAt(0).toLowerCase() + saidAfter.slice(1);
    joined.push(`${first.replace(/[.!?…]$/, '')}${join}${rest}`);
    i++;
  }
  return joined;
}

/**
 * Only focus areas get advice, and only advice for this hand's type: general tips fit every palm.
 * The first tip of a reading says what makes the hand that type (`elementMakers`), where the
 * reading has not said it yet, so the advice is seen to follow from this hand.
 */
function practicalTips(
  { area, focused, findings }: SectionPlan,
  { handType }: PalmProfile,
  context: ReadingContext,
  answered: boolean,
): Said[] {
  if (!focused || !handType || answered) return [];
  const tip = context.choose.pick(TATTVA_TIPS[area][handType], `${area}.tattva-tip`);
  const rest = `${tip.charAt(0).toLowerCase()}${tip.slice(1)}`;
  const makers = elementMakers(context);
  if (makers) {
    context.described.add('handType');
    return [
      {
        text: `${capitalised(makers)} make yours ${anElement(handType)} hand, and this suits it: ${rest}`,
        reads: ['handType', ...ELEMENT_MAKER_FEATURES],
      },
    ];
  }
  // Advice chosen by the element says so: the tip rests on the hand's element, and the visitor hears which.
  const byElement = { text: `With ${anElement(handType)} hand, ${rest}`, reads: ['handType'] as const };
  // Past the element's own tip, a focus area's advice comes from what its own features lean to.
  const [pole] = findings.flatMap((finding) => polesOf(finding.asserts));
  if (!pole || context.themesTaken.has(`practice:${pole}`)) return [byElement];
  context.themesTaken.add(`practice:${pole}`);
  const leaning = answeredWith(findings, [], context);
  return [
    {
      text: `For ${AREA_NOUNS[area]}, ${leaning.text} comes down to this: ${POLE_IN_PRACTICE[pole]}.`,
      reads: leaning.reads,
    },
  ];
}

/**
 * A line's description run on into the first finding that reads it, in one sentence: how this
 * line runs and what it says, rather than two stock lines. Nothing where that would be too long.
 */
function joinedIntro(intro: string, said: string | undefined): string | undefined {
  if (!said || intro.length + said.length > MAX_INTRO_JOINED || /;/.test(intro + said)) return undefined;
  const rest = PROPER_START.test(said) ? said : said.charAt(0).toLowerCase() + said.slice(1);
  return `${intro.replace(/[.!?…]$/, '')}; ${rest}`;
}

/** The visitor's quoted question with its answer, said as one unit (`visitorQuestionsIn`). */
const QUESTION_UNIT = /^You (?:asked|wrote): “/;

/**
 * A thin section still fills both paragraphs where it has two sentences, so no paragraph is
 * left empty beside a full one.
 */
function paragraphs(
  content: readonly (string | undefined)[],
  details: readonly (string | undefined)[],
): { content: string; details: string } {
  const first = content.filter((part): part is string => Boolean(part));
  const second = details.filter((part): part is string => Boolean(part));
  if (first.length === 0 && second.length > 0) first.push(second.shift()!);
  // The visitor's question and its answer stay where they are asked, in the first paragraph.
  if (second.length === 0 && first.length > 1) {
    const last = first.length - 1;
    second.push(...first.splice(QUESTION_UNIT.test(first[last]!) ? last - 1 : last, 1));
  }
  return { content: first.join(' '), details: second.join(' ') };
}

/**
 * Which hand was read, once, in plain words: the product reads a man's right hand and everyone
 * else's left; when the photo clearly shows the other hand, the reading says so kindly and reads
 * the hand in the photo.
 */
function handSentence({ observation, answers }: ReadingContext): string {
  const sure = observation.sideConfidence >= SIDE_CONFIDENCE_FOR_MISMATCH;
  return handNote(answers.handToRead, answers.gender, sure ? observation.side : undefined);
}

/** A reading resting on this many features or fewer says so at its start. */
const FEW_FEATURES = 3;
const RESTS_ON: readonly ((features: string, plural: boolean) => string)[] = [
  (features) =>
    `Most of what follows rests on ${features}, what this photo showed most clearly; what it could not settle is listed under “How we read this” rather than guessed.`,
  (features, plural) =>
    `This photo let us read ${features} with confidence, and the reading below leans on ${plural ? 'them' : 'it'}; what the photo left open is named under “How we read this”.`,
];

/**
 * Where a photo showed only a few features clearly enough to read, the reading says at its start
 * that it rests on them, so a short reading is heard as an honest one rather than a thin one.
 * `features`: every feature the reading then reads or leans on, so the two never disagree.
 */
function restsOn(
  features: readonly HandFeature[],
  traits: PalmTraits,
  observation: PalmObservation,
  choose: PhraseChooser,
): Said | undefined {
  // Lines by their plain names: the sections describe them, and a shape said twice reads as recited.
  // Traits in full, so the thumb's length and opening are said of one thumb ("your long thumb that
  // opens wide", `featureList`), not as two ("your long thumb … and your wide-opening thumb").
  const named = features.flatMap((feature) => {
    const words = featureWords(feature, traits, observation);
    return words ? [{ feature, words: namesALine(words) ? briefly(words) : asYours(words) }] : [];
  });
  if (named.length === 0 || named.length > FEW_FEATURES || named.length < features.length) return undefined;
  const list = featureList(named.map(({ words }) => words));
  return {
    text: choose.pick(RESTS_ON, 'rests-on')(list, takesPlural(list)),
    reads: named.map(({ feature }) => feature),
  };
}

/** A section with fewer findings of its own than this points to what other sections read for it. */
const THIN_SECTION = 2;
// The section referred to may come before or after this one: nothing here says "back" or "already".
const REFER_BACK_TEMPLATES: readonly ((features: string, sections: string) => string)[] = [
  (features, sections) =>
    `Here the tradition would also look at ${features}, read under ${sections}; what is said there holds for this part of life too.`,
  (features, sections) =>
    `For this part of life a palmist would turn again to ${features}, whose meaning is given under ${sections} and applies here as well.`,
  (features, sections) =>
    // Section titles hold "&", never "and": an "and" joins two of them.
    `What ${sections} ${sections.includes(' and ') ? 'say' : 'says'} of ${features} carries over to this part of life.`,
];

/**
 * A thin section refers back, briefly and by name, to the features this area's rules would also
 * have read but another section interprets, instead of reading them a second time; never to one
 * its own text names (`namedHere`), which would send the visitor elsewhere for what is right there.
 */
function referBack(
  { area, findings }: SectionPlan,
  context: ReadingContext,
  namedHere: ReadonlySet<HandFeature>,
): Said[] {
  if (findings.length >= THIN_SECTION || !context.trim.referBack) return [];
  const stated = new Set([
    ...context.findings.flatMap((finding) => polesOf(finding.asserts)),
    ...context.story.themePoles,
  ]);
  const elsewhere: { words: string; home: LifeArea; feature: HandFeature; poles: PoleKey[] }[] = [];
  for (const finding of context.readElsewhere.filter((finding) => finding.area === area)) {
    const found = sectionReadingElsewhere(finding, context.findings);
    if (!found) continue;
    // Named by what the other section reads: the finding may read a second feature that no section does.
    const [named] = namedFeatures([], [found.read], context.traits, context.observation);
    const home = found.area;
    const words = named?.words;
    if (
      !words ||
      namedHere.has(named.feature) ||
      elsewhere.length === REFERRED_FEATURES ||
      context.referred.has(words) ||
      elsewhere.some((entry) => entry.words === words)
    )
      continue;
    // What this area's rule would have said of the feature, where the reading states that pole.
    const poles = polesOf(finding.asserts).filter((pole) => stated.has(pole));
    elsewhere.push({ words, home, feature: named.feature, poles });
  }
  if (elsewhere.length === 0) return [];
  const pole = elsewhere
    .flatMap((entry) => entry.poles)
    .find((candidate) => !context.themesTaken.has(`practice:${candidate}`));
  // A practice is said of the features that lean that way only: the others keep their own meaning.
  const told = pole ? elsewhere.filter((entry) => entry.poles.includes(pole)) : elsewhere;
  for (const { words } of told) context.referred.add(words);
  const sections = listInWords(
    [...new Set(told.map((entry) => entry.home))].map((home) => AREA_TITLES[home]),
  );
  const named = featureList(told.map((entry) => asYours(entry.words)));
  const reads = told.map((entry) => entry.feature);
  if (pole) {
    context.themesTaken.add(`practice:${pole}`);
    return [
      {
        text: context.choose.pick(REFER_BACK_IN_PRACTICE, `${area}.refer-back`)(
          named,
          takesPlural(named),
          sections,
          AREA_NOUNS[area],
          POLE_IN_PRACTICE[pole],
        ),
        reads,
      },
    ];
  }
  return [{ text: context.choose.pick(REFER_BACK_TEMPLATES, `${area}.refer-back`)(named, sections), reads }];
}

/** Up to this many features another section reads are named where a thin section refers back. */
const REFERRED_FEATURES = 3;
const REFER_BACK_IN_PRACTICE: readonly ((
  features: string,
  plural: boolean,
  sections: string,
  area: string,
  practice: string,
) => string)[] = [
  (features, plural, sections, area, practice) =>
    `${features.charAt(0).toUpperCase()}${features.slice(1)}, read under ${sections}, ${plural ? 'have' : 'has'} a say in ${area} as well: ${practice}.`,
  (features, _plural, sections, area, practice) =>
    `For ${area}, look to ${features} under ${sections}; put simply, ${practice}.`,
];

/** Each line by what it is read for, said beside its name where this photo did not show it. */
const LINE_ROLES: Record<LineName, string> = {
  heart: 'the line of feeling',
  head: 'the line of thought',
  life: 'the line of vitality',
  fate: 'the line of work and duty',
  sun: 'the line of recognition',
  marriage: 'the line of close bonds',
};

/** What the tradition reads in each line, said where a section first leans on it. */
const LINE_MEANINGS: Record<LineName, string> = {
  heart: 'feeling and attachment',
  head: 'the way you think and decide',
  life: 'vitality and the rhythm of your days',
  fate: 'the course of work and duty',
  sun: 'recognition and creative success',
  marriage: 'committed bonds',
};
const LINE_INTROS: readonly ((line: string, shape: string, meaning: string) => string)[] = [
  (line, shape, meaning) => `Your ${line} is ${shape}, and the tradition reads ${meaning} in it.`,
  (line, shape, meaning) => `In your hand the ${line} is ${shape}, and palmists read ${meaning} in it.`,
  (line, shape, meaning) => `The tradition looks to the ${line} for ${meaning}, and yours is ${shape}.`,
  (line, shape, meaning) => `Palmists read ${meaning} in the ${line}, and on your hand it is ${shape}.`,
  (line, shape, meaning) =>
    `On your hand the ${line} is ${shape}, the line the tradition reads for ${meaning}.`,
];

/**
 * Each seen line, once in the reading, in the first section that leans on it: its Vedic name,
 * how it runs on this hand and where it lies against the fingers and mounts, and what the
 * tradition reads in it.
 */
function lineIntros(area: LifeArea, findings: readonly Finding[], context: ReadingContext): LineIntro[] {
  // A line read in passing is described here only where no later section is its own: the life line is
  // described under Energy & Wellbeing, not in Career & Purpose because the head line starts on it.
  const inOrder = orderedAreas(context.answers.focusAreas);
  const describedLater = (line: LineName) =>
    inOrder.findIndex((home) => SECTION_LINES[home].includes(line)) > inOrder.indexOf(area);
  const lines = new Set<LineName>([
    ...SECTION_LINES[area],
    ...(context.trim.passingLines
      ? findings
          .flatMap((finding) => finding.evidence.flatMap((item) => (item.kind === 'line' ? [item.line] : [])))
          .filter((line) => !describedLater(line))
      : []),
  ]);
  // Two lines introduced in one section are not said in the same words, one after the other.
  let previous: (typeof LINE_INTROS)[number] | undefined;
  return [...lines].flatMap((line) => {
    const [words] = sectionFeatures([line], [], context.traits, context.observation);
    const shape = lineShape(line, context.traits, context.observation);
    if (!words || !shape || context.described.has(words)) return [];
    context.described.add(words);
    const reach = reachInWords(line, context);
    if (shape.adjectives.length === 0 && shape.where.length === 0 && reach.length === 0) return [];
    // A line whose shape this photo left open is still seen: "is visible, rising from the wrist", not
    // "is rising from the wrist", and never an empty description where a finding reads its place.
    const adjectives = listInWords(shape.adjectives) || 'visible';
    const picked = context.choose.pick(LINE_INTROS, `line-intro.${line}`);
    const intro =
      picked === previous ? LINE_INTROS[(LINE_INTROS.indexOf(picked) + 1) % LINE_INTROS.length]! : picked;
    previous = intro;
    const describing = (places: readonly LinePlace[]) => {
      const where = listInWords([...places.map((place) => place.words), ...reach]);
      return intro(
        LINE_NAMES_IN_TEXT[line],
        where ? `${adjectives}, ${where}` : adjectives,
        LINE_MEANINGS[line],
      );
    };
    return [
      {
        line,
        sentence: describing(shape.where),
        before: (finding: Finding) =>
          describing(shape.where.filter((place) => !finding.reads.includes(place.feature))),
      },
    ];
  });
}

/**
 * A line's description (`lineIntros`): in full, or said before a finding, leaving where the line
 * starts or ends to that finding when it reads it ("…your head line is gently curved, and palmists
 * read…; head and life lines joined at the start are read as caution…", not the start said twice).
 */
interface LineIntro {
  line: LineName;
  sentence: string;
  before: (finding: Finding) => string;
}

/** Fractions of the palm a person can picture, smallest first. */
const FRACTIONS: readonly (readonly [number, string])[] = [
  [1 / 4, 'a quarter'],
  [1 / 3, 'a third'],
  [2 / 5, 'two-fifths'],
  [1 / 2, 'half'],
  [3 / 5, 'three-fifths'],
  [2 / 3, 'two-thirds'],
  [3 / 4, 'three-quarters'],
  [4 / 5, 'four-fifths'],
  [9 / 10, 'nine-tenths'],
];
/** From here a line is said to run the whole way: the knuckle frame's edges are the palm's. */
const WHOLE_WAY = 0.97;

/**
 * A fraction in words: `atLeast` rounds down, for a trace, which proves a crease runs at least so far
 * and never that it stops; otherwise the nearest.
 */
function fractionInWords(value: number, atLeast: boolean): string | undefined {
  if (!Number.isFinite(value) || value < FRACTIONS[0]![0]) return undefined;
  if (value >= WHOLE_WAY) return 'all';
  const [, words] = atLeast
    ? FRACTIONS.filter(([fraction]) => fraction <= value).at(-1)!
    : FRACTIONS.reduce((best, item) => (Math.abs(item[0] - value) < Math.abs(best[0] - value) ? item : best));
  return words;
}

/**
 * How far a traced line runs on this palm, in words ("followed at least three-quarters of the way
 * across your palm"): the measurement behind its class, said so that two hands with the same
 * classes are still told apart. The numbers stay in "How we read this".
 */
function reachInWords(line: LineName, { observation, traits }: ReadingContext): string[] {
  const facts = lineFeatureFacts(observation);
  const across = (fraction: string | undefined, verb: string, atLeast: boolean) =>
    fraction === undefined
      ? []
      : fraction === 'all'
        ? [`${verb} all the way across your palm`]
        : [`${verb} ${atLeast ? 'at least ' : 'about '}${fraction} of the way across your palm`];
  switch (line) {
    case 'heart':
      return across(fractionInWords(facts.heartReach, true), 'followed', true);
    case 'head':
      return across(fractionInWords(facts.headReach, true), 'traced', true);
    case 'life':
      return across(fractionInWords(facts.lifeReach, false), 'bowing out', false);
    case 'fate': {
      // Where it starts is said already when the profile states it.
      const from = traits.fateStart ? undefined : fractionInWords(facts.fateFrom, false);
      return from && from !== 'all' ? [`traced up from about ${from} of the way down your palm`] : [];
    }
    default:
      return [];
  }
}

/**
 * A theme referred to by its title, quoted as the name it is: titles such as "Free to roam" or
 * "Guarded" are no noun phrases to run into a sentence.
 */
const named = (theme: ReadingTheme) => `“${theme.title}”`;

const THEME_LEADS: readonly ((theme: string, features: string) => string)[] = [
  (theme, features) => `Of the opening threads, the clearest here is ${theme}, through ${features}.`,
  (theme, features) => `The thread of ${theme} runs through this part of your life, in ${features}.`,
  (theme, features) =>
    `Here ${features} ${takesPlural(features) ? 'carry' : 'carries'} the thread of ${theme} into this part of life.`,
];

/** A section opens with the theme its features carry, once per theme: the story, then its parts. */
function themeLead(
  area: LifeArea,
  features: readonly Named[],
  leaning: readonly PoleKey[],
  context: ReadingContext,
): Said | undefined {
  const mine = new Set(features.map(({ words }) => asYours(words)));
  const { themes } = context.story;
  // A theme that leans the way the section's first key point does comes first: "Planned ambition"
  // would lead a love section's "a love that takes its time" where "An eye for nuance" shares its leaning.
  const agrees = (at: number) => themeAgrees(context.story, at, leaning);
  const inTurn = [...themes.keys()].sort((a, b) => Number(agrees(b)) - Number(agrees(a)));
  for (const theme of inTurn.map((at) => themes[at]!)) {
    if (context.themesTaken.has(theme.title)) continue;
    const shared = theme.features.filter((feature) => mine.has(feature));
    if (shared.length === 0) continue;
    context.themesTaken.add(theme.title);
    return {
      text: context.choose.pick(THEME_LEADS, `theme-lead.${area}`)(named(theme), listInWords(shared)),
      reads: readsOfWords(shared, context.story),
    };
  }
  return undefined;
}

/** What a pole of the reading means in practice, for a section that has little of its own to read. */
export const POLE_IN_PRACTICE: Record<PoleKey, string> = {
  'sociability:reserved': 'a few trusted people and time to yourself serve you better than a crowd',
  'sociability:open': 'the people around you are part of your strength',
  'pace:restless': 'variety keeps you going, so build some change into the plan',
  'pace:steady': 'a settled routine does more for you than bursts of effort',
  'mind:practical': 'concrete steps and plain facts guide you best',
  'mind:imaginative': 'give your ideas room, then choose one to make real',
  'risk:cautious': 'prepare before you commit, and keep something in reserve',
  'risk:bold': 'back your judgement, with a limit set in advance',
  'feeling:sensitive': 'notice what feels right as well as what looks right',
  'feeling:even': 'your calm lets you weigh what others rush',
  'drive:driven': 'set a goal, and your persistence will carry it',
  'drive:easygoing': 'choose arrangements that leave you free rather than pushed',
};
const AREA_NOUNS: Record<LifeArea, string> = {
  love: 'love and friendship',
  career: 'your work',
  health: 'your daily energy',
  money: 'money matters',
  spiritual: 'your inner life',
};
const THREAD_TEMPLATES: readonly ((
  features: string,
  theme: string,
  area: string,
  practice: string,
) => string)[] = [
  (features, theme, area, practice) =>
    `The thread of ${theme} in ${features} reaches into ${area} as well: ${practice}.`,
  // Not "For <area>, …": a thin section's refer-back may already open that way.
  (features, theme, area, practice) =>
    `Carried into ${area}, what ${features} ${takesPlural(features) ? 'say' : 'says'} of ${theme} comes down to this: ${practice}.`,
  (features, theme, area, practice) =>
    `In ${area}, too, the thread of ${theme} in ${features} has its say: ${practice}.`,
];

/**
 * A section with no finding of its own carries one of the reading's themes
 * into its part of life, in practice, rather than leaving the visitor a line or two.
 */
function threadInto(
  { area, findings, index }: SectionPlan,
  { story, choose, themesTaken, trim, referred }: ReadingContext,
): Said | undefined {
  if (findings.length > 0 || !trim.threads) return undefined;
  // Only a theme that states a pole can be carried into practice; a pull both ways is no advice.
  const withPoles = story.themes.flatMap((theme, at) => {
    const [pole] = story.polesByTheme[at] ?? [];
    return pole ? [{ theme, pole }] : [];
  });
  if (withPoles.length === 0) return undefined;
  // A theme whose features the section's refer-back just named would name them twice in a row.
  const fresh = (features: readonly string[]) =>
    !features.some((feature) => [...referred].some((words) => asYours(words) === feature));
  const turns = withPoles.map((_, at) => withPoles[(index + at) % withPoles.length]!);
  // A theme carried into one more part of life is said once, by a section's lead or here: the same
  // thread twice reads as a template.
  const turn = turns.find(
    ({ theme, pole }) =>
      fresh(theme.features) && !themesTaken.has(`practice:${pole}`) && !themesTaken.has(theme.title),
  );
  if (!turn) return undefined;
  const { theme, pole } = turn;
  themesTaken.add(`practice:${pole}`);
  themesTaken.add(theme.title);
  const features = theme.features.slice(0, 2);
  return {
    text: choose.pick(THREAD_TEMPLATES, `thread.${area}`)(
      featureList(features),
      named(theme),
      AREA_NOUNS[area],
      POLE_IN_PRACTICE[pole],
    ),
    reads: readsOfWords(features, story),
  };
}

/** The features of a theme that show one of its leanings: a theme tying two ties each to its own. */
const showing = (theme: ReadingTheme, pole: PoleKey, story: ReadingStory) =>
  theme.features.filter((feature) => story.featuresByPole[pole]?.includes(feature));

/** A pole of the reading in money's own words: what the hand's character means for earning, saving and spending. */
const POLE_IN_MONEY: Record<PoleKey, string> = {
  'sociability:reserved': 'you are happiest keeping money matters private and deciding them on your own',
  'sociability:open':
    'money tends to come and go through people for you, so good partners matter as much as the sums',
  'pace:restless': 'a plan with room for change will last longer with you than a rigid budget',
  'pace:steady': 'slow, regular saving suits you better than quick gains',
  'mind:practical': 'you do best with money you can see and count, in plain, tested arrangements',
  'mind:imaginative': 'your ideas are a kind of capital, and the skill lies in choosing which one to back',
  'risk:cautious': 'a reserve put aside first lets you decide the rest calmly',
  'risk:bold': 'you will back a chance, and a limit set in advance keeps it a good one',
  'feeling:sensitive': 'how a decision feels tells you as much as the figures do, so give both a hearing',
  'feeling:even': 'you can look at money calmly when others worry, an asset in itself',
  'drive:driven': 'what you build tends to come from goals you set and see through rather than from luck',
  'drive:easygoing':
    'arrangements that run by themselves suit you better than ones that need constant pushing',
};
const WEALTH_TEMPLATES: readonly (readonly ((
  features: string,
  plural: boolean,
  meaning: string,
) => string)[])[] = [
  [
    (features, plural, meaning) =>
      `Turned to money, ${features} ${plural ? 'say' : 'says'} this: ${meaning}.`,
    (features, _plural, meaning) => `For earning and keeping, read ${features} this way: ${meaning}.`,
  ],
  [
    (features, plural, meaning) =>
      `${capitalised(features)} ${plural ? 'add' : 'adds'} a second note: ${meaning}.`,
    (features, _plural, meaning) => `A second side shows in ${features}: ${meaning}.`,
  ],
];
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A wealth section with little of its own to read still reads this hand: one or two of the
 * opening themes' poles, said in money's terms with the features that carry them.
 */
function wealthNotes(
  { area, findings, index }: SectionPlan,
  { story, choose, trim, themesTaken }: ReadingContext,
): Said[] {
  if (area !== 'money' || findings.length >= THIN_SECTION) return [];
  // A long reading keeps the first note and gives up the second with the other carried themes.
  const wanted = trim.threads ? WEALTH_TEMPLATES.length : 1;
  const notes: Said[] = [];
  const said = new Set<PoleKey>();
  let shownBefore: string | undefined;
  // Starting where this section falls in the reading, as the carried threads do, so two hands that
  // share their first theme do not read the same wealth note.
  const order = story.themes.map((_, at) => (at + index) % story.themes.length);
  for (const at of order) {
    const theme = story.themes[at]!;
    const pole = (story.polesByTheme[at] ?? []).find(
      (candidate) => !said.has(candidate) && !themesTaken.has(`practice:${candidate}`),
    );
    const templates = WEALTH_TEMPLATES[notes.length];
    if (!pole || !templates || notes.length === wanted) continue;
    said.add(pole);
    // Said here in money's words, the pole is not given again as practice in a later section.
    themesTaken.add(`practice:${pole}`);
    const shown = showing(theme, pole, story).slice(0, 2);
    const features = featureList(shown);
    const plural = takesPlural(features);
    // The note before named these very features: the second names them again as "it", not in full.
    const again = notes.length > 0 && shownBefore === features;
    shownBefore = features;
    notes.push({
      text: again
        ? `${plural ? 'They add' : 'It adds'} a second note: ${POLE_IN_MONEY[pole]}.`
        : choose.pick(templates, `wealth.${notes.length}`)(features, plural, POLE_IN_MONEY[pole]),
      reads: readsOfWords(shown, story),
    });
  }
  // A hand whose themes tell only pulls both ways still reads its money: the pull, held both ways.
  const pull = story.tensions.find(
    (tension) => tension.themed && !themesTaken.has(`practice:${tension.axis}`),
  );
  if (notes.length === 0 && pull) {
    themesTaken.add(`practice:${pull.axis}`);
    notes.push({
      text: `Turned to money, the pull between ${listInWords(pull.features)} comes down to this: ${PULL_IN_MONEY[pull.axis]}.`,
      reads: readsOfWords(pull.features, story),
    });
  }
  return notes;
}

/** A pull both ways in money's own words, holding both sides: neither pole is stated alone. */
const PULL_IN_MONEY: Record<AssertionAxis, string> = {
  sociability: 'you share money matters with the few you trust and keep the rest to yourself',
  pace: 'a steady base with a part kept free for change suits you better than either alone',
  mind: 'an idea earns its keep with you once a plain, tested plan stands behind it',
  risk: 'back a chance when it comes, with a limit you set before you start',
  feeling: 'let a decision’s feeling and its figures each have a say before you commit',
  drive: 'put your effort into the few goals you care about and let the rest run by itself',
};

const WHOLE_HAND_TEMPLATES: readonly ((threads: string) => string)[] = [
  // Not "as the tattva tradition reads a hand": the note leans on the themes, not on the hand's element.
  (threads) =>
    `Read as a whole rather than feature by feature, yours comes back again and again to ${threads}: that is where its lessons lie.`,
  (threads) =>
    `Seen as one hand rather than in parts, yours keeps returning to what the start of this reading named: ${threads}.`,
];

/**
 * The spiritual section reads the hand as a whole: it points back to the themes the reading
 * opened with, by name only, so the reading ties together without re-reading them.
 */
function wholeHandNote({ story, choose }: ReadingContext): Said | undefined {
  if (story.themes.length === 0) return undefined;
  const threads = listInWords(story.themes.map(named));
  return {
    text: choose.pick(WHOLE_HAND_TEMPLATES, 'whole-hand')(threads),
    // Named by title only, the themes still rest on their features: the section leans on them all.
    reads: [
      ...new Set(
        readsOfWords(
          story.themes.flatMap((theme) => theme.features),
          story,
        ),
      ),
    ],
  };
}

/**
 * "the steadiness of your life line and your square palm"; the features alone where one's words
 * already say the pole ("your very wide-opening thumb"), not "the openness of your … wide-opening thumb".
 */
function poleIn(pole: PoleKey, features: readonly string[]): string {
  const noun = POLE_NOUNS[pole];
  const echoed = new RegExp(`\\b${noun.slice(0, 4)}`, 'i');
  return features.some((words) => echoed.test(words))
    ? featureList(features)
    : `the ${noun} of ${featureList(features)}`;
}

/**
 * What a note on the visitor's answers ties to: the leaning this section reads in one of this
 * hand's features ("the caution your head line shows"), or the opening theme's for a section
 * without one, so what they told us meets what this hand says rather than a feature's bare name.
 */
function answeredWith(
  findings: readonly Finding[],
  features: readonly Named[],
  { story, traits, observation }: ReadingContext,
): Said {
  const [pole] = findings.flatMap((finding) => polesOf(finding.asserts));
  if (pole) {
    // Up to two of this section's features that take the pole: together they are this hand's own.
    // Or one of the features a theme ties to the same pole: the same leaning, seen twice in this hand.
    const named = new Map<string, HandFeature>();
    for (const finding of findings) {
      const [first] = findingFeatures(finding.reads, traits, observation);
      if (first && polesOf(finding.asserts).includes(pole) && named.size < 2)
        named.set(asYours(first.words), first.feature);
    }
    const themed = story.themes.filter((_, at) => story.polesByTheme[at]?.includes(pole));
    for (const feature of themed.flatMap((theme) => showing(theme, pole, story))) {
      const [read] = readsOfWords([feature], story);
      if (read && named.size < 2 && ![...named.keys()].some((words) => briefly(words) === briefly(feature)))
        named.set(feature, read);
    }
    if (named.size > 0) return { text: poleIn(pole, [...named.keys()]), reads: [...named.values()] };
  }
  const at = story.polesByTheme.findIndex((poles) => poles.length > 0);
  const theme = story.themes[at];
  const themePole = story.polesByTheme[at]?.[0];
  if (theme && themePole) {
    const shown = showing(theme, themePole, story).slice(0, 2);
    return { text: poleIn(themePole, shown), reads: readsOfWords(shown, story) };
  }
  const first = features.slice(0, 2);
  return first.length > 0
    ? {
        text: listInWords(first.map(({ words }) => asYours(words))),
        reads: first.map(({ feature }) => feature),
      }
    : { text: 'what this hand shows', reads: [] };
}

/**
 * Context from the visitor's answers, worded as theirs and never as something seen in the palm,
 * tied to the section's first feature on this palm (`feature`, "your long heart line") so that
 * what they told us meets what their hand shows.
 */
function answerNote(
  area: LifeArea,
  answers: VisitorAnswers,
  choose: PhraseChooser,
  feature: string,
): string | undefined {
  switch (area) {
    case 'love':
      return answers.relationship
        ? choose.pick(
            RELATIONSHIP_NOTES[answers.relationship],
            `love.status.${answers.relationship}`,
          )(feature)
        : undefined;
    case 'career':
      return answers.lifeStage
        ? choose.pick(LIFE_STAGE_NOTES[answers.lifeStage], 'career.stage')(feature)
        : undefined;
    case 'money':
      return undefined;
    case 'health':
      return answers.hasChildren ? choose.pick(CHILDREN_NOTES, 'health.children')(feature) : undefined;
    case 'spiritual':
      // The dominant hand is woven into the side rule's phrasing, where the palm fact is stated.
      return undefined;
  }
}

function unseenLineNotes(
  area: LifeArea,
  features: readonly Named[],
  findings: readonly Finding[],
  context: ReadingContext,
): Said[] {
  const { observation, choose, unseenSaid } = context;
  const unseen = SECTION_LINES[area].filter((line) => !lineSeen(observation, line) && !unseenSaid.has(line));
  if (unseen.length === 0) return [];
  for (const line of unseen) unseenSaid.add(line);
  const names = `${unseen.map((line) => `${LINE_NAMES_IN_TEXT[line]}, ${LINE_ROLES[line]}`).join(', and ')},`;
  // A section with nothing of its own to show leans on the hand's first theme; a line it leans on
  // is one this reading describes, never a bare name.
  const [firstTheme] = context.story.themes;
  const firstPole = context.story.polesByTheme[0]?.[0];
  const elsewhere = !firstTheme
    ? []
    : firstPole
      ? showing(firstTheme, firstPole, context.story)
      : firstTheme.features;
  const described = features.filter(({ words }) => !namesALine(words) || asYours(words) !== briefly(words));
  const named =
    described.length > 0 ? described.slice(0, 2).map(({ words }) => asYours(words)) : elsewhere.slice(0, 2);
  const reads =
    described.length > 0
      ? described.slice(0, 2).map(({ feature }) => feature)
      : readsOfWords(named, context.story);
  const pole =
    described.length > 0
      ? findings
          .filter((finding) => {
            const [words] = sectionFeatures([], finding.reads, context.traits, observation);
            return words !== undefined && named.includes(asYours(words));
          })
          .flatMap((finding) => polesOf(finding.asserts))[0]
      : context.story.polesByTheme[0]?.[0];
  const list = listInWords(named);
  // What the features leaned on show, so the fallback says what it rests on, not only its name.
  const shown = pole
    ? // "your head line and your longer ring finger, and the boldness they speak of": one "and" a list.
      `${list}${named.length > 1 ? ',' : ''} and the ${POLE_NOUNS[pole]} ${takesPlural(list) ? 'they speak' : 'it speaks'} of`
    : list;
  // With nothing to lean on, the section says so rather than claim to rest on "the shape of your hand".
  const note =
    named.length === 0
      ? choose.pick(UNSEEN_LINE_ALONE_NOTES, `unseen.${unseen.join('.')}`)(names, unseen.length > 1)
      : choose.pick(UNSEEN_LINE_NOTES, `unseen.${unseen.join('.')}`)(names, unseen.length > 1, shown);
  const clearer = unseen.filter((line) => EVERY_HAND_HAS.includes(line));
  // The unseen lines are named to say they were not read: only what the note leans on instead is read.
  if (clearer.length === 0 || !context.trim.photoAdvice || context.described.has('photo-advice'))
    return [{ text: note, reads }];
  context.described.add('photo-advice');
  const advice = choose.pick(CLEARER_PHOTO_NOTES, `clearer.${clearer.join('.')}`);
  const lines = listInWords(clearer.map((line) => `${line} line`));
  return [{ text: `${note.replace(/[.!?…]$/, '')}, though ${advice(lines, clearer.length > 1)}.`, reads }];
}

/** The lines every hand has: one a photo did not show is a photo's shortfall, not the hand's. */
const EVERY_HAND_HAS: readonly LineName[] = ['heart', 'head', 'life'];

/**
 * The visitor's own questions about this section's area, quoted as they wrote them and answered
 * from the features this section reads on their palm; a question no palm can answer (death,
 * illness, pregnancy, lottery numbers, exact dates) gets the gentle deflection, in the first section.
 */
function visitorQuestionsIn(
  { area, index, findings }: SectionPlan,
  features: readonly Named[],
  context: ReadingContext,
  noted: boolean,
): (Said | string)[] {
  const { answers, choose, story } = context;
  const deflected = index === 0 && answers.questions.some((question) => question.quote === undefined);
  const quoted = answers.questions.filter(
    (question): question is VisitorQuestion & { quote: string } =>
      question.quote !== undefined && (question.area ? question.area === area : index === 0),
  );
  const first = features.slice(0, 2);
  const named =
    first.length > 0 ? first.map(({ words }) => asYours(words)) : (story.themes[0]?.features ?? []);
  const namedReads =
    first.length > 0 ? first.map(({ feature }) => feature) : readsOfWords(named, context.story);
  const palm = listInWords(named.length > 0 ? named : ['the shape of your hand']);
  const all = [...new Set([...findings.flatMap((finding) => polesOf(finding.asserts)), ...story.themePoles])];
  // A note on the visitor's answers already spoke of the section's first leaning: the answer takes the next.
  const poles = noted && all.length > 1 ? all.slice(1) : all;
  return [
    ...(deflected ? [UNQUOTED_NOTE] : []),
    ...quoted.map(({ quote, asks }, n): Said => {
      const texts = asks ? QUESTION_ANSWERS : CONCERN_ANSWERS;
      const pole = poles[n] ?? poles[0];
      const advice = pole ? adviceFrom(pole, texts, findings, context, `advice.${area}.${n}`) : undefined;
      // Said here as advice, the pole is not given again as practice later in the reading.
      if (pole) context.themesTaken.add(`practice:${pole}`);
      const inQuotes = /[?!.…]$/.test(quote) ? `“${quote}”` : `“${quote}”.`;
      const asked = `${asks ? 'You asked' : 'You wrote'}: ${inQuotes}`;
      // Advice that names the features behind it is the answer, said after the hand's limits in one breath.
      // The question and its answer are one unit: a paragraph break never falls between them.
      if (advice?.reads.length) {
        const hedge = choose.pick(texts.hedges, `answer.${area}.${n}`);
        return {
          text: `${asked} ${hedge}, but ${advice.text.charAt(0).toLowerCase()}${advice.text.slice(1)}`,
          reads: advice.reads,
        };
      }
      const opener = choose.pick(texts.openers, `answer.${area}.${n}`)(
        palm,
        named.length !== 1 || takesPlural(palm),
      );
      return { text: [asked, opener, advice?.text].filter(Boolean).join(' '), reads: namedReads };
    }),
  ];
}

/**
 * Advice for the visitor's question from a pole this reading states, said as what the feature
 * behind it shows: "Your thumb that opens wide speaks of openness, so ask widely …"; bare advice
 * (reading nothing) where no stated finding takes the pole.
 */
function adviceFrom(
  pole: PoleKey,
  texts: AnswerTexts,
  findings: readonly Finding[],
  { choose, story, traits, observation }: ReadingContext,
  salt: string,
): Said {
  const advice = choose.pick(texts.advice[pole], salt);
  const said = new Map<string, HandFeature>();
  for (const finding of [...findings, ...story.findings]) {
    if (!polesOf(finding.asserts).includes(pole) || said.size === 2) continue;
    const [named] = namedFeatures([], finding.reads, traits, observation);
    if (named) said.set(briefly(named.words), named.feature);
  }
  if (said.size === 0) return { text: advice, reads: [] };
  const features = featureList([...said.keys()]);
  const rest = `${advice.charAt(0).toLowerCase()}${advice.slice(1)}`;
  return {
    text: choose.pick(ADVICE_FRAMES, `${salt}.frame`)(
      features,
      takesPlural(features),
      POLE_NOUNS[pole],
      rest,
    ),
    reads: [...said.values()],
  };
}

const ADVICE_FRAMES: readonly ((
  features: string,
  plural: boolean,
  pole: string,
  advice: string,
) => string)[] = [
  (features, plural, pole, advice) =>
    `${features.charAt(0).toUpperCase()}${features.slice(1)} ${plural ? 'speak' : 'speaks'} of ${pole}: ${advice}`,
  (features, _, pole, advice) => `There is ${pole} in ${features}: ${advice}`,
  (features, _, pole, advice) => `Going by the ${pole} in ${features}, ${advice}`,
];

export class LocalNarrator implements Narrator {
  readonly name = 'local';

  narrate({ findings, observation, submission, profile }: NarrationInput): Promise<ReadingSection[]> {
    return Promise.resolve(composeSections(findings, observation, submission, profile));
  }
}
