import type { TraitReliabilityTable } from './trait-reliability';

/** Recorded by `npm run bench:reliability` (bench/trait-reliability.bench.ts); do not edit by hand. */
export const TRAIT_RELIABILITY: TraitReliabilityTable = {
  measured:
    "bench:reliability on 2026-11-27: noise = RMS spread within a hand over 111 read photos of 24 retest hands; retest = same-hand pairs of those photos; views = 175 original/variant pairs (9 synthetic view changes of 20 read palms of ../shared/palms/palm); commonTags = tags on more than 70 % of 404 palms read (palm/, retest/, lines/); classCounts = classes stated on the 293 palms read in palm/ and lines/; poseTraits = proportions with less than 0.3 of their variance between the retest hands; liftedNoise = the noise times how much further than the rest (where more than chance gives) the retest photos stray from their hand's other photos where a long finger lifts 20° or more out of the palm's plane, applied in full from 25° and growing in from 15°",
  noise: {
    palmRatio: 0.0968,
    middleToPalm: 0.0287,
    indexToRing: 0.0207,
    littleToRingTopJoint: 0.0267,
    middleToIndexAndRing: 0.0118,
    thumbToPalm: 0.0276,
    thumbAngle: 5.1731,
    fingerSpreadDegrees: 2.8373,
  },
  liftedNoise: {
    fromDegrees: 15,
    toDegrees: 25,
    noise: {
      palmRatio: 0.0968,
      middleToPalm: 0.0287,
      indexToRing: 0.0207,
      littleToRingTopJoint: 0.0584,
      middleToIndexAndRing: 0.0233,
      thumbToPalm: 0.0276,
      thumbAngle: 5.1731,
      fingerSpreadDegrees: 6.0781,
    },
  },
  traits: {
    handSide: {
      retest: {
        pairs: 208,
        agreed: 208,
      },
      views: {
        pairs: 175,
        agreed: 175,
      },
    },
    handType: {
      retest: {
        pairs: 116,
        agreed: 114,
      },
      views: {
        pairs: 80,
        agreed: 76,
      },
    },
    palmShape: {
      retest: {
        pairs: 152,
        agreed: 149,
      },
      views: {
        pairs: 58,
        agreed: 58,
      },
    },
    fingerLength: {
      retest: {
        pairs: 90,
        agreed: 88,
      },
      views: {
        pairs: 91,
        agreed: 88,
      },
    },
    indexVsRing: {
      retest: {
        pairs: 60,
        agreed: 60,
      },
      views: {
        pairs: 41,
        agreed: 40,
      },
    },
    littleFinger: {
      retest: {
        pairs: 35,
        agreed: 35,
      },
      views: {
        pairs: 43,
        agreed: 42,
      },
    },
    middleFinger: {
      retest: {
        pairs: 8,
        agreed: 7,
      },
      views: {
        pairs: 31,
        agreed: 31,
      },
    },
    thumbLength: {
      retest: {
        pairs: 106,
        agreed: 106,
      },
      views: {
        pairs: 35,
        agreed: 34,
      },
    },
    thumbAngle: {
      retest: {
        pairs: 63,
        agreed: 63,
      },
      views: {
        pairs: 104,
        agreed: 104,
      },
    },
    fingerSpacing: {
      retest: {
        pairs: 191,
        agreed: 191,
      },
      views: {
        pairs: 140,
        agreed: 140,
      },
    },
    heartLine: {
      retest: {
        pairs: 90,
        agreed: 90,
      },
      views: {
        pairs: 139,
        agreed: 139,
      },
    },
    heartLineLength: {
      retest: {
        pairs: 10,
        agreed: 10,
      },
      views: {
        pairs: 103,
        agreed: 103,
      },
    },
    heartLineCurve: {
      retest: {
        pairs: 80,
        agreed: 80,
      },
      views: {
        pairs: 133,
        agreed: 131,
      },
    },
    heartLineDepth: {
      retest: {
        pairs: 90,
        agreed: 81,
      },
      views: {
        pairs: 139,
        agreed: 120,
      },
    },
    heartLineBreaks: {
      retest: {
        pairs: 80,
        agreed: 80,
      },
      views: {
        pairs: 133,
        agreed: 133,
      },
    },
    headLine: {
      retest: {
        pairs: 108,
        agreed: 108,
      },
      views: {
        pairs: 140,
        agreed: 140,
      },
    },
    headLineLength: {
      retest: {
        pairs: 0,
        agreed: 0,
      },
      views: {
        pairs: 23,
        agreed: 23,
      },
    },
    headLineCurve: {
      retest: {
        pairs: 99,
        agreed: 95,
      },
      views: {
        pairs: 139,
        agreed: 135,
      },
    },
    headLineDepth: {
      retest: {
        pairs: 108,
        agreed: 98,
      },
      views: {
        pairs: 140,
        agreed: 118,
      },
    },
    headLineBreaks: {
      retest: {
        pairs: 99,
        agreed: 99,
      },
      views: {
        pairs: 139,
        agreed: 130,
      },
    },
    lifeLine: {
      retest: {
        pairs: 127,
        agreed: 127,
      },
      views: {
        pairs: 133,
        agreed: 133,
      },
    },
    lifeLineLength: {
      retest: {
        pairs: 0,
        agreed: 0,
      },
      views: {
        pairs: 36,
        agreed: 36,
      },
    },
    lifeLineCurve: {
      retest: {
        pairs: 108,
        agreed: 105,
      },
      views: {
        pairs: 128,
        agreed: 103,
      },
    },
    lifeLineDepth: {
      retest: {
        pairs: 127,
        agreed: 106,
      },
      views: {
        pairs: 133,
        agreed: 117,
      },
    },
    lifeLineBreaks: {
      retest: {
        pairs: 108,
        agreed: 108,
      },
      views: {
        pairs: 128,
        agreed: 105,
      },
    },
    fateLine: {
      retest: {
        pairs: 2,
        agreed: 2,
      },
      views: {
        pairs: 38,
        agreed: 38,
      },
    },
    fateLineLength: {
      retest: {
        pairs: 0,
        agreed: 0,
      },
      views: {
        pairs: 12,
        agreed: 12,
      },
    },
    fateLineDepth: {
      retest: {
        pairs: 2,
        agreed: 2,
      },
      views: {
        pairs: 38,
        agreed: 37,
      },
    },
    fateLineBreaks: {
      retest: {
        pairs: 2,
        agreed: 2,
      },
      views: {
        pairs: 38,
        agreed: 33,
      },
    },
    sunLine: {
      retest: {
        pairs: 0,
        agreed: 0,
      },
      views: {
        pairs: 7,
        agreed: 7,
      },
    },
    sunLineDepth: {
      retest: {
        pairs: 0,
        agreed: 0,
      },
      views: {
        pairs: 7,
        agreed: 4,
      },
    },
    heartLineEnd: {
      retest: {
        pairs: 32,
        agreed: 32,
      },
      views: {
        pairs: 54,
        agreed: 53,
      },
    },
    headLineStart: {
      retest: {
        pairs: 26,
        agreed: 25,
      },
      views: {
        pairs: 99,
        agreed: 99,
      },
    },
    headLineEnd: {
      retest: {
        pairs: 0,
        agreed: 0,
      },
      views: {
        pairs: 17,
        agreed: 17,
      },
    },
    lifeLineArc: {
      retest: {
        pairs: 8,
        agreed: 8,
      },
      views: {
        pairs: 41,
        agreed: 41,
      },
    },
    fateLineStart: {
      retest: {
        pairs: 0,
        agreed: 0,
      },
      views: {
        pairs: 25,
        agreed: 24,
      },
    },
  },
  classCounts: {
    handSide: {
      left: 56,
      right: 237,
    },
    thumbAngle: {
      wide: 50,
      narrow: 26,
    },
    fingerSpacing: {
      close: 286,
    },
    heartLine: {
      seen: 269,
    },
    heartLineLength: {
      long: 208,
    },
    heartLineCurve: {
      gentle: 243,
      curved: 20,
    },
    heartLineDepth: {
      clear: 116,
      faint: 108,
      deep: 45,
    },
    heartLineBreaks: {
      unbroken: 259,
      broken: 4,
    },
    headLine: {
      seen: 257,
    },
    headLineCurve: {
      gentle: 236,
      curved: 20,
      straight: 1,
    },
    headLineDepth: {
      faint: 110,
      clear: 123,
      deep: 24,
    },
    headLineBreaks: {
      unbroken: 242,
      broken: 15,
    },
    lifeLine: {
      seen: 254,
    },
    lifeLineCurve: {
      gentle: 190,
      curved: 49,
      straight: 6,
    },
    lifeLineDepth: {
      clear: 119,
      faint: 128,
      deep: 7,
    },
    lifeLineBreaks: {
      broken: 65,
      unbroken: 180,
    },
    fateLine: {
      seen: 109,
    },
    fateLineDepth: {
      faint: 72,
      clear: 30,
      deep: 7,
    },
    fateLineBreaks: {
      unbroken: 98,
      broken: 11,
    },
    heartLineEnd: {
      'under-jupiter': 32,
      'under-saturn': 126,
      'between-jupiter-and-saturn': 9,
    },
    headLineStart: {
      'joined-to-life': 145,
      'apart-from-life': 1,
    },
    fateLineStart: {
      wrist: 20,
      'life-line': 14,
    },
    handType: {
      air: 37,
      earth: 22,
      fire: 29,
      water: 10,
    },
    palmShape: {
      square: 40,
      oblong: 32,
    },
    fingerLength: {
      long: 58,
      short: 76,
      medium: 16,
    },
    indexVsRing: {
      'index-longer': 32,
      'ring-longer': 44,
    },
    littleFinger: {
      long: 14,
      short: 23,
    },
    thumbLength: {
      long: 60,
      short: 43,
    },
    headLineLength: {
      long: 52,
    },
    lifeLineArc: {
      medium: 32,
      wide: 50,
      narrow: 1,
    },
    middleFinger: {
      short: 31,
      long: 36,
    },
    lifeLineLength: {
      long: 54,
    },
    headLineEnd: {
      'toward-moon': 26,
      level: 8,
    },
    fateLineLength: {
      long: 5,
    },
    sunLine: {
      seen: 23,
    },
    sunLineDepth: {
      clear: 8,
      faint: 15,
    },
  },
  commonTags: [
    'Head line: gentle slope',
    'Head line: sloping',
    'Heart line: gentle arc',
    'Heart line: unbroken',
  ],
  poseTraits: ['fingerSpacing'],
};
