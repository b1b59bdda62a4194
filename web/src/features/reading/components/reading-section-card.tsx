import type { ReadingSection } from '@palm/contracts';
import { BasisTags } from './basis-tags';
import { HowWeRead } from './how-we-read';
import { LinkedText } from './linked-text';

const AREA_GLYPHS: Record<string, string> = {
  love: 'प्रे',
  career: 'क',
  health: 'स्व',
  money: 'ध',
  spiritual: 'ॐ',
};

export function ReadingSectionCard({ section }: { section: ReadingSection }) {
  const glyph = (section.area && AREA_GLYPHS[section.area.toLowerCase()]) ?? '✦';
  const vedicNames = Object.fromEntries((section.howWeRead?.terms ?? []).map((t) => [t.tag, t.vedic]));
  return (
    <article className="reading-section">
      <header className="reading-section__header">
        <span className="reading-section__glyph devanagari" aria-hidden="true">
          {glyph}
        </span>
        <div>
          {section.title ? <h2 className="reading-section__title">{section.title}</h2> : null}
          {section.subtitle ? <p className="reading-section__subtitle">{section.subtitle}</p> : null}
        </div>
      </header>
      {section.insights.length > 0 ? (
        <ul className="reading-section__insights">
          {section.insights.map((insight, position) => (
            <li key={position}>
              <LinkedText text={insight} inline />
            </li>
          ))}
        </ul>
      ) : null}
      {section.content ? <LinkedText className="reading-section__content" text={section.content} /> : null}
      {section.details ? <LinkedText className="reading-section__details" text={section.details} /> : null}
      <BasisTags basis={section.basis} vedicNames={vedicNames} />
      {section.howWeRead ? <HowWeRead notes={section.howWeRead} /> : null}
      {section.locked ? (
        <p className="reading-section__locked">The rest of this section comes with the full reading.</p>
      ) : null}
    </article>
  );
}
