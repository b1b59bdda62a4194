import type { IOptions } from 'sanitize-html';
import {
  lineTraceSchema,
  palmProfileSchema,
  type HowWeRead,
  type ReadingResult,
  type ReadingSection,
  type VisualMarker,
} from '@palm/contracts';

/*
 * Everything a language model wrote is parsed by a real HTML parser (sanitize-html on htmlparser2)
 * and rebuilt from an allow-list, so what is stored and served is safe to insert as markup by any
 * consumer: no link, image, script, event handler, style or URL of any scheme survives, because
 * no attribute survives at all. The web app sanitises again (DOMPurify) as a second line.
 */

/** Spec §2: prose "containing markup is rendered as markup" — emphasis, paragraphs and lists only. */
const PROSE_TAGS = ['p', 'br', 'strong', 'em', 'b', 'i', 'ul', 'ol', 'li'];

/**
 * Elements whose content is not reading text (code, embedded documents, form controls, vector
 * graphics): dropped whole. Any other disallowed tag is unwrapped and its text kept, so a model's
 * `<a href="…">see the chart</a>` still reads "see the chart".
 */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'textarea',
  'select',
  'option',
  'xmp',
  'title',
];

/**
 * sanitize-html escapes every `&`, `<` and `>` of the text. A palmist's "Love & Relationships" or
 * "less than < more" would then reach the visitor as "&amp;" and "&lt;" wherever the text is shown
 * as text, so the characters that cannot begin markup are given back: `>` always, `&` unless what
 * follows reads as a character reference (`#`, or a name ending in `;`), `<` when neither a letter,
 * `!`, `/` nor `?` follows (only those open a tag, a comment or a declaration in HTML). This runs
 * on the whole output: its only markup is the bare allowed tags, which hold none of these.
 */
const readable = (sanitised: string): string =>
  sanitised
    .replace(/&amp;(?![A-Za-z0-9]*;|#)/g, '&')
    .replace(/&lt;(?=[^A-Za-z!/?])/g, '<')
    .replace(/&gt;/g, '>');

const sanitiserOptions = (allowedTags: string[]): IOptions => ({
  allowedTags,
  // An empty map, not `false`: sanitize-html reads `false` as "every attribute".
  allowedAttributes: {},
  allowedSchemes: [],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
});

const PROSE = sanitiserOptions(PROSE_TAGS);
const PLAIN = sanitiserOptions([]);

export interface TextSanitisers {
  /** Insights, content and details: rendered as markup, so they keep the prose tags. */
  prose: (text: string) => string;
  /** Titles, labels, tags and notes: shown as text, so they keep no markup at all. */
  plain: (text: string) => string;
}

let loading: Promise<TextSanitisers> | undefined;

/** sanitize-html (and the postcss it brings) loads only in the processes that handle model text. */
export function textSanitisers(): Promise<TextSanitisers> {
  loading ??= import('sanitize-html').then(({ default: sanitizeHtml }) => ({
    prose: (text) => readable(sanitizeHtml(text, PROSE)),
    plain: (text) => readable(sanitizeHtml(text, PLAIN)),
  }));
  return loading;
}

function sanitiseSection(section: ReadingSection, { prose, plain }: TextSanitisers): ReadingSection {
  return {
    area: plain(section.area),
    title: plain(section.title),
    subtitle: plain(section.subtitle),
    insights: section.insights.map(prose),
    content: prose(section.content),
    details: prose(section.details),
    basis: section.basis.map(plain),
    ...(section.howWeRead ? { howWeRead: sanitiseHowWeRead(section.howWeRead, plain) } : {}),
  };
}

function sanitiseHowWeRead(notes: HowWeRead, plain: TextSanitisers['plain']): HowWeRead {
  return {
    measured: notes.measured.map(plain),
    lines: notes.lines.map(plain),
    terms: notes.terms.map((term) => ({ tag: plain(term.tag), vedic: plain(term.vedic) })),
  };
}

function sanitiseMarker(marker: VisualMarker, plain: TextSanitisers['plain']): VisualMarker {
  return {
    ...marker,
    id: plain(marker.id),
    label: plain(marker.label),
    description: plain(marker.description),
    style: plain(marker.style),
    ...(marker.explains ? { explains: marker.explains.map(plain) } : {}),
  };
}

/** Traces are drawn as SVG paths: only well-formed ones (finite, in range, a known line) pass. */
function safeTraces(
  traces: ReadingResult['line_traces'],
  plain: TextSanitisers['plain'],
): NonNullable<ReadingResult['line_traces']> {
  return (traces ?? []).flatMap((trace) => {
    const parsed = lineTraceSchema.safeParse(trace);
    return parsed.success ? [{ ...parsed.data, name: plain(parsed.data.name) }] : [];
  });
}

/** The reading's opening themes (the owner's, or the palm-only version's), absent when there are none. */
function sanitisedThemes(
  themes: ReadingResult['themes'],
  sanitisers: Awaited<ReturnType<typeof textSanitisers>>,
): Pick<ReadingResult, 'themes'> {
  if (!themes) return {};
  return {
    themes: themes.map((theme) => ({
      title: sanitisers.plain(theme.title),
      text: sanitisers.prose(theme.text),
      features: theme.features.map(sanitisers.plain),
    })),
  };
}

/**
 * Every string of a reading, each by how it is shown. A reading may pass through it more than
 * once (the engine, storage, and every read of a stored row): a second pass changes nothing.
 */
export async function sanitiseReadingResult(result: ReadingResult): Promise<ReadingResult> {
  const sanitisers = await textSanitisers();
  return {
    sections: result.sections.map((section) => sanitiseSection(section, sanitisers)),
    ...sanitisedThemes(result.themes, sanitisers),
    visual_markers: result.visual_markers.map((marker) => sanitiseMarker(marker, sanitisers.plain)),
    ...(result.line_traces ? { line_traces: safeTraces(result.line_traces, sanitisers.plain) } : {}),
    // Enumerated classes only: a profile that fails its schema is dropped rather than shown.
    ...(palmProfileSchema.safeParse(result.profile).success ? { profile: result.profile } : {}),
    ...(result.shared
      ? {
          shared: {
            sections: result.shared.sections.map((section) => sanitiseSection(section, sanitisers)),
            ...sanitisedThemes(result.shared.themes, sanitisers),
            visual_markers: result.shared.visual_markers.map((marker) =>
              sanitiseMarker(marker, sanitisers.plain),
            ),
          },
        }
      : {}),
  };
}
