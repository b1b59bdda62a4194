import type { TraitReliabilityTable } from './trait-reliability';

/** Recorded by `npm run bench:reliability` (bench/trait-reliability.bench.ts); do not edit by hand. */
export const TRAIT_RELIABILITY: TraitReliabilityTable = {
  measured:
    "bench:reliability on 2026-11-27: noise = RMS spread within a hand over 111 read photos of 24 retest hands; retest = same-hand pairs of those photos; views = 2702 original/variant pairs (9 synthetic view changes of the 20 read palms of ../shared/palms/palm and the 289 of lines/); commonTags = tags on more than 70 % of 420 palms read (palm/, retest/, lines/); classCounts = classes stated on the 309 palms read in palm/ and lines/; poseTraits = proportions with less than 0.3 of their variance between the retest hands; liftedNoise = the noise times how much further than the rest (where more than chance gives) the retest photos stray from their hand's other photos where a long finger lifts 20° or more out of the palm's plane, applied in full from 25° and growing in from 15°",
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
        pairs: 2702,
        agreed: 2700,
      },
    },
    handType: {
      retest: {
        pairs: 116,
        agreed: 114,
      },
      views: {
        pairs: 653,
        agreed: 621,
      },
    },
    palmShape: {
      retest: {
        pairs: 152,
        agreed: 149,
      },
      views: {
        pairs: 539,
        agreed: 537,
      },
    },
    fingerLength: {
      retest: {
        pairs: 90,
        agreed: 88,
      },
      views: {
        pairs: 1060,
        agreed: 1001,
      },
    },
    indexVsRing: {
      retest: {
        pairs: 60,
        agreed: 60,
      },
      views: {
        pairs: 440,
        agreed: 435,
      },
    },
    littleFinger: {
      retest: {
        pairs: 35,
        agreed: 35,
      },
      views: {
        pairs: 225,
        agreed: 223,
      },
    },
    middleFinger: {
      retest: {
        pairs: 8,
        agreed: 7,
      },
      views: {
        pairs: 424,
        agreed: 421,
      },
    },
    thumbLength: {
      retest: {
        pairs: 106,
        agreed: 106,
      },
      views: {
        pairs: 814,
        agreed: 812,
      },
    },
    thumbAngle: {
      retest: {
        pairs: 63,
        agreed: 63,
      },
      views: {
        pairs: 666,
        agreed: 666,
      },
    },
    fingerSpacing: {
      retest: {
        pairs: 191,
        agreed: 191,
      },
      views: {
        pairs: 2500,
        agreed: 2500,
      },
    },
    heartLine: {
      retest: {
        pairs: 90,
        agreed: 90,
      },
      views: {
        pairs: 2418,
        agreed: 2418,
      },
    },
    heartLineLength: {
      retest: {
        pairs: 10,
        agreed: 10,
      },
      views: {
        pairs: 1724,
        agreed: 1724,
      },
    },
    heartLineCurve: {
      retest: {
        pairs: 80,
        agreed: 80,
      },
      views: {
        pairs: 2361,
        agreed: 2224,
      },
    },
    heartLineDepth: {
      retest: {
        pairs: 90,
        agreed: 81,
      },
      views: {
        pairs: 2418,
        agreed: 2104,
      },
    },
    heartLineBreaks: {
      retest: {
        pairs: 80,
        agreed: 80,
      },
      views: {
        pairs: 2361,
        agreed: 2304,
      },
    },
    headLine: {
      retest: {
        pairs: 108,
        agreed: 108,
      },
      views: {
        pairs: 2299,
        agreed: 2299,
      },
    },
    headLineLength: {
      retest: {
        pairs: 0,
        agreed: 0,
      },
      views: {
        pairs: 330,
        agreed: 330,
      },
    },
    headLineCurve: {
      retest: {
        pairs: 99,
        agreed: 95,
      },
      views: {
        pairs: 2273,
        agreed: 2101,
      },
    },
    headLineDepth: {
      retest: {
        pairs: 108,
        agreed: 98,
      },
      views: {
        pairs: 2299,
        agreed: 1913,
      },
    },
    headLineBreaks: {
      retest: {
        pairs: 99,
        agreed: 99,
      },
      views: {
        pairs: 2273,
        agreed: 2127,
      },
    },
    lifeLine: {
      retest: {
        pairs: 127,
        agreed: 127,
      },
      views: {
        pairs: 2206,
        agreed: 2206,
      },
    },
    lifeLineLength: {
      retest: {
        pairs: 0,
        agreed: 0,
      },
      views: {
        pairs: 330,
        agreed: 330,
      },
    },
    lifeLineCurve: {
      retest: {
        pairs: 108,
        agreed: 105,
      },
      views: {
        pairs: 2118,
        agreed: 1849,
      },
    },
    lifeLineDepth: {
      retest: {
        pairs: 127,
        agreed: 106,
      },
      views: {
        pairs: 2206,
        agreed: 1858,
      },
    },
    lifeLineBreaks: {
      retest: {
        pairs: 108,
        agreed: 108,
      },
      views: {
        pairs: 2118,
        agreed: 1674,
      },
    },
    fateLine: {
      retest: {
        pairs: 2,
        agreed: 2,
      },
      views: {
        pairs: 747,
        agreed: 747,
      },
    },
    fateLineLength: {
      retest: {
        pairs: 0,
        agreed: 0,
      },
      views: {
        pairs: 23,
        agreed: 23,
      },
    },
    fateLineDepth: {
      retest: {
        pairs: 2,
        agreed: 2,
      },
      views: {
        pairs: 747,
        agreed: 619,
      },
    },
    fateLineBreaks: {
      retest: {
        pairs: 2,
        agreed: 2,
      },
      views: {
        pairs: 747,
        agreed: 660,
      },
    },
    sunLine: {
      retest: {
        pairs: 0,
        agreed: 0,
      },
      views: {
        pairs: 168,
        agreed: 168,
      },
    },
    sunLineDepth: {
      retest: {
        pairs: 0,
        agreed: 0,
      },
      views: {
        pairs: 168,
        agreed: 138,
      },
    },
    heartLineEnd: {
      retest: {
        pairs: 32,
        agreed: 32,
      },
      views: {
        pairs: 1217,
        agreed: 1148,
      },
    },
    headLineStart: {
      retest: {
        pairs: 26,
        agreed: 25,
      },
      views: {
        pairs: 1071,
        agreed: 1071,
      },
    },
    headLineEnd: {
      retest: {
        pairs: 0,
        agreed: 0,
      },
      views: {
        pairs: 186,
        agreed: 182,
      },
    },
    lifeLineArc: {
      retest: {
        pairs: 8,
        agreed: 8,
      },
      views: {
        pairs: 480,
        agreed: 476,
      },
    },
    fateLineStart: {
      retest: {
        pairs: 0,
        agreed: 0,
      },
      views: {
        pairs: 180,
        agreed: 177,
      },
    },
  },
  classCounts: {
    handSide: {
      left: 65,
      right: 244,
    },
    thumbAngle: {
      wide: 58,
      narrow: 26,
    },
    fingerSpacing: {
      close: 287,
    },
    heartLine: {
      seen: 283,
    },
    heartLineLength: {
      long: 220,
    },
    heartLineCurve: {
      gentle: 256,
      curved: 21,
    },
    heartLineDepth: {
      clear: 124,
      faint: 114,
      deep: 45,
    },
    heartLineBreaks: {
      unbroken: 273,
      broken: 4,
    },
    headLine: {
      seen: 271,
    },
    headLineCurve: {
      gentle: 250,
      curved: 20,
      straight: 1,
    },
    headLineDepth: {
      faint: 120,
      clear: 127,
      deep: 24,
    },
    headLineBreaks: {
      unbroken: 256,
      broken: 15,
    },
    lifeLine: {
      seen: 269,
    },
    lifeLineCurve: {
      gentle: 205,
      curved: 49,
      straight: 6,
    },
    lifeLineDepth: {
      clear: 123,
      faint: 139,
      deep: 7,
    },
    lifeLineBreaks: {
      broken: 70,
      unbroken: 190,
    },
    fateLine: {
      seen: 115,
    },
    fateLineDepth: {
      faint: 76,
      clear: 32,
      deep: 7,
    },
    fateLineBreaks: {
      unbroken: 103,
      broken: 12,
    },
    heartLineEnd: {
      'under-jupiter': 34,
      'under-saturn': 131,
      'between-jupiter-and-saturn': 9,
    },
    headLineStart: {
      'joined-to-life': 148,
      'apart-from-life': 2,
    },
    fateLineStart: {
      wrist: 20,
      'life-line': 16,
    },
    handType: {
      air: 37,
      earth: 22,
      fire: 29,
      water: 10,
    },
    palmShape: {
      square: 48,
      oblong: 34,
    },
    fingerLength: {
      long: 59,
      short: 76,
      medium: 16,
    },
    indexVsRing: {
      'index-longer': 32,
      'ring-longer': 45,
    },
    littleFinger: {
      long: 14,
      short: 23,
    },
    thumbLength: {
      long: 63,
      short: 52,
    },
    headLineLength: {
      long: 55,
    },
    lifeLineArc: {
      medium: 34,
      wide: 52,
      narrow: 1,
    },
    middleFinger: {
      short: 31,
      long: 36,
    },
    lifeLineLength: {
      long: 60,
    },
    headLineEnd: {
      'toward-moon': 27,
      level: 9,
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
