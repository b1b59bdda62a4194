import { useState } from 'react';
import { toBasisTags } from '../lib/basis-tags';

/**
 * Spec §2 tags: at most 4, then "+N more", which opens the full list; a tag's Vedic name (from
 * "How we read this") is its tooltip when it is not cut.
 */
export function BasisTags({
  basis,
  vedicNames = {},
}: {
  basis: readonly string[];
  vedicNames?: Readonly<Record<string, string>>;
}) {
  const [open, setOpen] = useState(false);
  const { tags, hiddenCount } = toBasisTags(basis, open ? basis.length : undefined);
  if (tags.length === 0) return null;
  return (
    <div className="basis-tags">
      <span className="basis-tags__label">Based on</span>
      <ul className="basis-tags__list">
        {tags.map((tag, position) => (
          <li
            key={position}
            className="basis-tag"
            title={tag.label === tag.fullText ? vedicNames[tag.fullText] : tag.fullText}
          >
            {tag.label}
          </li>
        ))}
        {hiddenCount > 0 ? (
          <li>
            <button
              type="button"
              className="basis-tag basis-tag--more"
              aria-expanded={open}
              onClick={() => setOpen((current) => !current)}
            >
              {open ? 'Show fewer' : `+${hiddenCount} more`}
            </button>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
