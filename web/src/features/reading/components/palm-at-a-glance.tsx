import type { PalmProfile } from '@palm/contracts';
import { profileAtAGlance } from '@palm/contracts';

/** "Your palm at a glance": the classes the reading rests on, in plain words; undetermined traits are left out. */
export function PalmAtAGlance({ profile }: { profile: PalmProfile | null }) {
  const rows = profile ? profileAtAGlance(profile) : [];
  if (rows.length === 0) return null;
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
    </section>
  );
}
