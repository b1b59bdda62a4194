export interface DiffLine {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/**
 * The lines that change from `from` to `to` (a longest-common-subsequence diff): what restoring
 * an old version would take out of the current text and put back. Prompts are a few hundred lines
 * at most, so the quadratic table is small.
 */
export function lineDiff(from: string, to: string): DiffLine[] {
  const a = from.split('\n');
  const b = to.split('\n');
  const common: number[][] = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      common[i]![j] =
        a[i] === b[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push({ kind: 'same', text: a[i]! });
      i++;
      j++;
    } else if (j < b.length && (i === a.length || common[i]![j + 1]! >= common[i + 1]![j]!)) {
      lines.push({ kind: 'added', text: b[j]! });
      j++;
    } else {
      lines.push({ kind: 'removed', text: a[i]! });
      i++;
    }
  }
  return lines;
}
