import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order the tiers start in. Vitest starts projects in the order of their names, which put the
 * longest files (the fault suite, about 140 s, and the end-to-end journeys, up to 110 s) in the
 * middle of the run. The longest start first here, so the short unit and web files fill in beside
 * them at the end. The web build the end-to-end files serve runs meanwhile
 * (tests/e2e/global-setup.ts).
 */
const TIER_ORDER = ['integration', 'system', 'component', 'unit', 'web', 'web-server'];

const rank = (file: TestSpecification) => {
  const index = TIER_ORDER.indexOf(file.project.name);
  return index === -1 ? TIER_ORDER.length : index;
};

/** Vitest's own order within a tier (failed first, then longest or largest first), tiers as above. */
export class TierSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
