import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BENCHMARKS_DOC = path.join(ROOT, 'docs/benchmarks.md');

const TITLE = '# Benchmarks';

const markers = (name: string) => ({
  start: `<!-- bench:${name}:start -->`,
  end: `<!-- bench:${name}:end -->`,
});

/**
 * The document with one benchmark's section replaced, or appended when the document has no
 * section of that name yet. Every other benchmark's section stays as it was written, so each
 * bench can be run on its own.
 */
export function withBenchmarkSection(document: string, name: string, markdown: string): string {
  const { start, end } = markers(name);
  const section = `${start}\n\n${markdown.trim()}\n\n${end}`;
  const from = document.indexOf(start);
  const to = document.indexOf(end, from);
  if (from !== -1 && to !== -1) return document.slice(0, from) + section + document.slice(to + end.length);
  const titled = document.trimStart().startsWith(TITLE)
    ? document.trimEnd()
    : `${TITLE}\n\n${document.trim()}`;
  return `${titled.trimEnd()}\n\n${section}\n`;
}

/** Records one benchmark's figures in docs/benchmarks.md, between its own markers. */
export async function writeBenchmarkSection(name: string, markdown: string): Promise<void> {
  const document = await readFile(BENCHMARKS_DOC, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  await writeFile(BENCHMARKS_DOC, withBenchmarkSection(document, name, markdown));
}
