import { toBasisTags } from '../lib/basis-tags';

export function BasisTags({ basis }: { basis: readonly string[] }) {
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
            title={tag.label === tag.fullText ? undefined : tag.fullText}
          >
            {tag.label}
          </li>
        ))}
        {hiddenCount > 0 ? <li className="basis-tag basis-tag--more">+{hiddenCount} more</li> : null}
      </ul>
    </div>
  );
}
