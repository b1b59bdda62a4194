import { CREASES, defineRules, GEOMETRY, onLine, onMount, TATTVA } from './palm-rule';

const heart = onLine('heart');
const BUDH = { kind: 'mount', mount: 'budh' } as const;
const MANGAL_INNER = { kind: 'mount', mount: 'mangal_inner' } as const;

// Our own wording of the classical themes for affection: heart line, Venus, hand element, fingers.
export const LOVE_RULES = defineRules('love', [
  {
    id: 'love.tattva.earth',
    evidence: TATTVA,
    when: (p) => p.traits.handType === 'earth',
    weight: 0.7,
    basis: 'Earth hand',
    phrasings: [
      'A Prithvi (earth) hand loves in deeds: you show care by turning up, fixing things and staying.',
      'The earth element in your hand points to steady, loyal affection that grows slowly and holds.',
      'With an earth hand, trust is built brick by brick; once given, your loyalty is hard to shake.',
    ],
  },
  {
    id: 'love.tattva.air',
    evidence: TATTVA,
    when: (p) => p.traits.handType === 'air',
    weight: 0.7,
    basis: 'Air hand',
    phrasings: [
      'A Vayu (air) hand falls for minds first: conversation and shared curiosity draw you close.',
      'The air element in your hand suggests that talking, laughing and exchanging ideas are how you bond.',
      'Your air hand is read as a need for a partner who is also a friend and a sparring partner in ideas.',
    ],
  },
  {
    id: 'love.tattva.fire',
    evidence: TATTVA,
    when: (p) => p.traits.handType === 'fire',
    weight: 0.7,
    basis: 'Fire hand',
    phrasings: [
      'An Agni (fire) hand loves warmly and quickly: enthusiasm is your way of saying you care.',
      'The fire element in your hand points to passion and generosity in love, with a need to keep things alive.',
      'With a fire hand, you tend to lead in romance, planning the adventure rather than waiting for it.',
    ],
  },
  {
    id: 'love.tattva.water',
    evidence: TATTVA,
    when: (p) => p.traits.handType === 'water',
    weight: 0.7,
    basis: 'Water hand',
    phrasings: [
      'A Jal (water) hand feels deeply: you sense moods before they are spoken and answer them gently.',
      'The water element in your hand is read as a romantic, empathic nature that needs emotional safety.',
      'With a water hand, closeness matters more than display; quiet understanding is your love language.',
    ],
  },
  {
    id: 'love.spacing.close',
    evidence: GEOMETRY,
    when: (p) => p.traits.spacing === 'close',
    weight: 0.5,
    basis: 'Fingers held close',
    phrasings: [
      'Fingers held close are read as a private heart: you let few people in, and keep them well.',
      'Your closely held fingers suggest caution in opening up, followed by great loyalty once you do.',
    ],
  },
  {
    id: 'love.spacing.average',
    evidence: GEOMETRY,
    when: (p) => p.traits.spacing === 'average',
    weight: 0.4,
    basis: 'Fingers evenly spaced',
    phrasings: [
      'Evenly spaced fingers suggest a balance of closeness and independence in your relationships.',
      'The even spacing of your fingers is read as a give-and-take temperament: neither clinging nor distant.',
    ],
  },
  {
    id: 'love.spacing.wide',
    evidence: GEOMETRY,
    when: (p) => p.traits.spacing === 'wide',
    weight: 0.5,
    basis: 'Fingers spread wide',
    phrasings: [
      'Widely spread fingers point to a free spirit in love: you need a partner who gives you room to roam.',
      'The wide spread of your fingers suggests openness and sociability; you make connections easily.',
    ],
  },
  {
    id: 'love.thumb-angle.narrow',
    evidence: GEOMETRY,
    when: (p) => p.traits.thumbAngle === 'narrow',
    weight: 0.45,
    basis: 'Thumb held close to the hand',
    place: MANGAL_INNER,
    phrasings: [
      'A thumb held close to the hand is read as reserve: you show your feelings once you feel safe.',
      'Your close-set thumb suggests you guard your heart at first and open it on your own schedule.',
    ],
  },
  {
    id: 'love.thumb-angle.medium',
    evidence: GEOMETRY,
    when: (p) => p.traits.thumbAngle === 'medium',
    weight: 0.35,
    basis: 'Thumb opens moderately',
    place: MANGAL_INNER,
    phrasings: [
      'The moderate opening of your thumb suggests warmth with good judgement about whom to trust.',
      'A thumb that opens moderately is read as a balanced heart: generous, but not at your own expense.',
    ],
  },
  {
    id: 'love.thumb-angle.wide',
    evidence: GEOMETRY,
    when: (p) => p.traits.thumbAngle === 'wide',
    weight: 0.45,
    basis: 'Thumb opens wide',
    place: MANGAL_INNER,
    phrasings: [
      'A wide-opening thumb is a classical sign of a generous, open heart that gives freely.',
      'Your thumb opens wide, which palmists link to warmth towards others and an easy welcome.',
    ],
  },
  {
    id: 'love.fingers.long',
    evidence: GEOMETRY,
    when: (p) => p.traits.fingers === 'long',
    weight: 0.4,
    basis: 'Long fingers',
    phrasings: [
      'Long fingers are read as attention to nuance: you remember the small things a partner says.',
      'Your long fingers suggest a thoughtful lover who reads between the lines.',
    ],
  },
  {
    id: 'love.fingers.short',
    evidence: GEOMETRY,
    when: (p) => p.traits.fingers === 'short',
    weight: 0.4,
    basis: 'Short fingers',
    phrasings: [
      'Short fingers point to directness in love: you prefer clear gestures to long analysis.',
      'Your shorter fingers are read as a spontaneous heart that acts on its feelings.',
    ],
  },
  {
    id: 'love.creases.dense',
    evidence: CREASES,
    when: (p) => p.traits.creases === 'dense',
    weight: 0.45,
    basis: 'Many fine creases',
    phrasings: [
      'A palm full of fine lines is read as emotional sensitivity: you pick up on the feelings in a room.',
      'The many fine creases of your palm suggest a responsive heart that is touched easily.',
    ],
  },
  {
    id: 'love.creases.sparse',
    evidence: CREASES,
    when: (p) => p.traits.creases === 'sparse',
    weight: 0.45,
    basis: 'Few, clear creases',
    phrasings: [
      'A palm with few, clear lines suggests steady feelings that do not swing with every mood.',
      'Your clean palm is read as emotional constancy: people know where they stand with you.',
    ],
  },
  {
    id: 'love.little-finger.reaching',
    evidence: GEOMETRY,
    when: (p) => p.traits.littleFinger !== 'short',
    weight: 0.4,
    basis: 'Little finger at ring joint',
    place: BUDH,
    phrasings: [
      'Your little finger reaches well up the ring finger, a sign that you find words for your feelings.',
      'A well-reaching Budh (Mercury) finger is read as ease in speaking from the heart.',
    ],
  },
  {
    id: 'love.little-finger.short',
    evidence: GEOMETRY,
    when: (p) => p.traits.littleFinger === 'short',
    weight: 0.4,
    basis: 'Little finger below ring joint',
    place: BUDH,
    phrasings: [
      'A shorter little finger suggests you show love more readily than you say it.',
      'Your Budh (Mercury) finger sits short, read as feelings expressed through actions rather than speeches.',
    ],
  },
  {
    id: 'love.heart.long',
    evidence: [heart],
    when: (p) => p.line('heart')?.length === 'long',
    weight: 0.85,
    basis: 'Heart line: long',
    phrasings: [
      'Your Hridaya rekha runs long across the palm, the classical mark of lasting, wholehearted affection.',
      'A long heart line is read as a big capacity for love and a wish for depth over novelty.',
    ],
  },
  {
    id: 'love.heart.medium',
    evidence: [heart],
    when: (p) => p.line('heart')?.length === 'medium',
    weight: 0.6,
    basis: 'Heart line: medium',
    phrasings: [
      'A heart line of medium length suggests balanced feelings: warm, yet grounded in good sense.',
      'Your Hridaya rekha is of moderate length, read as affection that is sincere without being consuming.',
    ],
  },
  {
    id: 'love.heart.short',
    evidence: [heart],
    when: (p) => p.line('heart')?.length === 'short',
    weight: 0.7,
    basis: 'Heart line: short',
    phrasings: [
      'A shorter Hridaya rekha is read as a practical heart that values actions and loyalty over romance.',
      'Your heart line is short, which tradition links to a self-contained nature that loves on its own terms.',
    ],
  },
  {
    id: 'love.heart.curved',
    evidence: [heart],
    when: (p) => p.line('heart')?.curvature === 'curved',
    weight: 0.8,
    basis: 'Heart line: curved',
    phrasings: [
      'Your heart line curves upward, a sign of expressive warmth: you show love openly.',
      'A curving Hridaya rekha is read as a demonstrative, affectionate nature that enjoys romance.',
    ],
  },
  {
    id: 'love.heart.straight',
    evidence: [heart],
    when: (p) => p.line('heart')?.curvature === 'straight',
    weight: 0.8,
    basis: 'Heart line: straight',
    phrasings: [
      'A straight heart line is read as love guided by reason: calm, considered and dependable.',
      'Your Hridaya rekha runs straight, the sign of someone who thinks feelings through before acting.',
    ],
  },
  {
    id: 'love.heart.gentle',
    evidence: [heart],
    when: (p) => p.line('heart')?.curvature === 'gentle',
    weight: 0.6,
    basis: 'Heart line: gentle arc',
    phrasings: [
      'The gentle arc of your heart line balances head and heart: romantic, yet realistic.',
      'A softly curving Hridaya rekha is read as warmth that keeps its feet on the ground.',
    ],
  },
  {
    id: 'love.heart.deep',
    evidence: [heart],
    when: (p) => p.line('heart')?.depth === 'deep',
    weight: 0.75,
    basis: 'Heart line: deep',
    phrasings: [
      'A deeply etched heart line points to strong, lasting feelings and a loyal heart.',
      'The depth of your Hridaya rekha is read as emotional intensity that is steady, not fleeting.',
    ],
  },
  {
    id: 'love.heart.faint',
    evidence: [heart],
    when: (p) => p.line('heart')?.depth === 'faint',
    weight: 0.55,
    basis: 'Heart line: fine',
    phrasings: [
      'A fine, light heart line is read as a gentle, sensitive heart that prefers quiet closeness.',
      'Your Hridaya rekha is delicate, a sign of tender feelings that open best in calm surroundings.',
    ],
  },
  {
    id: 'love.heart.breaks',
    evidence: [heart],
    when: (p) => (p.line('heart')?.breaks ?? 0) >= 1,
    weight: 0.65,
    basis: 'Heart line: broken',
    phrasings: [
      'Breaks in the heart line are read as turning points: chapters where your idea of love was renewed.',
      'Your Hridaya rekha shows a break, which palmists see as a phase of recalibration that left you wiser.',
    ],
  },
  {
    id: 'love.heart.unbroken',
    evidence: [heart],
    when: (p) => p.line('heart')?.breaks === 0 && p.line('heart')?.depth !== 'faint',
    weight: 0.6,
    basis: 'Heart line: unbroken',
    phrasings: [
      'An unbroken heart line is read as constancy: your affections, once given, tend to stay.',
      'Your Hridaya rekha runs without a break, a sign of even, dependable feelings.',
    ],
  },
  {
    id: 'love.marriage.seen',
    evidence: [onLine('marriage')],
    when: (p) => p.line('marriage') !== undefined,
    weight: 0.55,
    basis: 'Marriage line seen',
    phrasings: [
      (s) =>
        /married|partner|relationship/i.test(s.maritalStatus)
          ? 'A visible Vivah rekha is read as a heart that takes commitment seriously, as your present bond reflects.'
          : 'A visible Vivah rekha is read as a heart that takes commitment seriously when the right bond comes.',
      'Your Vivah rekha can be seen at the edge of the palm, linked with the importance of close partnership in your life.',
    ],
  },
  {
    id: 'love.marriage.deep',
    evidence: [onLine('marriage')],
    when: (p) => p.line('marriage')?.depth === 'deep',
    weight: 0.5,
    basis: 'Marriage line: deep',
    phrasings: [
      'A deep Vivah rekha is read as a capacity for a strong, committed bond.',
      'Your marriage line is clearly marked, a classical sign that partnership means a great deal to you.',
    ],
  },
  {
    id: 'love.shukra.full',
    evidence: [onMount('shukra')],
    when: (p) => p.mount('shukra') === 'full',
    weight: 0.3,
    basis: 'Venus mount: full',
    phrasings: [
      'The Shukra parvat looks full, traditionally a sign of warmth, charm and love of beauty.',
      'A well-rounded Mount of Venus is read as affection, vitality and delight in company.',
    ],
  },
  {
    id: 'love.shukra.flat',
    evidence: [onMount('shukra')],
    when: (p) => p.mount('shukra') === 'flat',
    weight: 0.25,
    basis: 'Venus mount: flat',
    phrasings: [
      'A flatter Shukra parvat is read as a reserved, refined way of showing affection.',
      'Your Mount of Venus looks modest, linked with love that is quiet rather than showy.',
    ],
  },
  {
    id: 'love.chandra.full',
    evidence: [onMount('chandra')],
    when: (p) => p.mount('chandra') === 'full',
    weight: 0.25,
    basis: 'Moon mount: full',
    phrasings: [
      'A full Chandra parvat is read as a romantic imagination: you dream about love as much as you live it.',
      'The Mount of the Moon looks full, linked with tenderness and a poetic streak in affection.',
    ],
  },
  {
    id: 'love.heart-curved.water',
    evidence: [heart, ...TATTVA],
    when: (p) => p.line('heart')?.curvature === 'curved' && p.traits.handType === 'water',
    weight: 0.7,
    basis: 'Curved heart line, water hand',
    phrasings: [
      'A curved heart line on a water hand doubles the signs of tenderness: you love with your whole being.',
      'On a Jal hand, your curving Hridaya rekha is read as deep devotion; guard your own needs too.',
    ],
  },
  {
    id: 'love.heart-straight.square-hand',
    evidence: [heart, ...GEOMETRY],
    when: (p) => p.line('heart')?.curvature === 'straight' && p.traits.palmShape === 'square',
    weight: 0.65,
    basis: 'Square palm, straight heart',
    phrasings: [
      'A straight heart line on a square palm is read as practical devotion: love shown in reliability.',
      'Your level Hridaya rekha and square palm point to a partner who plans a shared life carefully.',
    ],
  },
]);
