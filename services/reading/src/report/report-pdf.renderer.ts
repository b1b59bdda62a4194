import {
  profileAtAGlance,
  profileLeftOpen,
  READING_DISCLAIMER,
  REPORT_BRAND,
  type ReadingResult,
} from '@palm/contracts';
import { fontFaces, textRuns, type FontWeight } from './report-fonts';
import { plainText } from './plain-text';
import { formatReadingDate, REPORT_COLORS, TRACE_COLORS } from './report-style';

export interface ReportPhoto {
  data: Buffer;
  width: number;
  height: number;
}

export interface ReportPdfInput {
  result: ReadingResult;
  createdAt: Date;
  /** The served (normalised, metadata-free) JPEG, or null once the retention sweep removed it. */
  photo: ReportPhoto | null;
  /** Why there is no photo, shown in its place. */
  photoNote: string;
  /** The reading's address, printed in the footer. */
  link: string;
}

const MARGIN = 50;
const FOOTER_HEIGHT = 46;
const PHOTO_WIDTH = 230;

interface TextStyle {
  size: number;
  weight?: FontWeight;
  color?: string;
  x?: number;
  y?: number;
  width?: number;
  gap?: number;
  lineGap?: number;
  align?: 'left' | 'center' | 'right';
}

/** Writes text in font runs (Latin / Devanagari) that wrap as one paragraph. */
function write(doc: PDFKit.PDFDocument, text: string, style: TextStyle): void {
  const runs = textRuns(text, style.weight ?? 400);
  if (runs.length === 0) return;
  doc.fillColor(style.color ?? REPORT_COLORS.ink).fontSize(style.size);
  runs.forEach((run, index) => {
    doc.font(run.face.name);
    const options: PDFKit.Mixins.TextOptions = {
      continued: index < runs.length - 1,
      width: style.width,
      lineGap: style.lineGap ?? 2,
      paragraphGap: style.gap ?? 0,
      align: style.align,
    };
    if (index === 0 && style.x !== undefined) doc.text(run.text, style.x, style.y, options);
    else doc.text(run.text, options);
  });
}

function drawPhoto(doc: PDFKit.PDFDocument, input: ReportPdfInput, top: number): number {
  const { result } = input;
  const left = MARGIN;
  if (!input.photo) {
    const height = 140;
    doc.roundedRect(left, top, PHOTO_WIDTH, height, 8).fillAndStroke(REPORT_COLORS.paper, REPORT_COLORS.rule);
    write(doc, input.photoNote, {
      size: 10,
      color: REPORT_COLORS.muted,
      x: left + 14,
      y: top + 50,
      width: PHOTO_WIDTH - 28,
      align: 'center',
    });
    return top + height;
  }
  const height = (PHOTO_WIDTH * input.photo.height) / input.photo.width;
  doc.image(input.photo.data, left, top, { width: PHOTO_WIDTH, height });
  const at = (point: { x: number; y: number }) =>
    [left + (point.x / 100) * PHOTO_WIDTH, top + (point.y / 100) * height] as const;

  for (const trace of result.line_traces ?? []) {
    const [first, ...rest] = trace.points.map(at);
    if (!first) continue;
    doc.save().moveTo(...first);
    for (const point of rest) doc.lineTo(...point);
    doc.lineWidth(2.2).lineJoin('round').lineCap('round').strokeOpacity(0.9).stroke(TRACE_COLORS[trace.line]);
    doc.restore();
  }
  result.visual_markers.forEach((marker, index) => {
    const [x, y] = at(marker.coordinates);
    doc.save().circle(x, y, 8).lineWidth(1.5).fillAndStroke(REPORT_COLORS.marker, '#ffffff').restore();
    write(doc, String(index + 1), {
      size: 8,
      weight: 700,
      color: '#ffffff',
      x: x - 8,
      y: y - 4.6,
      width: 16,
      align: 'center',
    });
  });
  return top + height;
}

/** The key beside the photo: what each numbered marker and each coloured line is. */
/** A heading of the key beside the photo ("Marked on your palm", "Lines traced"). */
function legendHeading(doc: PDFKit.PDFDocument, title: string, left: number, width: number): void {
  write(doc, title, { size: 11, weight: 700, color: REPORT_COLORS.brand, x: left, y: doc.y, width, gap: 4 });
}

function drawLegend(doc: PDFKit.PDFDocument, input: ReportPdfInput, top: number): number {
  const left = MARGIN + PHOTO_WIDTH + 20;
  const width = doc.page.width - MARGIN - left;
  doc.y = top;
  const markers = input.result.visual_markers;
  if (markers.length > 0) {
    legendHeading(doc, 'Marked on your palm', left, width);
    markers.forEach((marker, index) => {
      const label = `${index + 1}. ${plainText(marker.label)}`;
      write(doc, label, { size: 9.5, weight: 700, x: left, y: doc.y, width });
      if (marker.description)
        write(doc, plainText(marker.description), {
          size: 9,
          color: REPORT_COLORS.muted,
          x: left,
          y: doc.y,
          width,
          gap: 4,
        });
    });
  }
  const traces = input.photo ? (input.result.line_traces ?? []) : [];
  if (traces.length > 0) {
    doc.y += 6;
    legendHeading(doc, 'Lines traced', left, width);
    for (const trace of traces) {
      const y = doc.y;
      doc
        .save()
        .moveTo(left, y + 5)
        .lineTo(left + 16, y + 5)
        .lineWidth(2.5)
        .stroke(TRACE_COLORS[trace.line])
        .restore();
      const traits = [trace.length, trace.curvature, trace.depth].filter(Boolean).join(', ');
      write(doc, traits ? `${trace.name} — ${traits}` : trace.name, {
        size: 9.5,
        x: left + 22,
        y,
        width: width - 22,
        gap: 2,
      });
    }
  }
  const { profile } = input.result;
  const glance = profile ? profileAtAGlance(profile) : [];
  if (profile && glance.length > 0) {
    doc.y += 6;
    legendHeading(doc, 'Your palm at a glance', left, width);
    for (const row of glance)
      write(doc, `${row.name}: ${row.value}`, { size: 9, x: left, y: doc.y, width, gap: 1 });
    const leftOpen = profileLeftOpen(profile);
    if (leftOpen)
      write(doc, leftOpen, { size: 8.5, color: REPORT_COLORS.muted, x: left, y: doc.y + 3, width, gap: 1 });
  }
  return doc.y;
}

/** The threads the reading opens with, before its sections (readings made before themes have none). */
function drawThemes(doc: PDFKit.PDFDocument, result: ReadingResult): void {
  const themes = result.themes ?? [];
  if (themes.length === 0) return;
  const width = doc.page.width - 2 * MARGIN;
  doc.y += 14;
  write(doc, 'The threads of your hand', {
    size: 14,
    weight: 700,
    color: REPORT_COLORS.brand,
    x: MARGIN,
    y: doc.y,
    width,
    gap: 4,
  });
  for (const theme of themes) {
    write(doc, plainText(theme.title), { size: 11, weight: 700, x: MARGIN, width, gap: 1 });
    write(doc, plainText(theme.text), { size: 10.5, x: MARGIN, width, gap: 5 });
  }
}

function drawSections(doc: PDFKit.PDFDocument, result: ReadingResult): void {
  const width = doc.page.width - 2 * MARGIN;
  for (const section of result.sections) {
    if (doc.y > doc.page.height - FOOTER_HEIGHT - MARGIN - 120) doc.addPage();
    doc.y += 10;
    doc
      .save()
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + width, doc.y)
      .lineWidth(0.8)
      .stroke(REPORT_COLORS.rule)
      .restore();
    doc.y += 10;
    write(doc, plainText(section.title), {
      size: 16,
      weight: 700,
      color: REPORT_COLORS.brand,
      x: MARGIN,
      y: doc.y,
      width,
    });
    if (section.subtitle)
      write(doc, plainText(section.subtitle), {
        size: 10,
        color: REPORT_COLORS.muted,
        x: MARGIN,
        width,
        gap: 6,
      });
    for (const insight of section.insights) {
      write(doc, `•  ${plainText(insight)}`, {
        size: 11,
        weight: 700,
        x: MARGIN + 6,
        width: width - 6,
        gap: 3,
      });
    }
    doc.y += 4;
    for (const text of [section.content, section.details]) {
      for (const paragraph of plainText(text)
        .split(/\n\s*\n/)
        .filter((part) => part.trim())) {
        write(doc, paragraph.trim(), { size: 10.5, x: MARGIN, width, gap: 6, lineGap: 3 });
      }
    }
    if (section.basis.length > 0) {
      write(doc, `Basis: ${section.basis.map(plainText).join(' · ')}`, {
        size: 9,
        color: REPORT_COLORS.muted,
        x: MARGIN,
        width,
        gap: 4,
      });
    }
  }
}

function drawFooters(doc: PDFKit.PDFDocument, input: ReportPdfInput): void {
  const range = doc.bufferedPageRange();
  const width = doc.page.width - 2 * MARGIN;
  for (let page = range.start; page < range.start + range.count; page++) {
    doc.switchToPage(page);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const top = doc.page.height - FOOTER_HEIGHT - 10;
    doc
      .save()
      .moveTo(MARGIN, top - 6)
      .lineTo(MARGIN + width, top - 6)
      .lineWidth(0.5)
      .stroke(REPORT_COLORS.rule)
      .restore();
    write(doc, READING_DISCLAIMER, {
      size: 8,
      color: REPORT_COLORS.muted,
      x: MARGIN,
      y: top,
      width: width - 50,
    });
    write(doc, input.link, {
      size: 8,
      color: REPORT_COLORS.muted,
      x: MARGIN,
      y: doc.y + 1,
      width: width - 50,
    });
    write(doc, `${page + 1} / ${range.count}`, {
      size: 8,
      color: REPORT_COLORS.muted,
      x: MARGIN + width - 50,
      y: top,
      width: 50,
      align: 'right',
    });
    doc.page.margins.bottom = bottom;
  }
}

/**
 * The whole reading as an A4 PDF: brand header, the palm with its traced lines and numbered
 * markers, every section with insights and basis, the date and the disclaimer on every page.
 * pdfkit embeds only the glyphs used (subset fonts), so a reading is a few hundred kilobytes.
 */
export async function renderReportPdf(input: ReportPdfInput): Promise<Buffer> {
  // pdfkit (~20 MB once loaded) is loaded with the first PDF asked for, not when the service starts.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT },
    bufferPages: true,
    info: {
      Title: `${REPORT_BRAND.name} — Your Palm Reading`,
      Author: REPORT_BRAND.name,
      Subject: 'A palm reading in the Vedic tradition',
      CreationDate: input.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const face of [...fontFaces()[400], ...fontFaces()[700]]) doc.registerFont(face.name, face.data);

  const width = doc.page.width - 2 * MARGIN;
  write(doc, REPORT_BRAND.devanagari, {
    size: 24,
    weight: 700,
    color: REPORT_COLORS.brand,
    x: MARGIN,
    y: MARGIN - 8,
    width,
  });
  write(doc, `${REPORT_BRAND.name} · ${REPORT_BRAND.tagline}`, {
    size: 10,
    color: REPORT_COLORS.muted,
    x: MARGIN,
    width,
  });
  write(doc, formatReadingDate(input.createdAt), {
    size: 10,
    color: REPORT_COLORS.muted,
    x: MARGIN,
    y: MARGIN + 4,
    width,
    align: 'right',
  });
  doc
    .save()
    .moveTo(MARGIN, MARGIN + 46)
    .lineTo(MARGIN + width, MARGIN + 46)
    .lineWidth(1.2)
    .stroke(REPORT_COLORS.accent)
    .restore();
  write(doc, 'Your Palm Reading', { size: 22, weight: 700, x: MARGIN, y: MARGIN + 60, width });
  write(doc, 'What the lines of your hand reveal, read in the Vedic tradition of Samudrika Shastra.', {
    size: 10.5,
    color: REPORT_COLORS.muted,
    x: MARGIN,
    width,
    gap: 12,
  });

  const top = doc.y;
  const photoBottom = drawPhoto(doc, input, top);
  const legendBottom = drawLegend(doc, input, top);
  doc.x = MARGIN;
  doc.y = Math.max(photoBottom, legendBottom) + 8;
  drawThemes(doc, input.result);
  drawSections(doc, input.result);
  drawFooters(doc, input);
  doc.end();
  return done;
}
