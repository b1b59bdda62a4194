import { readingResultSchema, type ReadingResult, type ReadingSubmission } from '@palm/contracts';
import { describe, expect, it } from 'vitest';
import { readLocally } from './support/read-locally';
import { composeReading } from '../src/narrator/local-narrator';
import { asYours, sectionFeatures } from '../src/narrator/palm-description';
import { profiledObservation } from '../src/profile/profiled-lines';
import { traitsFromProfile } from '../src/rules/palm-traits';
import { CONCERN_ANSWERS, QUESTION_ANSWERS } from '../src/narrator/area-texts';
import { cleanVisitorText } from '../src/narrator/visitor-answers';
import type { PalmObservation } from '../src/palm-observation';
import { palmProfileOf } from '../src/profile/palm-profile';
import { interpret, PALM_RULES } from '../src/rules/interpret';
import { EVERY_TRAIT_RELIABLE } from './fixtures/every-trait-reliable';
import { forbiddenTopicsIn } from '../src/rules/safety';
import { FIXTURE_NAMES, PALM_FIXTURES, type FixtureName } from './fixtures/palm-observations';
import { allText, sentences } from './support/reading-text';
import { ANSWER_SPREAD, answers } from './fixtures/questionnaire-answers';

/**
 * The reading as the engine assembles it (sanitised, with its themes, markers and palm-only
 * version), narrated locally over the rule base's full reach: every trait the fixture measures
 * clearly is stated.
 */
function read(
  observation: PalmObservation,
  submission: ReadingSubmission = answers(),
): Promise<ReadingResult> {
  return readLocally(observation, submission);
}

const palm = (name: FixtureName) => PALM_FIXTURES[name];

/** The tags of the findings each section states: the reading's facts. */
function statedTags(observation: PalmObservation, submission: ReadingSubmission): Record<string, string[]> {
  const profile = palmProfileOf(observation, EVERY_TRAIT_RELIABLE);
  const fired = interpret(observation, submission, PALM_RULES, profile, []);
  const { findings } = composeReading(fired, observation, submission, profile);
  return Object.fromEntries(
    ['love', 'career', 'health', 'money', 'spiritual'].map((area) => [
      area,
      findings.filter((finding) => finding.area === area).map((finding) => finding.basis),
    ]),
  );
}

/** Every feature of this palm in the reading's words ("your long thumb"), from its profile alone. */
function palmFeatureWords(observation: PalmObservation): string[] {
  const profile = palmProfileOf(observation, EVERY_TRAIT_RELIABLE);
  const fired = interpret(observation, answers(), PALM_RULES, profile, []);
  return sectionFeatures(
    ['heart', 'head', 'life', 'fate'],
    fired.flatMap((finding) => finding.reads),
    traitsFromProfile(profile, observation),
    profiledObservation(profile, observation),
  ).map(asYours);
}

describe('local palm narrator', () => {
  it.each(FIXTURE_NAMES)(
    'reads %s in the spec’s shape, every tag pointing at a fired finding or at a line as this palm shows it',
    async (name) => {
      const submission = answers();
      const findings = interpret(
        palm(name),
        submission,
        PALM_RULES,
        palmProfileOf(palm(name), EVERY_TRAIT_RELIABLE),
        [],
      );
      const result = await read(palm(name), submission);
      expect(readingResultSchema.parse(result)).toEqual(result);
      expect(result.sections.map((s) => s.area).sort()).toEqual([
        'career',
        'health',
        'love',
        'money',
        'spiritual',
      ]);
      const labels = new Set(findings.map((f) => f.basis));
      for (const section of result.sections) {
        // Each feature is read in one section, so a section may have few findings of its own; it still
        // speaks of this palm (its findings, its lines or a reference to where its features are read).
        expect(section.insights.length).toBeLessThanOrEqual(4);
        expect([...section.insights, section.content].join(' ').length).toBeGreaterThan(100);
        for (const tag of section.basis)
          expect(labels.has(tag) || /^(?:Heart|Head|Life|Fate|Sun|Marriage) line\b/.test(tag), tag).toBe(
            true,
          );
        expect(section.title).not.toBe('');
      }
    },
  );

  it.each(FIXTURE_NAMES)(
    'interprets each feature of %s in one section only, for any visitor; another may lean on it under its tag',
    (name) => {
      for (const submission of Object.values(ANSWER_SPREAD)) {
        const profile = palmProfileOf(palm(name), EVERY_TRAIT_RELIABLE);
        const fired = interpret(palm(name), submission, PALM_RULES, profile, []);
        const { sections, findings } = composeReading(fired, palm(name), submission, profile);
        const areasOf = new Map<string, Set<string>>();
        for (const finding of findings)
          for (const feature of finding.reads)
            areasOf.set(feature, new Set([...(areasOf.get(feature) ?? []), finding.area]));
        expect(
          [...areasOf].filter(([, areas]) => areas.size > 1),
          name,
        ).toEqual([]);
        // A tag shown in several sections is stated by at most one of them: the others lean on it.
        for (const tag of new Set(sections.flatMap((section) => section.basis))) {
          const stating = findings.filter((finding) => finding.basis === tag).map((finding) => finding.area);
          expect(new Set(stating).size, `${name}: ${tag}`).toBeLessThanOrEqual(1);
        }
      }
    },
  );

  it('says nothing forbidden for any palm and any visitor', async () => {
    for (const name of FIXTURE_NAMES) {
      for (const [visitor, submission] of Object.entries(ANSWER_SPREAD)) {
        const text = allText(await read(palm(name), submission));
        expect(forbiddenTopicsIn(text), `${name} × ${visitor}`).toEqual([]);
      }
    }
  });

  it('is deterministic: the same palm and answers always give the same reading', async () => {
    for (const name of FIXTURE_NAMES) {
      const submission = ANSWER_SPREAD['married mother, health and spirit']!;
      expect(await read(structuredClone(palm(name)), submission)).toEqual(await read(palm(name), submission));
    }
  });

  it('words a re-take that states the same palm alike, though its points moved', async () => {
    const submission = ANSWER_SPREAD['married mother, health and spirit']!;
    for (const name of FIXTURE_NAMES) {
      const retaken = structuredClone(palm(name));
      // A second photo of the hand: every point a hair's breadth away, every class the same.
      retaken.landmarks = retaken.landmarks.map((point) => ({ x: point.x + 1e-4, y: point.y - 1e-4 }));
      expect(palmProfileOf(retaken)).toEqual(palmProfileOf(palm(name)));
      const [first, second] = [await read(palm(name), submission), await read(retaken, submission)];
      expect({ themes: second.themes, sections: second.sections }, name).toEqual({
        themes: first.themes,
        sections: first.sections,
      });
    }
  });

  it('reads different palms differently: at most 40 % shared sentences under identical answers', async () => {
    for (const submission of Object.values(ANSWER_SPREAD)) {
      const readings = await Promise.all(
        FIXTURE_NAMES.map(async (name) => [name, sentences(await read(palm(name), submission))] as const),
      );
      for (const [i, [nameA, a]] of readings.entries()) {
        for (const [nameB, b] of readings.slice(i + 1)) {
          const shared = [...a].filter((s) => b.has(s)).length / Math.min(a.size, b.size);
          expect(shared, `${nameA} vs ${nameB}`).toBeLessThanOrEqual(0.4);
        }
      }
    }
  });

  it('states the same findings of the same palm under the same tags whatever the answers', () => {
    // The answers change what a section leans on (and so the tags of what it leans on), never the facts.
    for (const name of FIXTURE_NAMES) {
      const reference = statedTags(palm(name), answers());
      for (const submission of Object.values(ANSWER_SPREAD))
        expect(statedTags(palm(name), submission), name).toEqual(reference);
    }
  });

  it('puts the focus areas first, in the visitor’s order, and goes deeper there', async () => {
    const focus = answers({ focusAreas: ['money', 'spiritual'], given: ['focusAreas'] });
    const result = await read(palm('fire-right-strong-fate'), focus);
    expect(result.sections.map((s) => s.area)).toEqual(['money', 'spiritual', 'love', 'career', 'health']);
    const [money, , love] = result.sections;
    // Two findings and the theme's line as key points where the visitor focused, one elsewhere
    // (joined two to a sentence where they are short enough).
    expect(money!.insights.length).toBeGreaterThanOrEqual(2);
    expect(love!.insights.length).toBeLessThan(money!.insights.length);
    const said = (section: typeof money) =>
      [...section!.insights, section!.content, section!.details].join(' ').length;
    expect(said(money)).toBeGreaterThan(said(love));

    const unfocused = await read(
      palm('fire-right-strong-fate'),
      answers({ focusAreas: [], given: ['focusAreas'] }),
    );
    expect(unfocused.sections.map((s) => s.area)).toEqual(['love', 'career', 'health', 'money', 'spiritual']);
    // The default focus areas were no choice of the visitor's: they order and deepen nothing.
    const defaulted = await read(
      palm('fire-right-strong-fate'),
      answers({ focusAreas: ['money', 'spiritual'] }),
    );
    expect(defaulted.sections.map((s) => s.area)).toEqual(['love', 'career', 'health', 'money', 'spiritual']);
  });

  it('speaks of the hand type in its Vedic name, interprets it once, and names it wherever a section leans on it', async () => {
    const submission = answers({ focusAreas: ['love', 'career'], given: ['focusAreas'] });
    const result = await read(palm('water-left-fine-lines'), submission);
    // The first focus area the visitor chose (love) takes its tip by the hand type, so its header names it.
    expect(result.sections[0]!.subtitle).toMatch(/^Jal \(water\) hand · /);
    for (const section of result.sections) {
      const text = [...section.insights, section.content, section.details].join(' ');
      const named = /\bJal\b|\bwater (?:hand|element)\b/i.test(text);
      expect(/^Jal \(water\) hand/.test(section.subtitle), section.area).toBe(named);
      expect(
        section.basis.some((tag) => /water hand/i.test(tag)),
        section.area,
      ).toBe(named);
      expect(
        section.howWeRead?.terms.some((term) => /water hand/i.test(term.tag) && term.vedic === 'Jal tattva'),
        section.area,
      ).toBe(named);
    }
    const stating = Object.entries(statedTags(palm('water-left-fine-lines'), submission)).filter(([, tags]) =>
      tags.some((tag) => /water hand/i.test(tag)),
    );
    expect(stating).toHaveLength(1);
  });

  it('says once, in plain words, which hand is read: a man’s right, everyone else’s left', async () => {
    const left = palm('air-left-sloping-head');
    const handSentences = (result: ReadingResult) =>
      allText(result)
        .split(/(?<=[.!?])\s+/)
        .filter((sentence) => /\b(?:left|right) hand\b/.test(sentence));
    const female = await read(left, answers({ flowResponses: { question_1: 'Female' } }));
    expect(handSentences(female)).toEqual(['We read your left hand, as the tradition does for a woman.']);
    expect(female.sections[0]!.content).toMatch(/^We read your left hand/);
    const nobody = await read(left, answers());
    expect(handSentences(nobody)).toHaveLength(1);
    expect(handSentences(nobody)[0]).toMatch(/^We read your left hand: .*no gender answer was given\.$/);
  });

  it('says kindly, once, when the photo shows the other hand, and reads it as what it is', async () => {
    const mismatch =
      /this photo appears to show your left hand; no matter, what follows reads that hand as it is\./;
    const left = palm('air-left-sloping-head');
    const male = answers({ flowResponses: { question_1: 'Male' } });
    const first = (await read(left, male)).sections[0]!;
    expect(first.content).toMatch(mismatch);
    expect(first.content).toMatch(/the tradition reads a man’s right hand/);
    expect(allText(await read(left, male)).match(/appears to show/g)).toHaveLength(1);
    expect(allText(await read(left, answers({ flowResponses: { question_1: 'Female' } })))).not.toMatch(
      /appears to show/,
    );
    expect(allText(await read(left, answers()))).not.toMatch(/appears to show/);
    expect(allText(await read({ ...left, sideConfidence: 0.5 }, male))).not.toMatch(/appears to show/);
    expect(
      allText(await read(palm('earth-right-deep-lines'), answers({ flowResponses: { q: 'female' } }))),
    ).toMatch(/this photo appears to show your right hand/);
  });

  it('quotes the visitor’s own question in the area it is about and answers it from this palm', async () => {
    const result = await read(
      palm('earth-left-long-middle'),
      ANSWER_SPREAD['job question, nothing else asked'],
    );
    const career = result.sections.find((s) => s.area === 'career')!;
    const quoted = 'You asked: “Should I change jobs this year?”';
    expect(career.content).toContain(quoted);
    const answer = career.content.slice(career.content.indexOf(quoted) + quoted.length);
    const named = palmFeatureWords(palm('earth-left-long-middle'));
    expect(named.length).toBeGreaterThan(0);
    expect(
      named.some((words) => answer.includes(words)),
      answer,
    ).toBe(true);
    for (const section of result.sections.filter((s) => s.area !== 'career'))
      expect(section.content + section.details).not.toContain('change jobs');

    const money = await read(
      palm('air-right-balanced'),
      answers({ flowResponses: { q: 'I worry about my retirement savings' } }),
    );
    expect(money.sections.find((s) => s.area === 'money')!.content).toContain(
      'You wrote: “I worry about my retirement savings”.',
    );
  });

  it('answers a worry or a wish as one to carry, and only a question as a choice to make', async () => {
    const choice = /yes or no|either answer|choose for you|decides this for you|the move\b/;
    for (const palmName of [
      'air-right-balanced',
      'earth-left-long-middle',
      'water-left-fine-lines',
    ] as const) {
      const worry = await read(
        palm(palmName),
        answers({ flowResponses: { q: 'I worry about my retirement savings' } }),
      );
      const money = worry.sections.find((s) => s.area === 'money')!.content;
      const answer = money.slice(money.indexOf('You wrote: “I worry about my retirement savings”.'));
      expect(answer, palmName).toMatch(/promise|forecast/);
      expect(answer, palmName).not.toMatch(choice);

      const question = await read(
        palm(palmName),
        answers({ flowResponses: { q: 'Should I change jobs this year?' } }),
      );
      const career = question.sections.find((s) => s.area === 'career')!.content;
      expect(career.slice(career.indexOf('You asked: “Should I change jobs this year?”')), palmName).toMatch(
        /yes or no|either answer|choose for you|decides this for you/,
      );
    }
  });

  it('quotes free text without its markup', async () => {
    const marked = await read(palm('earth-left-long-middle'), ANSWER_SPREAD['markup in free text']);
    const career = marked.sections.find((s) => s.area === 'career')!;
    expect(career.content).toContain('You asked: “Will my career change? see”.');
    const text = allText(marked);
    for (const markup of ['<', '>', '**', '[see]', 'javascript:', 'onerror='])
      expect(text).not.toContain(markup);
  });

  it.each([
    'Will I die young like my father?',
    'Do I have a serious illness?',
    'Will I get pregnant next year?',
    'What are my lucky lottery numbers?',
    'On what date will I meet my husband?',
    'When will I get married?',
  ])('answers “%s” only with the gentle deflection', async (question) => {
    const result = await read(palm('air-right-balanced'), answers({ flowResponses: { q: question } }));
    const text = allText(result);
    expect(text).not.toContain(question);
    expect(text).not.toMatch(/You asked/);
    const first = result.sections[0]!;
    expect(`${first.content} ${first.details}`).toContain(
      'You shared something in your own words that lies outside what a palm reading can speak to',
    );
  });

  it('never quotes free text that touches a forbidden topic', async () => {
    const result = await read(palm('air-right-balanced'), ANSWER_SPREAD['forbidden topic in free text']);
    const text = allText(result);
    expect(text).not.toMatch(/accident|illness|how long/i);
    expect(text).toMatch(/outside what a palm reading can speak to/);
  });

  it('gives advice that reads on after the colon of its frame, with no colon of its own', () => {
    for (const { advice } of [QUESTION_ANSWERS, CONCERN_ANSWERS])
      for (const said of Object.values(advice).flat()) expect(said).not.toContain(':');
  });

  it('cleans the visitor’s words of tags, markup characters and excess length', () => {
    expect(
      cleanVisitorText('<b>Hello</b> *there* [x](javascript:alert(1)) &lt;3<script>alert(2)</script>'),
    ).toBe('Hello there x 3');
    const long = cleanVisitorText('word '.repeat(80));
    expect(long.length).toBeLessThanOrEqual(141);
    expect(long.endsWith('…')).toBe(true);
  });

  it('uses age, relationship and children to word the reading when the visitor gave them, never as a palm fact', async () => {
    const text = allText(
      await read(palm('earth-right-deep-lines'), ANSWER_SPREAD['married mother, health and spirit']),
    );
    expect(text).toMatch(/You told us you are married|As you are married/);
    expect(text).toMatch(/You told us you have children|As a parent/);
    expect(text).toMatch(/At your age/);
    expect(text).not.toMatch(/dominant/i);
  });

  it('lets no default speak as an answer: nothing told, chosen, aged or dominant that the visitor did not give', async () => {
    const claims = /you told us|you chose|at your age|as you are|as a parent|dominant/i;
    const defaults = answers({
      age: '46-55',
      maritalStatus: 'married',
      hasChildren: 'yes',
      dominantHand: 'left',
    });
    for (const name of FIXTURE_NAMES) {
      for (const submission of [answers(), defaults, ANSWER_SPREAD['job question, nothing else asked']!])
        expect(allText(await read(palm(name), submission)), name).not.toMatch(claims);
    }
  });

  it('claims to rest on nothing it did not read, where the photo showed nothing a section reads', () => {
    const observation = palm('water-right-no-lines');
    const submission = answers();
    // No trait a re-take was seen to keep: the photo shows no line, and the profile states no proportion.
    const profile = palmProfileOf(observation, { ...EVERY_TRAIT_RELIABLE, traits: {} });
    const fired = interpret(observation, submission, PALM_RULES, profile, []);
    const { sections } = composeReading(fired, observation, submission, profile);
    const prose = sections.flatMap((s) => [...s.insights, s.content, s.details]).join(' ');
    expect(prose).not.toMatch(/shape of your hand/);
    expect(prose).toMatch(
      /left unread rather than guessed|rather leave (?:it|them) out than guess|stays unread/,
    );
  });

  it('says once and kindly which lines could not be read, and lists them in "How we read this"', async () => {
    const result = await read(palm('water-right-no-lines'));
    const love = result.sections.find((s) => s.area === 'love')!;
    expect(love.details).toMatch(
      /(did not show clearly|could not make out|did not show your)[^.]*Hridaya rekha \(heart line\)|Hridaya rekha \(heart line\)[^.]*did not show clearly/,
    );
    expect(love.howWeRead?.lines).toContain('Heart line (Hridaya rekha): not clearly visible in this photo');
    const prose = result.sections.flatMap((s) => [...s.insights, s.content, s.details]).join(' ');
    expect(prose.match(/[^.]*\(fate line\)[^.]*(?:in this photo|clearly enough)[^.]*/g)).toHaveLength(1);
    expect(result.sections.flatMap((s) => s.basis).some((tag) => /line/i.test(tag))).toBe(false);
    expect(result.line_traces).toEqual([]);
  });
});
