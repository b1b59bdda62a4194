import { defineRules, GEOMETRY, onLine, onMount, seenClearly, TATTVA } from './palm-rule';

const head = onLine('head');
const fate = onLine('fate');
const GURU = { kind: 'mount', mount: 'guru' } as const;
const SHANI = { kind: 'mount', mount: 'shani' } as const;
const SURYA = { kind: 'mount', mount: 'surya' } as const;
const SHUKRA = { kind: 'mount', mount: 'shukra' } as const;

// Our own wording of the classical themes for work: head and fate lines, index vs ring, thumb, shape.
export const CAREER_RULES = defineRules('career', [
  {
    id: 'career.tattva.earth',
    evidence: TATTVA,
    when: (p) => p.traits.handType === 'earth',
    weight: 0.7,
    basis: 'Earth hand',
    phrasings: [
      'A Prithvi (earth) hand works best with tangible results: building, making, managing real things.',
      'The earth element in your hand points to a patient, dependable worker whom others rely on.',
      'Your earth hand is read as a talent for turning plans into something solid and lasting.',
    ],
  },
  {
    id: 'career.tattva.air',
    evidence: TATTVA,
    when: (p) => p.traits.handType === 'air',
    weight: 0.7,
    basis: 'Air hand',
    phrasings: [
      'A Vayu (air) hand thrives on ideas and exchange: teaching, writing, analysis or anything with words.',
      'The air element in your hand suggests a quick, curious mind that needs variety in its work.',
      'Your air hand is read as a communicator: you shine where ideas must be explained and connected.',
    ],
  },
  {
    id: 'career.tattva.fire',
    evidence: TATTVA,
    when: (p) => p.traits.handType === 'fire',
    weight: 0.7,
    basis: 'Fire hand',
    phrasings: [
      'An Agni (fire) hand is a starter: you bring drive to new projects and rally others behind them.',
      'The fire element in your hand points to initiative and leadership; routine tends to bore you.',
      'Your fire hand is read as entrepreneurial energy: you move fastest when the goal excites you.',
    ],
  },
  {
    id: 'career.tattva.water',
    evidence: TATTVA,
    when: (p) => p.traits.handType === 'water',
    weight: 0.7,
    basis: 'Water hand',
    phrasings: [
      'A Jal (water) hand brings intuition to work: caring, creative and advisory roles suit you.',
      'The water element in your hand suggests you do your best work where empathy and imagination count.',
      'Your water hand is read as a gift for sensing what people need, valuable in any team.',
    ],
  },
  {
    id: 'career.palm.square',
    evidence: GEOMETRY,
    when: (p) => p.traits.palmShape === 'square',
    weight: 0.55,
    basis: 'Square palm',
    phrasings: [
      'A square palm is read as method and order: you like clear structures and finished tasks.',
      'Your square palm points to a practical worker who trusts systems and steady progress.',
      'The square shape of your palm is linked with reliability: people hand you the job that must be done right.',
      'A palm as broad as yours is read as a builder’s hand, happiest when effort turns into something solid.',
    ],
  },
  {
    id: 'career.palm.balanced',
    evidence: GEOMETRY,
    when: (p) => p.traits.palmShape === 'balanced',
    weight: 0.45,
    basis: 'Balanced palm',
    phrasings: [
      'A palm of balanced proportions suggests versatility: you can both plan the work and do it.',
      'Your evenly proportioned palm is read as adaptability between thinking and doing.',
    ],
  },
  {
    id: 'career.palm.oblong',
    evidence: GEOMETRY,
    when: (p) => p.traits.palmShape === 'oblong',
    weight: 0.55,
    basis: 'Long, oblong palm',
    phrasings: [
      'A long palm is read as a mind for concepts and possibilities rather than repetition.',
      'Your oblong palm points to work that lets you imagine, design and shape ideas.',
    ],
  },
  {
    id: 'career.index.longer',
    evidence: GEOMETRY,
    when: (p) => p.traits.indexVsRing === 'index-longer',
    weight: 0.7,
    basis: 'Index finger longer than ring',
    place: GURU,
    phrasings: [
      'An index finger longer than the ring finger is the classical mark of Guru: ambition and a wish to lead.',
      'Your Guru (Jupiter) finger outreaches the ring finger, read as confidence in taking charge.',
      'With the Guru finger rising above the ring finger, tradition reads a natural pull toward responsibility and leadership.',
      'The reach of your index finger past the ring finger is read as self-belief that others tend to follow.',
    ],
  },
  {
    id: 'career.index.even',
    evidence: GEOMETRY,
    when: (p) => p.traits.indexVsRing === 'even',
    weight: 0.55,
    basis: 'Index and ring fingers level',
    place: GURU,
    phrasings: [
      'Index and ring fingers of similar length suggest a balance of ambition and creativity.',
      'Your level Guru and Surya fingers are read as someone who can lead and also create.',
    ],
  },
  {
    id: 'career.index.shorter',
    evidence: GEOMETRY,
    when: (p) => p.traits.indexVsRing === 'ring-longer',
    weight: 0.7,
    basis: 'Ring finger longer than index',
    place: SURYA,
    phrasings: [
      'A ring finger longer than the index is the mark of Surya: creativity and a taste for bold moves.',
      'Your Surya (Sun) finger outreaches the index, read as a flair for visible, expressive work.',
      'With the ring finger outreaching the index, tradition reads a creative streak that wants an audience.',
      'The length of your Surya finger is read as a readiness to take risks for work you believe in.',
    ],
  },
  {
    id: 'career.middle.long',
    evidence: GEOMETRY,
    when: (p) => p.traits.middleFinger === 'long',
    weight: 0.6,
    basis: 'Middle finger long',
    place: SHANI,
    phrasings: [
      'A long Shani (Saturn) finger is read as responsibility and depth: you take duties seriously.',
      'Your middle finger stands tall, a sign of patience, research and careful judgement at work.',
      'The Saturn finger rising above its neighbours is read as a serious, conscientious streak at work.',
      'A middle finger this long suggests you are the one who checks the details and owns the outcome.',
    ],
  },
  {
    id: 'career.middle.short',
    evidence: GEOMETRY,
    when: (p) => p.traits.middleFinger === 'short',
    weight: 0.5,
    basis: 'Middle finger near neighbours',
    place: SHANI,
    phrasings: [
      'A middle finger close in length to its neighbours suggests you dislike rigid rules and work best with freedom.',
      'Your Shani finger does not dominate, read as flexibility: you adapt faster than you follow procedure.',
      'A Shani finger that barely rises above its neighbours is read as an independent streak at work.',
      'With the middle finger close to its neighbours, tradition reads a dislike of hierarchy and a wish to shape your own role.',
    ],
  },
  {
    id: 'career.thumb.long',
    evidence: GEOMETRY,
    when: (p) => p.traits.thumb === 'long',
    weight: 0.7,
    basis: 'Long thumb',
    place: SHUKRA,
    phrasings: [
      'A long thumb is the classical sign of will power: once you decide, you follow through.',
      'Your long thumb points to determination and the stamina to see a project to its end.',
      'Your thumb reaches far along the hand, read as a strong will that carries plans through setbacks.',
      'Palmists read a thumb of this length as self-command: you set your own pace and keep it.',
    ],
  },
  {
    id: 'career.thumb.medium',
    evidence: GEOMETRY,
    when: (p) => p.traits.thumb === 'medium',
    weight: 0.45,
    basis: 'Thumb of medium length',
    place: SHUKRA,
    phrasings: [
      'A thumb of medium length suggests a good balance of persistence and flexibility.',
      'Your thumb is of even proportion, read as someone who pushes when it matters and yields when wise.',
    ],
  },
  {
    id: 'career.thumb.short',
    evidence: GEOMETRY,
    when: (p) => p.traits.thumb === 'short',
    weight: 0.55,
    basis: 'Shorter thumb',
    place: SHUKRA,
    phrasings: [
      'A shorter thumb is read as a cooperative worker who prefers consensus over force.',
      'Your shorter thumb suggests you go further with a team and clear deadlines than alone.',
    ],
  },
  {
    id: 'career.fingers.long',
    evidence: GEOMETRY,
    when: (p) => p.traits.fingers === 'long',
    weight: 0.5,
    basis: 'Long fingers',
    phrasings: [
      'Long fingers are read as patience with detail: planning, analysis and careful craft suit you.',
      'Your long fingers point to someone who prefers to understand a task fully before starting.',
      'Fingers this long are read as a taste for precision; work that rewards thoroughness suits you.',
      'The length of your fingers suggests a researcher’s patience: you notice what others skim past.',
    ],
  },
  {
    id: 'career.fingers.medium',
    evidence: GEOMETRY,
    when: (p) => p.traits.fingers === 'medium',
    weight: 0.4,
    basis: 'Medium-length fingers',
    phrasings: [
      'Fingers of medium length suggest you move comfortably between the big picture and the details.',
      'Your medium-length fingers are read as a practical mix of planning and doing.',
    ],
  },
  {
    id: 'career.fingers.short',
    evidence: GEOMETRY,
    when: (p) => p.traits.fingers === 'short',
    weight: 0.5,
    basis: 'Short fingers',
    phrasings: [
      'Short fingers are read as quick decisions: you grasp the whole and act while others deliberate.',
      'Your short fingers point to a preference for action, momentum and visible results.',
      'Fingers this short are read as a doer’s hand: you learn by starting, not by reading the manual.',
      'The short span of your fingers suggests impatience with red tape and a gift for getting things moving.',
    ],
  },
  {
    id: 'career.head.straight',
    evidence: [head],
    when: (p) => p.line('head')?.curvature === 'straight',
    weight: 0.85,
    basis: 'Head line: straight',
    phrasings: [
      'A straight Mastishk rekha is read as a logical, practical mind: you solve problems step by step.',
      'Your head line runs level, the classical sign of clear, realistic thinking at work.',
    ],
  },
  {
    id: 'career.head.curved',
    evidence: [head],
    when: (p) => p.line('head')?.curvature === 'curved',
    weight: 0.85,
    basis: 'Head line: sloping',
    phrasings: [
      'A sloping Mastishk rekha points to imagination: creative fields and original solutions suit you.',
      'Your head line curves downward, read as a mind that thinks in images and stories.',
    ],
  },
  {
    id: 'career.head.gentle',
    evidence: [head],
    when: (p) => p.line('head')?.curvature === 'gentle',
    weight: 0.65,
    basis: 'Head line: gentle slope',
    phrasings: [
      'A gently sloping head line blends logic with imagination: practical ideas are your strength.',
      'Your Mastishk rekha bends softly, read as a mind that can be both realistic and inventive.',
    ],
  },
  {
    id: 'career.head.long',
    evidence: [head],
    when: (p) => p.line('head')?.length === 'long',
    weight: 0.75,
    basis: 'Head line: long',
    phrasings: [
      'A long head line is read as breadth of interests and thorough thinking.',
      'Your Mastishk rekha reaches far across the palm, a sign of a mind that likes to see every angle.',
      'The reach of your head line suggests a planner who thinks several moves ahead.',
      'A Mastishk rekha this long is read as curiosity that keeps widening, so varied work keeps you engaged.',
    ],
  },
  {
    id: 'career.head.short',
    evidence: [head],
    when: (p) => p.line('head')?.length === 'short',
    weight: 0.65,
    basis: 'Head line: short',
    phrasings: [
      'A shorter head line is read as focus: you go deep into one subject instead of spreading thin.',
      'Your Mastishk rekha is compact, linked with quick, practical thinking that gets to the point.',
    ],
  },
  {
    id: 'career.head.deep',
    evidence: [head],
    when: (p) => p.line('head')?.depth === 'deep',
    weight: 0.6,
    basis: 'Head line: deep',
    phrasings: [
      'A deep head line is read as concentration: when you focus, little distracts you.',
      'Your clearly etched Mastishk rekha points to steady, determined thinking.',
    ],
  },
  {
    id: 'career.head.breaks',
    evidence: [head],
    when: (p) => (p.line('head')?.breaks ?? 0) >= 1,
    weight: 0.55,
    basis: 'Head line: broken',
    phrasings: [
      'A break in the head line is read as a change of direction in thinking, often a career turn.',
      'Your Mastishk rekha shows a break, linked with phases where you rethought your path and chose anew.',
    ],
  },
  {
    id: 'career.fate.seen',
    evidence: [fate],
    when: (p) => seenClearly(p.line('fate')),
    weight: 0.7,
    basis: 'Fate line seen',
    phrasings: [
      'A visible Bhagya rekha is read as a sense of purpose: you tend to know what you are working towards.',
      'Your fate line can be seen rising through the palm, a sign of direction and commitment in work.',
    ],
  },
  {
    id: 'career.fate.deep',
    evidence: [fate],
    when: (p) => p.line('fate')?.depth === 'deep' || p.line('fate')?.length === 'long',
    weight: 0.65,
    basis: 'Fate line: strong',
    phrasings: [
      'A strong Bhagya rekha is read as steady career momentum built through your own persistence.',
      'Your fate line is well marked, linked with a career that grows by consistent effort over time.',
    ],
  },
  {
    id: 'career.fate.breaks',
    evidence: [fate],
    when: (p) => (p.line('fate')?.breaks ?? 0) >= 1,
    weight: 0.55,
    basis: 'Fate line: broken',
    phrasings: [
      'A break in the fate line is read as a change of course: a new role, field or way of working.',
      'Your Bhagya rekha changes along its way, a sign of reinvention rather than a single track.',
    ],
  },
  {
    id: 'career.sun.seen',
    evidence: [onLine('sun')],
    when: (p) => seenClearly(p.line('sun')),
    weight: 0.6,
    basis: 'Sun line seen',
    phrasings: [
      'A visible Surya rekha is read as recognition for your talents: your work tends to get noticed.',
      'Your sun line can be seen below the ring finger, linked with creative satisfaction and visibility.',
    ],
  },
  {
    id: 'career.guru.full',
    evidence: [onMount('guru')],
    when: (p) => p.mount('guru') === 'full',
    weight: 0.3,
    basis: 'Jupiter mount: full',
    phrasings: [
      'A full Guru parvat is traditionally read as leadership and a wish to organise others.',
      'The Mount of Jupiter looks well developed, linked with ambition and dignity in your work.',
    ],
  },
  {
    id: 'career.shani.full',
    evidence: [onMount('shani')],
    when: (p) => p.mount('shani') === 'full',
    weight: 0.25,
    basis: 'Saturn mount: full',
    phrasings: [
      'A full Shani parvat is read as prudence and a talent for serious, long-term work.',
      'The Mount of Saturn looks developed, linked with discipline and careful judgement.',
    ],
  },
  {
    id: 'career.budh.full',
    evidence: [onMount('budh')],
    when: (p) => p.mount('budh') === 'full',
    weight: 0.25,
    basis: 'Mercury mount: full',
    phrasings: [
      'A full Budh parvat is read as a talent for commerce, science and persuasive speech.',
      'The Mount of Mercury looks developed, linked with wit and skill in negotiation.',
    ],
  },
  {
    id: 'career.head-curved.earth',
    evidence: [head, ...TATTVA],
    when: (p) =>
      p.line('head')?.curvature !== 'straight' &&
      p.line('head') !== undefined &&
      p.traits.handType === 'earth',
    weight: 0.7,
    basis: 'Sloping head line, earth hand',
    phrasings: [
      'A sloping head line on an earth hand is read as practical imagination: you invent things that work.',
      'On a Prithvi hand, your curving Mastishk rekha points to a maker with original ideas.',
    ],
  },
  {
    id: 'career.head-straight.water',
    evidence: [head, ...TATTVA],
    when: (p) => p.line('head')?.curvature === 'straight' && p.traits.handType === 'water',
    weight: 0.7,
    basis: 'Straight head line, water hand',
    phrasings: [
      'A straight head line on a water hand is read as a practical idealist: feeling guided by good sense.',
      'On a Jal hand, your level Mastishk rekha keeps sensitivity anchored in realism.',
    ],
  },
]);
