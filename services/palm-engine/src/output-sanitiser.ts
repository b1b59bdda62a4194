import { lineTraceSchema, type HowWeRead, type ReadingResult, type ReadingSection } from '@palm/contracts';

// The web app renders reading text as markup, so anything that could run script is removed here
// (and the web app sanitises again). Regexes suffice: the goal is to neutralise, not to keep markup tidy.
const DANGEROUS_ELEMENTS =
  /<\s*(script|style|iframe|object|embed|frame|frameset|base|meta|link|form)\b[\s\S]*?(?:<\s*\/\s*\1\s*>|$)/gi;
const DANGEROUS_TAGS =
  /<\s*\/?\s*(script|style|iframe|object|embed|frame|frameset|base|meta|link|form)\b[^>]*>/gi;
const TAGS = /<[a-z][^>]*>/gi;
const EVENT_HANDLERS = /[\s/]+on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;
// Browsers ignore whitespace inside a URL scheme and decode character references in attributes.
const SCRIPT_URLS = /\b(?:j\s*a\s*v\s*a|v\s*b)\s*s\s*c\s*r\s*i\s*p\s*t\s*:|\bdata\s*:\s*text\/html/gi;
const NUMERIC_CHARACTER_REFERENCES = /&#x?[0-9a-f]+;?/gi;

export function sanitiseText(text: string): string {
  let previous: string;
  let current = text;
  // Repeat until stable, so nesting such as `<scr<script>ipt>` cannot reassemble after one pass.
  do {
    previous = current;
    current = current
      .replace(DANGEROUS_ELEMENTS, '')
      .replace(DANGEROUS_TAGS, '')
      .replace(TAGS, (tag) => tag.replace(EVENT_HANDLERS, ''))
      .replace(NUMERIC_CHARACTER_REFERENCES, '')
      .replace(SCRIPT_URLS, '');
  } while (current !== previous);
  return current;
}

export function sanitiseSection(section: ReadingSection): ReadingSection {
  return {
    area: sanitiseText(section.area),
    title: sanitiseText(section.title),
    subtitle: sanitiseText(section.subtitle),
    insights: section.insights.map(sanitiseText),
    content: sanitiseText(section.content),
    details: sanitiseText(section.details),
    basis: section.basis.map(sanitiseText),
    ...(section.howWeRead ? { howWeRead: sanitiseHowWeRead(section.howWeRead) } : {}),
  };
}

function sanitiseHowWeRead(notes: HowWeRead): HowWeRead {
  return {
    measured: notes.measured.map(sanitiseText),
    lines: notes.lines.map(sanitiseText),
    terms: notes.terms.map((term) => ({ tag: sanitiseText(term.tag), vedic: sanitiseText(term.vedic) })),
  };
}

/** Traces are drawn as SVG paths: only well-formed ones (finite, in range, a known line) pass. */
function safeTraces(traces: ReadingResult['line_traces']): NonNullable<ReadingResult['line_traces']> {
  return (traces ?? []).flatMap((trace) => {
    const parsed = lineTraceSchema.safeParse(trace);
    return parsed.success ? [{ ...parsed.data, name: sanitiseText(parsed.data.name) }] : [];
  });
}

export function sanitiseReadingResult(result: ReadingResult): ReadingResult {
  return {
    sections: result.sections.map(sanitiseSection),
    visual_markers: result.visual_markers.map((marker) => ({
      ...marker,
      id: sanitiseText(marker.id),
      label: sanitiseText(marker.label),
      description: sanitiseText(marker.description),
      style: sanitiseText(marker.style),
      ...(marker.explains ? { explains: marker.explains.map(sanitiseText) } : {}),
    })),
    ...(result.line_traces ? { line_traces: safeTraces(result.line_traces) } : {}),
  };
}
