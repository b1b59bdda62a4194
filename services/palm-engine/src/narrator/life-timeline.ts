import type { ReadingSection } from '@palm/contracts';
import { MIDDLE, WRIST } from '@palm/hand-pose';
import type { LineObservation, PalmObservation, Point } from '../palm-observation';
import { termsOf } from './how-we-read';
import type { HandFeature } from './palm-description';
import type { PhraseChooser } from './phrase-chooser';
import { sectionSubtitle } from './section-subtitle';

/** A line whose crease was traced less surely than this says nothing about timing. */
const TIMELINE_CONFIDENCE = 0.6;
/** Where the head and heart lines usually cross the palm's axis (wrist 0 → middle knuckle 1). */
const USUAL_LEVEL = { head: 0.5, heart: 0.72 } as const;
/**
 * The classical age scale of the fate line (Cheiro, Benham): read upward from the wrist, it meets
 * the head line at about 35 and the heart line at about 49; the finger's base is about 70.
 */
const FATE_AGES = { wrist: 0, head: 35, heart: 49, top: 70 } as const;

const TIMELINE_AREA = 'timeline';
const FATE_SEEN = 'Fate line seen';

const tracedWell = (line: LineObservation | undefined): line is LineObservation & { trace: Point[] } =>
  Boolean(line?.seen && line.confidence >= TIMELINE_CONFIDENCE && line.trace && line.trace.length >= 2);

/** How far up the palm a point lies: 0 at the wrist, 1 at the middle finger's knuckle. */
function palmLevel(observation: PalmObservation): (point: Point) => number {
  const wrist = observation.landmarks[WRIST]!;
  const knuckle = observation.landmarks[MIDDLE[0]]!;
  const axis = { x: knuckle.x - wrist.x, y: knuckle.y - wrist.y };
  const lengthSquared = axis.x ** 2 + axis.y ** 2 || 1;
  return (point) => ((point.x - wrist.x) * axis.x + (point.y - wrist.y) * axis.y) / lengthSquared;
}

const meanOf = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const roundToFive = (age: number) => Math.max(5, Math.round(age / 5) * 5);

function fateAgeScale(observation: PalmObservation, level: (point: Point) => number) {
  const levelOf = (name: 'head' | 'heart') => {
    const line = observation.lines[name];
    return tracedWell(line) ? meanOf(line.trace.map(level)) : USUAL_LEVEL[name];
  };
  const head = levelOf('head');
  const heart = Math.max(levelOf('heart'), head + 0.05);
  const stops: [number, number][] = [
    [0, FATE_AGES.wrist],
    [head, FATE_AGES.head],
    [heart, FATE_AGES.heart],
    [Math.max(1, heart + 0.05), FATE_AGES.top],
  ];
  return (t: number): number => {
    const clamped = Math.min(Math.max(t, 0), stops.at(-1)![0]);
    const upper = stops.findIndex(([at]) => at >= clamped);
    if (upper <= 0) return stops[0]![1];
    const [t0, age0] = stops[upper - 1]!;
    const [t1, age1] = stops[upper]!;
    return age0 + ((clamped - t0) / (t1 - t0 || 1)) * (age1 - age0);
  };
}

interface Phase {
  insight: string;
  sentence: string;
  /** The tag of what the phase reads, in the words the rules tag the same class with. */
  tag: string;
}

/** Where the traced fate line begins and ends on the classical scale, in years rounded to five. */
function fateSpan(fate: LineObservation & { trace: Point[] }, observation: PalmObservation) {
  const level = palmLevel(observation);
  const ageAt = fateAgeScale(observation, level);
  const levels = fate.trace.map(level);
  return { from: roundToFive(ageAt(Math.min(...levels))), to: roundToFive(ageAt(Math.max(...levels))) };
}

function fatePhases(fate: LineObservation, { from, to }: { from: number; to: number }): Phase[] {
  const phases: Phase[] = [];
  if (from < 20) {
    phases.push({
      insight: 'A sense of direction that tends to form early',
      sentence: `On the classical scale your fate line (Bhagya rekha) runs from about age ${from}: a phase in which duties and aims tend to take shape early.`,
      tag: FATE_SEEN,
    });
  } else if (from < FATE_AGES.head) {
    phases.push({
      insight: 'A path that tends to take shape in your twenties and early thirties',
      sentence: `On the classical scale your fate line (Bhagya rekha) begins at about age ${from}: the years before tend to be for trying things out, and a steadier course tends to form from there.`,
      tag: FATE_SEEN,
    });
  } else {
    phases.push({
      insight: 'A course that tends to become your own from mid-life',
      sentence: `On the classical scale your fate line (Bhagya rekha) begins at about age ${from}, near the head line: the classical reading of a path you tend to set yourself, later rather than early.`,
      tag: FATE_SEEN,
    });
  }
  if (to >= FATE_AGES.heart) {
    phases.push({
      insight: 'Purpose that tends to carry on into the later years',
      sentence:
        'It runs on past the heart line, which the tradition reads as aims and work that tend to stay meaningful well into the later phases of life.',
      tag: FATE_SEEN,
    });
  } else if (to > from) {
    phases.push({
      insight: `More freedom of choice tends to come after about ${to}`,
      sentence: `It steps back at about ${to} on the same scale: the classical sign of a phase shaped less by duty and more by what you choose.`,
      tag: FATE_SEEN,
    });
  }
  if ((fate.breaks ?? 0) > 0) {
    phases.push({
      insight: 'A change of course along the way',
      sentence:
        'The line is broken along its run: read as a change of direction, such as a new role or a new way of working, a phase that opens rather than an event that befalls you.',
      tag: 'Fate line: broken',
    });
  }
  return phases;
}

/**
 * The life line speaks of energy and pace through its phases. Each finding has a few phrasings,
 * chosen per palm (as the narrator's are), so that two palms with the same classes do not read
 * alike sentence for sentence.
 */
function lifePhases(life: LineObservation, choose: PhraseChooser): Phase[] {
  const phases: Phase[] = [];
  if (life.depth === 'faint') {
    phases.push({
      insight: choose.pick(
        ['Energy that tends to come in waves', 'Phases of effort that want rest beside them'],
        'timeline.life.faint.insight',
      ),
      sentence: choose.pick(
        [
          'Your life line (Jeevan rekha) is fine and light: energy tends to come in waves, so busy phases go better with rest planned between them.',
          'A fine, light Jeevan rekha (life line) is read as energy that rises and falls: the demanding phases of life tend to go best when paced.',
          'Your life line (Jeevan rekha) is lightly drawn, which the tradition reads as an energy that comes and goes: phases of effort tend to want phases of rest beside them.',
        ],
        'timeline.life.faint',
      ),
      tag: 'Life line: fine',
    });
  } else if (life.depth) {
    // Only a depth the profile states: a withheld one would not survive a re-take.
    const marked = life.depth === 'deep' ? 'deeply' : 'clearly';
    phases.push({
      insight: choose.pick(
        ['Steady energy through the phases it spans', 'Energy that tends to hold through the building years'],
        'timeline.life.steady.insight',
      ),
      sentence: choose.pick(
        [
          `Your life line (Jeevan rekha) is ${marked} marked: on the classical scale, read from its start above the thumb, its upper stretch covers the years to about 25 and its middle stretch the years to about 50, and its depth speaks of steady energy through them.`,
          `Read on the classical scale from its start above the thumb, your ${marked} marked Jeevan rekha (life line) carries the years of learning, to about 25, and the building years, to about 50, with a steady supply of energy.`,
          `The classical scale reads the life line (Jeevan rekha) from above the thumb downward, the years to about 25 first and those to about 50 next; yours is ${marked} marked through that stretch, a sign of energy that tends to hold steady.`,
        ],
        'timeline.life.steady',
      ),
      tag: `Life line: ${life.depth}`,
    });
  }
  // Where the depth sentence named the line, the next says "it"; otherwise the first to speak names
  // it, since a fate line may have been the last one named.
  const subject = () =>
    phases.length > 0
      ? { It: 'It', Its: 'Its', it: 'it' }
      : {
          It: 'Your life line (Jeevan rekha)',
          Its: 'Your life line’s (Jeevan rekha’s)',
          it: 'your life line (Jeevan rekha)',
        };
  if (life.curvature === 'curved') {
    const line = subject();
    phases.push({
      insight: choose.pick(
        ['An appetite for new phases', 'New chapters met with curiosity'],
        'timeline.life.curved.insight',
      ),
      sentence: choose.pick(
        [
          `${line.It} sweeps wide around the thumb: warmth and curiosity that tend to make each new phase of life welcome rather than feared.`,
          `${line.Its} wide sweep around the Shukra parvat is read as warmth and curiosity: new phases of life tend to be met with appetite.`,
        ],
        'timeline.life.curved',
      ),
      tag: 'Life line: wide arc',
    });
  } else if (life.curvature === 'straight') {
    const line = subject();
    phases.push({
      insight: choose.pick(
        ['A preference for settled routines', 'Changes that go best when prepared'],
        'timeline.life.straight.insight',
      ),
      sentence: choose.pick(
        [
          `${line.It} runs close and straight: a liking for settled routines, so changes of phase tend to go best when prepared step by step.`,
          `${line.Its} close, straight course is read as a liking for settled routines: a new phase tends to sit best when it is prepared for.`,
        ],
        'timeline.life.straight',
      ),
      tag: 'Life line: close arc',
    });
  }
  if ((life.breaks ?? 0) > 0) {
    const line = subject();
    phases.push({
      insight: choose.pick(
        ['One phase marked off from the next', 'A change of pace between chapters'],
        'timeline.life.break.insight',
      ),
      sentence: choose.pick(
        [
          `${line.It} shows a break: the tradition reads a change of pace or surroundings that marks one phase of life off from the next.`,
          `A break along ${line.it} is read as a change of pace or of surroundings, a turning from one phase of life to the next.`,
        ],
        'timeline.life.break',
      ),
      tag: 'Life line: broken',
    });
  }
  return phases;
}

/** The Timeline, with the lines its phases read: what its subtitle and tags name. */
interface TimelineAccount {
  section: ReadingSection;
  reads: HandFeature[];
}

/**
 * The "Timeline": phases of life read from where the fate and life lines run, on the classical
 * age scale, worded as tendencies. Only lines traced surely enough speak, and only of phases they
 * cover; nothing is said of where the life line ends (the tradition does not read it as a span of
 * years, and neither do we). Undefined when neither line was traced well enough.
 */
export function timelineSection(
  observation: PalmObservation,
  choose: PhraseChooser,
): ReadingSection | undefined {
  return timelineAccount(observation, choose)?.section;
}

/** The Timeline (`timelineSection`) with the lines it read. */
export function timelineAccount(
  observation: PalmObservation,
  choose: PhraseChooser,
): TimelineAccount | undefined {
  const { fate, life } = observation.lines;
  const span = tracedWell(fate) ? fateSpan(fate, observation) : undefined;
  const lifeSays = tracedWell(life) ? lifePhases(life, choose) : [];
  const lifeRead = lifeSays.length > 0;
  if (!span && !lifeRead) return undefined;
  const phases = [...(span ? fatePhases(fate, span) : []), ...lifeSays];
  const reads: HandFeature[] = [
    ...(span ? (['fate'] as const) : []),
    ...(lifeRead ? (['life'] as const) : []),
  ];
  const basis = [...new Set(phases.map((phase) => phase.tag))];
  const linesRead =
    span && lifeRead ? 'your fate and life lines' : span ? 'your fate line' : 'your life line';
  const sureness = (line: LineObservation) => `${Math.round(line.confidence * 100)} % sure`;
  return {
    section: {
      area: TIMELINE_AREA,
      title: 'Timeline',
      subtitle: `${sectionSubtitle(reads, null)} on the classical age scale`,
      insights: phases.map((phase) => phase.insight),
      content: phases.map((phase) => phase.sentence).join(' '),
      details: choose.pick(
        [
          `The age scale is a tradition of reading, not a measurement, and we read it only from ${linesRead}, traced surely: these are phases and tendencies, never events or dates, and your own choices shape each of them.`,
          `We read timing only from ${linesRead}, where the crease was traced surely; the classical scale is a tradition, not a measurement, so take these as phases and tendencies that your own choices shape, never as events or dates.`,
          `Timing here comes from ${linesRead} alone, traced surely, on a scale that is a tradition rather than a measurement: phases and tendencies, never events or dates, each of them yours to shape.`,
        ],
        'timeline.details',
      ),
      basis,
      howWeRead: {
        measured: span
          ? [`Fate line traced from about age ${span.from} to about ${span.to} on the classical scale`]
          : [],
        lines: [
          ...(span ? [`Fate line (Bhagya rekha): traced, ${sureness(fate)}`] : []),
          ...(lifeRead ? [`Life line (Jeevan rekha): traced, ${sureness(life)}`] : []),
        ],
        terms: termsOf(basis),
      },
    },
    reads,
  };
}
