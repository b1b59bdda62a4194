import { toBasisTags } from '../lib/basis-tags';

/** Spec §2 tags; a tag's Vedic name (from "How we read this") is its tooltip when it is not cut. */
export function BasisTags({
  basis,
  vedicNames = {},
}: {
  basis: readonly string[];
  vedicNames?: Readonly<Record<string, string>>;
}) {
  const { tags, hiddenCount } = toBasisTags(basis);
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
        {hiddenCount > 0 ? <li className="basis-tag basis-tag--more">+{hiddenCount} more</li> : null}
      </ul>
    </div>
  );
}
