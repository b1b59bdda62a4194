import type { PalmProfile } from '@palm/contracts';
import { profileAtAGlance, profileLeftOpen } from '@palm/contracts';

/**
 * "Your palm at a glance": the classes the reading rests on, in plain words; undetermined traits are
 * left out of the list, and what the photo left open of the hand's shape is named below it.
 */
export function PalmAtAGlance({ profile }: { profile: PalmProfile | null }) {
  const rows = profile ? profileAtAGlance(profile) : [];
  if (rows.length === 0) return null;
  const leftOpen = profile ? profileLeftOpen(profile) : undefined;
  return (
    <section className="palm-at-a-glance" aria-labelledby="palm-at-a-glance-title">
      <h2 id="palm-at-a-glance-title" className="palm-at-a-glance__title">
        Your palm at a glance
      </h2>
      <dl className="palm-at-a-glance__list">
        {rows.map((row) => (
          <div key={row.trait} className="palm-at-a-glance__row">
            <dt>{row.name}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      {leftOpen && <p className="palm-at-a-glance__open">{leftOpen}</p>}
    </section>
  );
}
