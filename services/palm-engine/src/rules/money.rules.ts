import { defineRules, GEOMETRY, onLine, onMount, seenClearly, TATTVA } from './palm-rule';

const sun = onLine('sun');
const fate = onLine('fate');
const GURU = { kind: 'mount', mount: 'guru' } as const;
const SURYA = { kind: 'mount', mount: 'surya' } as const;
const BUDH = { kind: 'mount', mount: 'budh' } as const;
const SHUKRA = { kind: 'mount', mount: 'shukra' } as const;

// Our own wording of the classical money themes: Budh finger, Surya and Bhagya rekha, finger setting.
export const MONEY_RULES = defineRules('money', [
  {
    id: 'money.tattva.earth',
    evidence: TATTVA,
    when: (p) => p.traits.handType === 'earth',
    weight: 0.7,
    basis: 'Earth hand',
    phrasings: [
      'A Prithvi (earth) hand builds wealth slowly and surely: saving, property and patient investment suit you.',
      'The earth element in your hand points to prudence with money and a liking for tangible assets.',
      'Your earth hand is read as security-minded: a solid cushion matters more to you than quick wins.',
    ],
  },
  {
    id: 'money.tattva.air',
    evidence: TATTVA,
    when: (p) => p.traits.handType === 'air',
    weight: 0.7,
    basis: 'Air hand',
    phrasings: [
      'A Vayu (air) hand earns through ideas and contacts: knowledge and networks are your capital.',
      'The air element in your hand suggests income that flows from communication, trade or teaching.',
      'Your air hand is read as a clever planner with money, as long as plans are written down and kept.',
    ],
  },
  {
    id: 'money.tattva.fire',
    evidence: TATTVA,
    when: (p) => p.traits.handType === 'fire',
    weight: 0.7,
    basis: 'Fire hand',
    phrasings: [
      'An Agni (fire) hand makes money by taking initiative; it also spends with enthusiasm.',
      'The fire element in your hand points to enterprise: ventures and bold moves attract you.',
      'Your fire hand is read as a generous spender and a keen earner; a simple budget keeps both in balance.',
    ],
  },
  {
    id: 'money.tattva.water',
    evidence: TATTVA,
    when: (p) => p.traits.handType === 'water',
    weight: 0.7,
    basis: 'Water hand',
    phrasings: [
      'A Jal (water) hand spends from the heart: generosity comes naturally, planning less so.',
      'The water element in your hand suggests money flows best through work you believe in.',
      'Your water hand is read as intuitive with money; a trusted adviser helps turn instinct into a plan.',
    ],
  },
  {
    id: 'money.index.even',
    evidence: GEOMETRY,
    when: (p) => p.traits.indexVsRing === 'even',
    weight: 0.65,
    basis: 'Index and ring fingers level',
    place: GURU,
    phrasings: [
      'Index and ring fingers of equal length are read as a sound, balanced hand with finances.',
      'Your level Guru and Surya fingers point to sensible money choices: neither reckless nor fearful.',
    ],
  },
  {
    id: 'money.index.longer',
    evidence: GEOMETRY,
    when: (p) => p.traits.indexVsRing === 'index-longer',
    weight: 0.55,
    basis: 'Index finger longer than ring',
    place: GURU,
    phrasings: [
      'A longer index finger is read as wanting control over your resources: you like to plan and direct.',
      'Your Guru finger leads, linked with ambition for status and the discipline to build toward it.',
    ],
  },
  {
    id: 'money.index.shorter',
    evidence: GEOMETRY,
    when: (p) => p.traits.indexVsRing === 'ring-longer',
    weight: 0.55,
    basis: 'Ring finger longer than index',
    place: SURYA,
    phrasings: [
      'A longer ring finger is read as comfort with risk: you back your own hunches.',
      'Your Surya finger outreaches the index, linked with income from creativity and calculated bets.',
    ],
  },
  {
    id: 'money.ring.much-longer',
    evidence: GEOMETRY,
    when: (p) => p.traits.ringMuchLonger === true,
    weight: 0.6,
    basis: 'Ring finger much longer',
    place: SURYA,
    phrasings: [
      'A ring finger well beyond the index is the classical sign of a speculator; set limits before you play.',
      'Your markedly long Surya finger is read as a love of chance, best enjoyed with firm limits.',
    ],
  },
  {
    id: 'money.little.long',
    evidence: GEOMETRY,
    when: (p) => p.traits.littleFinger === 'long',
    weight: 0.7,
    basis: 'Little finger long',
    place: BUDH,
    phrasings: [
      'A long Budh (Mercury) finger is the classical mark of business sense and persuasive speech.',
      'Your little finger rises above the ring finger’s top joint, read as a flair for trade and negotiation.',
    ],
  },
  {
    id: 'money.little.reaching',
    evidence: GEOMETRY,
    when: (p) => p.traits.littleFinger === 'reaching',
    weight: 0.6,
    basis: 'Little finger at ring joint',
    place: BUDH,
    phrasings: [
      'A little finger reaching the ring finger’s top joint is read as good judgement in deals.',
      'Your Budh finger reaches its classical mark, linked with clear thinking about money and value.',
    ],
  },
  {
    id: 'money.little.short',
    evidence: GEOMETRY,
    when: (p) => p.traits.littleFinger === 'short',
    weight: 0.55,
    basis: 'Little finger below ring joint',
    place: BUDH,
    phrasings: [
      'A shorter Budh finger is read as discomfort with haggling; a written plan speaks for you.',
      'Your little finger sits short, suggesting you do best with simple, automatic saving habits.',
      'With a little finger that stops short of the ring finger’s top joint, tradition reads money talk as awkward for you; agreeing terms in writing helps.',
      'The short reach of your Budh finger is read as trust in plain arrangements over clever deals.',
    ],
  },
  {
    id: 'money.thumb.long',
    evidence: GEOMETRY,
    when: (p) => p.traits.thumb === 'long',
    weight: 0.55,
    basis: 'Long thumb',
    place: SHUKRA,
    phrasings: [
      'A long thumb is read as willpower with money: you can say no to impulse purchases.',
      'Your long thumb suggests the discipline to keep a savings plan over years.',
    ],
  },
  {
    id: 'money.thumb.short',
    evidence: GEOMETRY,
    when: (p) => p.traits.thumb !== 'long',
    weight: 0.45,
    basis: 'Thumb not long',
    place: SHUKRA,
    phrasings: [
      'A thumb of modest length is read as openness to persuasion; sleep on big purchases.',
      'Your thumb suggests flexibility with money: automatic transfers to savings protect you from impulse.',
    ],
  },
  {
    id: 'money.spacing.close',
    evidence: GEOMETRY,
    when: (p) => p.traits.spacing === 'close',
    weight: 0.6,
    basis: 'Fingers held close',
    phrasings: [
      'Fingers that close without gaps are an old Indian sign of wealth kept: money stays in your hand.',
      'Your closely set fingers are read as a careful saver who rarely lets money slip away.',
    ],
  },
  {
    id: 'money.spacing.average',
    evidence: GEOMETRY,
    when: (p) => p.traits.spacing === 'average',
    weight: 0.45,
    basis: 'Fingers evenly spaced',
    phrasings: [
      'Evenly set fingers are read as a balance of saving and enjoying what you earn.',
      'The even spacing of your fingers suggests moderate, sensible habits with money.',
    ],
  },
  {
    id: 'money.spacing.wide',
    evidence: GEOMETRY,
    when: (p) => p.traits.spacing === 'wide',
    weight: 0.55,
    basis: 'Fingers spread wide',
    phrasings: [
      'Widely spread fingers are read as an open hand: generous, and quick to spend on experiences.',
      'Your open finger spread suggests money moves through your hands freely; a budget gives it direction.',
    ],
  },
  {
    id: 'money.palm.square',
    evidence: GEOMETRY,
    when: (p) => p.traits.palmShape === 'square',
    weight: 0.5,
    basis: 'Square palm',
    phrasings: [
      'A square palm is read as steady accumulation through regular work and careful saving.',
      'Your square palm points to a practical approach to money that favours security.',
    ],
  },
  {
    id: 'money.palm.balanced',
    evidence: GEOMETRY,
    when: (p) => p.traits.palmShape === 'balanced',
    weight: 0.45,
    basis: 'Balanced palm',
    phrasings: [
      'A palm of even proportions is read as money from both steady work and the odd inspired venture.',
      'Your evenly proportioned palm suggests earnings that come from routine and ideas alike.',
    ],
  },
  {
    id: 'money.palm.long',
    evidence: GEOMETRY,
    when: (p) => p.traits.palmShape === 'oblong',
    weight: 0.45,
    basis: 'Long, narrow palm',
    phrasings: [
      'A long, narrow palm is read as income from ideas and talents rather than routine.',
      'Your palm’s long proportions suggest earnings that follow inspiration; plan for uneven months.',
    ],
  },
  {
    id: 'money.fingers.long',
    evidence: GEOMETRY,
    when: (p) => p.traits.fingers === 'long',
    weight: 0.45,
    basis: 'Long fingers',
    phrasings: [
      'Long fingers are read as a researcher with money: you compare and read the small print.',
      'Your long fingers suggest careful, well-informed financial decisions.',
    ],
  },
  {
    id: 'money.fingers.short',
    evidence: GEOMETRY,
    when: (p) => p.traits.fingers !== 'long',
    weight: 0.4,
    basis: 'Short or medium fingers',
    phrasings: [
      'Fingers that are not long are read as quick money decisions; a pause before big ones pays off.',
      'Your finger length suggests you decide fast and trust your instinct about value.',
    ],
  },
  {
    id: 'money.sun.seen',
    evidence: [sun],
    when: (p) => seenClearly(p.line('sun')),
    weight: 0.75,
    basis: 'Sun line seen',
    phrasings: [
      'A visible Surya rekha is the classical sign of success and comfort earned through your talents.',
      'Your sun line can be seen, linked with recognition that tends to bring material reward.',
    ],
  },
  {
    id: 'money.sun.strong',
    evidence: [sun],
    when: (p) => p.line('sun')?.depth === 'deep' || p.line('sun')?.length === 'long',
    weight: 0.65,
    basis: 'Sun line: strong',
    phrasings: [
      'A strong Surya rekha is read as prosperity that grows with your reputation.',
      'Your sun line is well marked, linked with lasting rewards from what you create.',
    ],
  },
  {
    id: 'money.fate.seen',
    evidence: [fate],
    when: (p) => seenClearly(p.line('fate')),
    weight: 0.6,
    basis: 'Fate line seen',
    phrasings: [
      'A visible Bhagya rekha is read as income tied to a steady calling.',
      'Your fate line can be seen, linked with financial stability built through consistent work.',
    ],
  },
  {
    id: 'money.fate.strong',
    evidence: [fate],
    when: (p) => p.line('fate')?.depth === 'deep' && p.line('fate')?.length !== 'short',
    weight: 0.6,
    basis: 'Fate line: deep',
    phrasings: [
      'A deep, long Bhagya rekha is read as material security that grows steadily over the years.',
      'Your well-marked fate line points to finances that reward patience and persistence.',
    ],
  },
  {
    id: 'money.head.straight',
    evidence: [onLine('head')],
    when: (p) => p.line('head')?.curvature === 'straight',
    weight: 0.6,
    basis: 'Head line: straight',
    phrasings: [
      'A straight Mastishk rekha (in Samudrika also Dhana rekha) is read as a practical head for money.',
      'Your level head line suggests sober financial judgement and a good eye for numbers.',
    ],
  },
  {
    id: 'money.head.long',
    evidence: [onLine('head')],
    when: (p) => p.line('head')?.length === 'long',
    weight: 0.5,
    basis: 'Head line: long',
    phrasings: [
      'A long head line, the Dhana rekha of the Samudrika texts, is read as foresight in financial planning.',
      'Your long Mastishk rekha suggests you think money decisions through to their later effects.',
    ],
  },
  {
    id: 'money.budh.full',
    evidence: [onMount('budh')],
    when: (p) => p.mount('budh') === 'full',
    weight: 0.3,
    basis: 'Mercury mount: full',
    phrasings: [
      'A full Budh parvat is traditionally read as commercial talent and shrewdness.',
      'The Mount of Mercury looks developed, linked with skill in business and trade.',
    ],
  },
  {
    id: 'money.surya.full',
    evidence: [onMount('surya')],
    when: (p) => p.mount('surya') === 'full',
    weight: 0.25,
    basis: 'Sun mount: full',
    phrasings: [
      'A full Surya parvat is read as a taste for beautiful things and the means to enjoy them.',
      'The Mount of the Sun looks developed, linked with prosperity through talent and renown.',
    ],
  },
  {
    id: 'money.guru.full',
    evidence: [onMount('guru')],
    when: (p) => p.mount('guru') === 'full',
    weight: 0.25,
    basis: 'Jupiter mount: full',
    phrasings: [
      'A full Guru parvat is read as ambition for standing, which often brings resources with it.',
      'The Mount of Jupiter looks developed, linked with the confidence to ask for what you are worth.',
    ],
  },
  {
    id: 'money.earth.close',
    evidence: [...TATTVA, ...GEOMETRY],
    when: (p) => p.traits.handType === 'earth' && p.traits.spacing !== 'wide',
    weight: 0.65,
    basis: 'Earth hand, fingers close',
    phrasings: [
      'An earth hand with closely set fingers doubles the signs of thrift: your savings tend to grow quietly.',
      'Your Prithvi hand and even finger setting point to a natural saver and a careful steward.',
    ],
  },
  {
    id: 'money.fire.ring-longer',
    evidence: [...TATTVA, ...GEOMETRY],
    when: (p) => p.traits.handType === 'fire' && p.traits.indexVsRing === 'ring-longer',
    weight: 0.65,
    basis: 'Fire hand, long ring finger',
    phrasings: [
      'A fire hand with a long ring finger is read as a bold investor; pair the courage with research.',
      'Your Agni hand and long Surya finger point to an appetite for ventures; keep a safe reserve beside them.',
    ],
  },
]);
