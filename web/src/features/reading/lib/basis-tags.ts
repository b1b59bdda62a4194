export const MAX_BASIS_TAGS = 4;
export const MAX_BASIS_TAG_LENGTH = 30;

export interface BasisTag {
  label: string;
  fullText: string;
}

/**
 * Spec §2: at most 4 tags, each cut to 30 characters plus "...", then "+N more"; `shown` lifts the
 * limit once the visitor opens the full list.
 */
export function toBasisTags(
  basis: readonly string[],
  shown: number = MAX_BASIS_TAGS,
): { tags: BasisTag[]; hiddenCount: number } {
  const tags = basis.slice(0, shown).map((fullText) => ({
    fullText,
    label:
      fullText.length > MAX_BASIS_TAG_LENGTH ? `${fullText.slice(0, MAX_BASIS_TAG_LENGTH)}...` : fullText,
  }));
  return { tags, hiddenCount: Math.max(0, basis.length - MAX_BASIS_TAGS) };
}
