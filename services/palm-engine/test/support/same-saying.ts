import type { Finding } from '../../src/rules/palm-rule';

/**
 * Two findings reading the same features with the same leaning, in the tests' own words (the rule
 * base's `oneAreaPerFeature` keeps only the stronger of such a pair in one section).
 */
export const sameSaying = (a: Finding, b: Finding) =>
  a.asserts !== undefined &&
  Object.keys(a.asserts).length > 0 &&
  JSON.stringify(a.asserts) === JSON.stringify(b.asserts) &&
  [...a.reads].sort().join() === [...b.reads].sort().join();
