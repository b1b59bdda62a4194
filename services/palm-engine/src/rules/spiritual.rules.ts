import { CREASES, defineRules, GEOMETRY, onLine, onMount, seenClearly, SIDE, TATTVA } from './palm-rule';

const SHANI = { kind: 'mount', mount: 'shani' } as const;
const BUDH = { kind: 'mount', mount: 'budh' } as const;
const SHUKRA = { kind: 'mount', mount: 'shukra' } as const;
const MANGAL_INNER = { kind: 'mount', mount: 'mangal_inner' } as const;

// Our own wording of the classical themes for inner life: tattva, Chandra and Shani, the head line.
export const SPIRITUAL_RULES = defineRules('spiritual', [
  {
    id: 'spiritual.tattva.earth',
    evidence: TATTVA,
    when: (p) => p.traits.handType === 'earth',
    weight: 0.75,
    basis: 'Earth hand',
    phrasings: [
      'Prithvi tattva grounds your spirit: you find the sacred in work, nature and daily ritual.',
      'The earth element in your hand suggests a devotion shown through service and steadiness.',
      'Your earth hand is read as a path of practice: simple, repeated acts of care are your prayer.',
    ],
  },
  {
    id: 'spiritual.tattva.air',
    evidence: TATTVA,
    when: (p) => p.traits.handType === 'air',
    weight: 0.75,
    basis: 'Air hand',
    phrasings: [
      'Vayu tattva moves your spirit through understanding: study, questions and discussion open doors.',
      'The air element in your hand suggests a seeker who needs to think a teaching through before trusting it.',
      'Your air hand is read as the path of knowledge, jnana, where insight comes through reflection.',
    ],
  },
  {
    id: 'spiritual.tattva.fire',
    evidence: TATTVA,
    when: (p) => p.traits.handType === 'fire',
    weight: 0.75,
    basis: 'Fire hand',
    phrasings: [
      'Agni tattva kindles your spirit through action: purpose and effort are your form of devotion.',
      'The fire element in your hand suggests growth through challenge, the path of karma yoga.',
      'Your fire hand is read as inner strength that flares when you serve a cause larger than yourself.',
    ],
  },
  {
    id: 'spiritual.tattva.water',
    evidence: TATTVA,
    when: (p) => p.traits.handType === 'water',
    weight: 0.75,
    basis: 'Water hand',
    phrasings: [
      'Jal tattva opens your spirit through feeling: music, prayer and compassion move you deeply.',
      'The water element in your hand suggests intuition and the path of devotion, bhakti.',
      'Your water hand is read as a receptive soul that senses what words leave unsaid.',
    ],
  },
  {
    id: 'spiritual.side.left',
    evidence: SIDE,
    when: (p) => p.observation.side === 'left',
    weight: 0.5,
    basis: 'Left hand photographed',
    phrasings: [
      (s) =>
        s.dominantHand === 'left'
          ? 'You told us your left hand is dominant, so in the Vedic view this photo shows the path you are actively shaping.'
          : 'The left hand, when it is not the dominant one, is read in the Vedic tradition as the gifts you were born with.',
      (s) =>
        s.dominantHand === 'left'
          ? 'Your left hand is your working hand, so what it shows is your karma in motion, the life you are making.'
          : 'Reading your left hand, the one you told us is not dominant, shows the inborn temperament beneath daily habits.',
    ],
  },
  {
    id: 'spiritual.side.right',
    evidence: SIDE,
    when: (p) => p.observation.side === 'right',
    weight: 0.5,
    basis: 'Right hand photographed',
    phrasings: [
      (s) =>
        s.dominantHand === 'right'
          ? 'You told us your right hand is dominant, so in the Vedic view this photo shows the path you are actively shaping.'
          : 'The right hand, when it is not the dominant one, is read in the Vedic tradition as the gifts you were born with.',
      (s) =>
        s.dominantHand === 'right'
          ? 'Your right hand is your working hand, so what it shows is your karma in motion, the life you are making.'
          : 'Reading your right hand, the one you told us is not dominant, shows the inborn temperament beneath daily habits.',
    ],
  },
  {
    id: 'spiritual.creases.dense',
    evidence: CREASES,
    when: (p) => p.traits.creases === 'dense',
    weight: 0.6,
    basis: 'Many fine creases',
    phrasings: [
      'A palm full of fine lines is read as a finely tuned, intuitive nature that feels subtle currents.',
      'The many fine creases on your palm suggest spiritual sensitivity; quiet time protects it.',
    ],
  },
  {
    id: 'spiritual.creases.moderate',
    evidence: CREASES,
    when: (p) => p.traits.creases === 'moderate',
    weight: 0.45,
    basis: 'Moderate creases',
    phrasings: [
      'A moderate web of lines is read as a balance of sensitivity and groundedness.',
      'Your palm’s measured crease pattern suggests intuition you can also explain to others.',
    ],
  },
  {
    id: 'spiritual.creases.sparse',
    evidence: CREASES,
    when: (p) => p.traits.creases === 'sparse',
    weight: 0.6,
    basis: 'Few, clear creases',
    phrasings: [
      'A palm with few, clear lines is read as a simple, direct faith that needs no complication.',
      'Your clean palm suggests a calm inner life; plain practices suit you better than elaborate ones.',
    ],
  },
  {
    id: 'spiritual.fingers.long',
    evidence: GEOMETRY,
    when: (p) => p.traits.fingers === 'long',
    weight: 0.45,
    basis: 'Long fingers',
    phrasings: [
      'Long fingers are read as a contemplative nature: reading, reflection and study feed your spirit.',
      'Your long fingers suggest a love of subtle ideas and inner exploration.',
    ],
  },
  {
    id: 'spiritual.fingers.short',
    evidence: GEOMETRY,
    when: (p) => p.traits.fingers !== 'long',
    weight: 0.4,
    basis: 'Short or medium fingers',
    phrasings: [
      'Fingers that are not long are read as spirituality lived through action: seva, service to others.',
      'Your finger length suggests you grow most by doing good rather than theorising about it.',
    ],
  },
  {
    id: 'spiritual.middle.long',
    evidence: GEOMETRY,
    when: (p) => p.traits.middleFinger === 'long',
    weight: 0.55,
    basis: 'Middle finger long',
    place: SHANI,
    phrasings: [
      'A long Shani (Saturn) finger is read as a love of solitude and serious thought about life’s questions.',
      'Your tall middle finger points to depth and the patience for meditation.',
    ],
  },
  {
    id: 'spiritual.middle.balanced',
    evidence: GEOMETRY,
    when: (p) => p.traits.middleFinger !== 'long',
    weight: 0.4,
    basis: 'Middle finger balanced',
    place: SHANI,
    phrasings: [
      'A Shani finger in balance with its neighbours is read as wisdom that stays sociable, not withdrawn.',
      'Your middle finger does not dominate, suggesting your inner life thrives in community.',
    ],
  },
  {
    id: 'spiritual.thumb-angle.wide',
    evidence: GEOMETRY,
    when: (p) => p.traits.thumbAngle === 'wide',
    weight: 0.45,
    basis: 'Thumb opens wide',
    place: MANGAL_INNER,
    phrasings: [
      'A wide-opening thumb is read as openness to new teachings and unfamiliar paths.',
      'Your thumb opens wide, linked with a free-thinking approach to belief.',
    ],
  },
  {
    id: 'spiritual.thumb-angle.narrow',
    evidence: GEOMETRY,
    when: (p) => p.traits.thumbAngle !== 'wide',
    weight: 0.4,
    basis: 'Thumb held at a modest angle',
    place: MANGAL_INNER,
    phrasings: [
      'A thumb held at a modest angle is read as faithfulness to the practices and traditions you know.',
      'Your thumb’s angle suggests you deepen one path rather than sample many.',
    ],
  },
  {
    id: 'spiritual.thumb.long',
    evidence: GEOMETRY,
    when: (p) => p.traits.thumb === 'long',
    weight: 0.45,
    basis: 'Long thumb',
    place: SHUKRA,
    phrasings: [
      'A long thumb is read as the discipline of sadhana: a daily practice kept through busy seasons.',
      'Your long thumb suggests the will to stay with a practice long enough for it to bear fruit.',
    ],
  },
  {
    id: 'spiritual.palm.oblong',
    evidence: GEOMETRY,
    when: (p) => p.traits.palmShape === 'oblong',
    weight: 0.4,
    basis: 'Long, narrow palm',
    phrasings: [
      'A long, narrow palm is read as imagination and openness to the unseen.',
      'Your palm’s length suggests an inner world rich in images, dreams and symbols.',
    ],
  },
  {
    id: 'spiritual.palm.balanced',
    evidence: GEOMETRY,
    when: (p) => p.traits.palmShape === 'balanced',
    weight: 0.4,
    basis: 'Balanced palm',
    phrasings: [
      'A palm of even proportions is read as a faith that balances prayer with everyday duty.',
      'Your balanced palm suggests an inner life that moves easily between quiet reflection and action.',
    ],
  },
  {
    id: 'spiritual.palm.square',
    evidence: GEOMETRY,
    when: (p) => p.traits.palmShape === 'square',
    weight: 0.4,
    basis: 'Square palm',
    phrasings: [
      'A square palm is read as practical devotion: belief that shows itself in how you treat people.',
      'Your square palm suggests a grounded spirituality that values deeds over doctrine.',
    ],
  },
  {
    id: 'spiritual.little.reaching',
    evidence: GEOMETRY,
    when: (p) => p.traits.littleFinger !== 'short',
    weight: 0.35,
    basis: 'Little finger at ring joint',
    place: BUDH,
    phrasings: [
      'A well-reaching little finger is read as a gift for putting inner experience into words.',
      'Your Budh finger suggests you could guide or teach others what you have learned inwardly.',
    ],
  },
  {
    id: 'spiritual.head.curved',
    evidence: [onLine('head')],
    when: (p) => p.line('head')?.curvature === 'curved' || p.line('head')?.curvature === 'gentle',
    weight: 0.65,
    basis: 'Head line: sloping',
    phrasings: [
      'A sloping Mastishk rekha reaches toward the Chandra parvat, read as imagination and intuition.',
      'Your head line bends toward the Mount of the Moon, linked with a mystical, creative inner life.',
    ],
  },
  {
    id: 'spiritual.head.straight',
    evidence: [onLine('head')],
    when: (p) => p.line('head')?.curvature === 'straight',
    weight: 0.55,
    basis: 'Head line: straight',
    phrasings: [
      'A straight head line is read as a rational seeker who values teachings that hold up to scrutiny.',
      'Your level Mastishk rekha suggests faith that walks hand in hand with reason.',
    ],
  },
  {
    id: 'spiritual.heart.curved',
    evidence: [onLine('heart')],
    when: (p) => p.line('heart')?.curvature === 'curved',
    weight: 0.55,
    basis: 'Heart line: curved',
    phrasings: [
      'A curving Hridaya rekha is read as bhakti, a devotional heart moved by love and gratitude.',
      'Your heart line rises in a curve, linked with compassion as the centre of your inner life.',
    ],
  },
  {
    id: 'spiritual.life.deep',
    evidence: [onLine('life')],
    when: (p) => p.line('life')?.depth === 'deep',
    weight: 0.45,
    basis: 'Life line: deep',
    phrasings: [
      'A deep Jeevan rekha is read as a strong foundation: roots in family, place or tradition that steady you.',
      'Your well-marked life line suggests an inner steadiness that carries you through change.',
    ],
  },
  {
    id: 'spiritual.fate.seen',
    evidence: [onLine('fate')],
    when: (p) => seenClearly(p.line('fate')),
    weight: 0.55,
    basis: 'Fate line seen',
    phrasings: [
      'A visible Bhagya rekha is read as a sense of calling, dharma, that gives your efforts meaning.',
      'Your fate line suggests you look for purpose behind what you do, not just results.',
    ],
  },
  {
    id: 'spiritual.chandra.full',
    evidence: [onMount('chandra')],
    when: (p) => p.mount('chandra') === 'full',
    weight: 0.3,
    basis: 'Moon mount: full',
    phrasings: [
      'A full Chandra parvat is classically read as intuition, vivid dreams and a love of the mystical.',
      'The Mount of the Moon looks full, linked with imagination and a pull toward pilgrimage and travel.',
    ],
  },
  {
    id: 'spiritual.chandra.flat',
    evidence: [onMount('chandra')],
    when: (p) => p.mount('chandra') === 'flat',
    weight: 0.2,
    basis: 'Moon mount: flat',
    phrasings: [
      'A flatter Chandra parvat is read as a down-to-earth spirit that trusts experience over visions.',
      'The Mount of the Moon looks modest, linked with a sober, practical inner life.',
    ],
  },
  {
    id: 'spiritual.shani.full',
    evidence: [onMount('shani')],
    when: (p) => p.mount('shani') === 'full',
    weight: 0.3,
    basis: 'Saturn mount: full',
    phrasings: [
      'A full Shani parvat is read as wisdom, study of deep questions and comfort with solitude.',
      'The Mount of Saturn looks developed, linked with a philosophical turn of mind.',
    ],
  },
  {
    id: 'spiritual.guru.full',
    evidence: [onMount('guru')],
    when: (p) => p.mount('guru') === 'full',
    weight: 0.25,
    basis: 'Jupiter mount: full',
    phrasings: [
      'A full Guru parvat is traditionally read as reverence, ideals and a pull toward teachers.',
      'The Mount of Jupiter looks developed, linked with a wish to live by high ideals.',
    ],
  },
  {
    id: 'spiritual.rahu.full',
    evidence: [onMount('rahu')],
    when: (p) => p.mount('rahu') === 'full',
    weight: 0.2,
    basis: 'Plain of Mars: full',
    phrasings: [
      'A filled palm centre, the Rahu kshetra, is read as restless searching that settles with practice.',
      'The plain of Mars looks full, linked with an inner drive to question and explore.',
    ],
  },
  {
    id: 'spiritual.water.dense',
    evidence: [...TATTVA, ...CREASES],
    when: (p) => p.traits.handType === 'water' && p.traits.creases === 'dense',
    weight: 0.7,
    basis: 'Water hand, many fine creases',
    phrasings: [
      'A water hand covered in fine lines is the classical picture of the intuitive: trust your quiet knowing.',
      'Your Jal hand and finely lined palm suggest deep receptivity; grounding practices keep it a gift.',
    ],
  },
  {
    id: 'spiritual.earth.sparse',
    evidence: [...TATTVA, ...CREASES],
    when: (p) => p.traits.handType === 'earth' && p.traits.creases !== 'dense',
    weight: 0.65,
    basis: 'Earth hand, clear creases',
    phrasings: [
      'An earth hand with clear lines is read as a calm, rooted spirit, at home in nature and simple ritual.',
      'Your Prithvi hand and clean palm suggest steadiness others lean on in uncertain times.',
    ],
  },
  {
    id: 'spiritual.head.end.moon',
    evidence: [onLine('head')],
    when: (p) => p.traits.headEnd === 'toward-moon',
    weight: 0.75,
    basis: 'Head line: slopes toward the Moon mount',
    phrasings: [
      'Your head line slopes down toward the Chandra (Moon) mount, read as imagination and an inner life rich in images.',
      'A Mastishk rekha bending toward the Moon mount is read as intuition and a creative, reflective mind.',
      'The downward curve of your head line toward Chandra is read as a mind that dreams, imagines and senses before it reasons.',
      'A head line sloping toward the Moon mount is read as openness to inspiration, symbols and the inner world.',
    ],
  },
]);
