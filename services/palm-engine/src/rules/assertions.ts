/**
 * What a rule says about the person, on a few axes where two readings can pull against each
 * other ("a private heart" beside "an easy welcome"). A rule declares its poles; the narrator
 * states one pole of an axis per reading, and says it as one nuanced sentence where findings of
 * this hand pull both ways. A new axis is added here; a new rule only names its poles.
 */
export const ASSERTION_AXES = {
  sociability: ['reserved', 'open'],
  pace: ['restless', 'steady'],
  mind: ['practical', 'imaginative'],
  risk: ['cautious', 'bold'],
  feeling: ['sensitive', 'even'],
  drive: ['driven', 'easygoing'],
} as const;

export type AssertionAxis = keyof typeof ASSERTION_AXES;
export type AssertionPole<A extends AssertionAxis = AssertionAxis> = (typeof ASSERTION_AXES)[A][number];
export type Assertions = { readonly [A in AssertionAxis]?: AssertionPole<A> };

export const AXES = Object.keys(ASSERTION_AXES) as AssertionAxis[];

/** "sociability:open": one pole of one axis, the unit the checker and the themes count by. */
export type PoleKey = { [A in AssertionAxis]: `${A}:${AssertionPole<A>}` }[AssertionAxis];
const poleKey = (axis: AssertionAxis, pole: string) => `${axis}:${pole}` as PoleKey;

export const polesOf = (assertions: Assertions | undefined): PoleKey[] =>
  AXES.flatMap((axis) => {
    const pole = assertions?.[axis];
    return pole ? [poleKey(axis, pole)] : [];
  });

/** The axes on which the given assertions state both poles: what a reading must never do. */
export function opposingAxes(stated: readonly (Assertions | undefined)[]): AssertionAxis[] {
  return AXES.filter(
    (axis) => new Set(stated.map((assertions) => assertions?.[axis]).filter(Boolean)).size > 1,
  );
}
