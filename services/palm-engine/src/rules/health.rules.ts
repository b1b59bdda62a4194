import { CREASES, defineRules, GEOMETRY, onLine, onMount, TATTVA } from './palm-rule';

const life = onLine('life');
const SHUKRA = { kind: 'mount', mount: 'shukra' } as const;
const MANGAL_INNER = { kind: 'mount', mount: 'mangal_inner' } as const;

// Energy, rest and lifestyle only: the tradition's vitality themes, never anything clinical.
export const HEALTH_RULES = defineRules('health', [
  {
    id: 'health.tattva.earth',
    evidence: TATTVA,
    when: (p) => p.traits.handType === 'earth',
    weight: 0.7,
    basis: 'Earth hand',
    phrasings: [
      'A Prithvi (earth) hand draws energy from routine: regular meals, walks and sleep keep you strong.',
      'The earth element in your hand points to steady stamina that thrives on time outdoors and physical work.',
      'Your earth hand is read as endurance: you recharge best through simple, repeated habits.',
    ],
  },
  {
    id: 'health.tattva.air',
    evidence: TATTVA,
    when: (p) => p.traits.handType === 'air',
    weight: 0.7,
    basis: 'Air hand',
    phrasings: [
      'A Vayu (air) hand runs on mental energy: screens and chatter tire you more than effort does.',
      'The air element in your hand suggests a busy mind that needs deliberate pauses and fresh air.',
      'Your air hand is read as restlessness; breathing practice and quiet evenings restore your balance.',
    ],
  },
  {
    id: 'health.tattva.fire',
    evidence: TATTVA,
    when: (p) => p.traits.handType === 'fire',
    weight: 0.7,
    basis: 'Fire hand',
    phrasings: [
      'An Agni (fire) hand burns bright: you have bursts of energy and need real rest between them.',
      'The fire element in your hand points to vigour; pacing yourself keeps the flame steady.',
      'Your fire hand is read as a strong drive that enjoys sport and challenge, and forgets to slow down.',
    ],
  },
  {
    id: 'health.tattva.water',
    evidence: TATTVA,
    when: (p) => p.traits.handType === 'water',
    weight: 0.7,
    basis: 'Water hand',
    phrasings: [
      'A Jal (water) hand absorbs its surroundings: calm places and kind company restore your energy.',
      'The water element in your hand suggests energy that follows feelings; gentle rhythms suit you.',
      'Your water hand is read as sensitivity to atmosphere, so time by water or in nature recharges you.',
    ],
  },
  {
    id: 'health.palm.square',
    evidence: GEOMETRY,
    when: (p) => p.traits.palmShape === 'square',
    weight: 0.45,
    basis: 'Square palm',
    phrasings: [
      'A square palm is read as a sturdy constitution for work: you keep going when others stop.',
      'Your square palm points to reliable, even energy through the day.',
    ],
  },
  {
    id: 'health.palm.balanced',
    evidence: GEOMETRY,
    when: (p) => p.traits.palmShape === 'balanced',
    weight: 0.35,
    basis: 'Balanced palm',
    phrasings: [
      'A balanced palm suggests energy that adapts: you can sprint or keep a steady pace as needed.',
      'Your evenly proportioned palm is read as a good match between effort and recovery.',
    ],
  },
  {
    id: 'health.palm.oblong',
    evidence: GEOMETRY,
    when: (p) => p.traits.palmShape === 'oblong',
    weight: 0.45,
    basis: 'Long, oblong palm',
    phrasings: [
      'A long palm is read as energy that follows interest: engaged, you are tireless; bored, you flag.',
      'Your oblong palm suggests your energy rises and falls with your mood, so enjoyable movement works best.',
    ],
  },
  {
    id: 'health.thumb-angle.narrow',
    evidence: GEOMETRY,
    when: (p) => p.traits.thumbAngle === 'narrow',
    weight: 0.45,
    basis: 'Thumb held close to the hand',
    place: MANGAL_INNER,
    phrasings: [
      'A thumb held close is read as a conserver of energy: you pace yourself and avoid waste.',
      'Your close-set thumb suggests you recharge in private, away from noise and crowds.',
    ],
  },
  {
    id: 'health.thumb-angle.medium',
    evidence: GEOMETRY,
    when: (p) => p.traits.thumbAngle === 'medium',
    weight: 0.35,
    basis: 'Thumb opens moderately',
    place: MANGAL_INNER,
    phrasings: [
      'A moderately opening thumb suggests balanced energy: active, without running yourself down.',
      'Your thumb opens at an easy angle, read as a sensible rhythm of effort and rest.',
    ],
  },
  {
    id: 'health.thumb-angle.wide',
    evidence: GEOMETRY,
    when: (p) => p.traits.thumbAngle === 'wide',
    weight: 0.45,
    basis: 'Thumb opens wide',
    place: MANGAL_INNER,
    phrasings: [
      'A wide-opening thumb is read as outgoing energy: you need movement, space and activity.',
      'Your thumb opens wide, a sign of a lively temperament that is happiest on the move.',
    ],
  },
  {
    id: 'health.thumb.long',
    evidence: GEOMETRY,
    when: (p) => p.traits.thumb === 'long',
    weight: 0.45,
    basis: 'Long thumb',
    place: SHUKRA,
    phrasings: [
      'A long thumb is read as discipline: once a good habit is chosen, you keep it.',
      'Your long thumb suggests the will to hold a routine, whether training, sleep or diet.',
    ],
  },
  {
    id: 'health.thumb.short',
    evidence: GEOMETRY,
    when: (p) => p.traits.thumb === 'short',
    weight: 0.45,
    basis: 'Shorter thumb',
    place: SHUKRA,
    phrasings: [
      'A shorter thumb suggests routines stick best when they are shared: a walking partner helps.',
      'Your shorter thumb is read as a flexible nature; small, easy habits work better than strict plans.',
    ],
  },
  {
    id: 'health.spacing.wide',
    evidence: GEOMETRY,
    when: (p) => p.traits.spacing === 'wide',
    weight: 0.4,
    basis: 'Fingers spread wide',
    phrasings: [
      'Widely spread fingers are read as a need for variety; changing your activities keeps energy fresh.',
      'Your open finger spread suggests you recharge through new places and people.',
    ],
  },
  {
    id: 'health.spacing.close',
    evidence: GEOMETRY,
    when: (p) => p.traits.spacing !== 'wide',
    weight: 0.35,
    basis: 'Fingers held close or even',
    phrasings: [
      'Fingers held together suggest you thrive on familiar routines and a calm home base.',
      'The way your fingers sit together is read as comfort in rhythm: the same good habits, day after day.',
    ],
  },
  {
    id: 'health.creases.dense',
    evidence: CREASES,
    when: (p) => p.traits.creases === 'dense',
    weight: 0.55,
    basis: 'Many fine creases',
    phrasings: [
      'Many fine lines are classically read as nervous energy: the mind keeps working after the day ends.',
      'The web of fine creases on your palm suggests you benefit from winding-down rituals before sleep.',
    ],
  },
  {
    id: 'health.creases.moderate',
    evidence: CREASES,
    when: (p) => p.traits.creases === 'moderate',
    weight: 0.4,
    basis: 'Moderate creases',
    phrasings: [
      'A moderate number of creases is read as responsive but resilient energy.',
      'Your palm shows a middling web of lines, linked with a temperament that recovers well from busy spells.',
    ],
  },
  {
    id: 'health.creases.sparse',
    evidence: CREASES,
    when: (p) => p.traits.creases === 'sparse',
    weight: 0.55,
    basis: 'Few, clear creases',
    phrasings: [
      'A palm with few, clear lines is read as calm, steady energy that does not fray easily.',
      'Your clean palm suggests a grounded temperament; just keep an eye on pushing too long without breaks.',
    ],
  },
  {
    id: 'health.fingers.long',
    evidence: GEOMETRY,
    when: (p) => p.traits.fingers === 'long',
    weight: 0.4,
    basis: 'Long fingers',
    phrasings: [
      'Long fingers are read as a thinking temperament; regular movement balances the hours spent in your head.',
      'Your long fingers suggest your energy is spent mentally, so physical activity refreshes you most.',
    ],
  },
  {
    id: 'health.fingers.short',
    evidence: GEOMETRY,
    when: (p) => p.traits.fingers !== 'long',
    weight: 0.35,
    basis: 'Short or medium fingers',
    phrasings: [
      'Fingers that are not long are read as a practical temperament that recharges by doing something physical.',
      'Your finger length suggests you unwind best with your hands busy: cooking, gardening or sport.',
    ],
  },
  {
    id: 'health.life.long',
    evidence: [life],
    when: (p) => p.line('life')?.length === 'long',
    weight: 0.75,
    basis: 'Life line: long',
    phrasings: [
      'A long Jeevan rekha is read as vitality and enthusiasm for an active lifestyle.',
      'Your life line sweeps well down the palm, linked with robust energy and zest.',
    ],
  },
  {
    id: 'health.life.short',
    evidence: [life],
    when: (p) => p.line('life')?.length === 'short',
    weight: 0.55,
    basis: 'Life line: short',
    phrasings: [
      'A shorter Jeevan rekha is not a measure of anything fixed; it is read as energy that comes in chapters.',
      'Your life line is compact, which tradition reads as a liking for variety and change in your routines.',
    ],
  },
  {
    id: 'health.life.curved',
    evidence: [life],
    when: (p) => p.line('life')?.curvature === 'curved',
    weight: 0.75,
    basis: 'Life line: wide arc',
    phrasings: [
      'A wide arc of the life line around the thumb is read as warmth, stamina and appetite for life.',
      'Your Jeevan rekha curves generously, a sign of outgoing energy and a love of activity.',
    ],
  },
  {
    id: 'health.life.straight',
    evidence: [life],
    when: (p) => p.line('life')?.curvature === 'straight',
    weight: 0.6,
    basis: 'Life line: close arc',
    phrasings: [
      'A life line that hugs the thumb is read as careful energy: you do best with enough rest and quiet.',
      'Your Jeevan rekha runs close to the thumb, suggesting you protect your reserves and pace yourself.',
    ],
  },
  {
    id: 'health.life.deep',
    evidence: [life],
    when: (p) => p.line('life')?.depth === 'deep',
    weight: 0.7,
    basis: 'Life line: deep',
    phrasings: [
      'A deep Jeevan rekha is read as robust energy and a quick return to form after busy phases.',
      'Your clearly etched life line points to resilience: your energy bounces back well.',
    ],
  },
  {
    id: 'health.life.faint',
    evidence: [life],
    when: (p) => p.line('life')?.depth === 'faint',
    weight: 0.55,
    basis: 'Life line: fine',
    phrasings: [
      'A finer Jeevan rekha is read as sensitive energy: regular sleep and good food make a real difference.',
      'Your life line is delicate, suggesting you feel the benefit of gentle, consistent self-care.',
    ],
  },
  {
    id: 'health.life.breaks',
    evidence: [life],
    when: (p) => (p.line('life')?.breaks ?? 0) >= 1,
    weight: 0.55,
    basis: 'Life line: broken',
    phrasings: [
      'A break in the Jeevan rekha is read as a change of lifestyle: a move, a new rhythm, a fresh start.',
      'Your life line shows a break, linked with phases where you reset your habits and surroundings.',
    ],
  },
  {
    id: 'health.head.breaks',
    evidence: [onLine('head')],
    when: (p) => (p.line('head')?.breaks ?? 0) >= 1,
    weight: 0.45,
    basis: 'Head line: broken',
    phrasings: [
      'A break in the head line is read as busy, stressful periods; guard your rest when life speeds up.',
      'Your Mastishk rekha shows a break, a reminder that the mind needs pauses to stay clear.',
    ],
  },
  {
    id: 'health.mangal-inner.full',
    evidence: [onMount('mangal_inner')],
    when: (p) => p.mount('mangal_inner') === 'full',
    weight: 0.3,
    basis: 'Inner Mars mount: full',
    phrasings: [
      'A full inner Mangal parvat is read as physical courage and a fighting spirit.',
      'The inner Mount of Mars looks firm, linked with drive and an appetite for challenge.',
    ],
  },
  {
    id: 'health.mangal-outer.full',
    evidence: [onMount('mangal_outer')],
    when: (p) => p.mount('mangal_outer') === 'full',
    weight: 0.3,
    basis: 'Outer Mars mount: full',
    phrasings: [
      'A full outer Mangal parvat is read as resilience: you hold steady under pressure.',
      'The outer Mount of Mars looks developed, linked with patience and staying power.',
    ],
  },
  {
    id: 'health.mangal.flat',
    evidence: [onMount('mangal_inner')],
    when: (p) => p.mount('mangal_inner') === 'flat',
    weight: 0.2,
    basis: 'Inner Mars mount: flat',
    phrasings: [
      'A flatter inner Mangal parvat is read as a peaceable temperament that avoids needless strain.',
      'The inner Mount of Mars looks modest, linked with energy spent calmly rather than forcefully.',
    ],
  },
  {
    id: 'health.shukra.full',
    evidence: [onMount('shukra')],
    when: (p) => p.mount('shukra') === 'full',
    weight: 0.3,
    basis: 'Venus mount: full',
    phrasings: [
      'A full Shukra parvat is classically read as vitality and warmth.',
      'The Mount of Venus looks well rounded, linked with a good store of energy and enjoyment of life.',
    ],
  },
]);
