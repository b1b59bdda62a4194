import { REPORT_BRAND, SHARE_CARD_SIZE, type LineTrace, type VisualMarker } from '@palm/contracts';
import type { ReportPhoto } from './report-pdf.renderer';
import { REPORT_COLORS, TRACE_COLORS } from './report-style';
import { svgTextLine, wrapText } from './svg-text';

export interface ShareCardInput {
  /** One insight of the reading (never the visitor's answers or name). */
  insight: string;
  /** The palm photo, only when the visitor chose to show it; otherwise a stylised outline. */
  photo: ReportPhoto | null;
  traces: LineTrace[];
  markers: VisualMarker[];
}

const { width: WIDTH, height: HEIGHT } = SHARE_CARD_SIZE;
const PANEL = { x: 60, y: 60, width: 400, height: 510 };
const TEXT_X = 520;
const TEXT_WIDTH = WIDTH - TEXT_X - 70;

/** A generic hand, drawn as a union of rounded shapes: outlined first, then filled over. */
function handOutline(): string {
  const { x, y, width, height } = PANEL;
  const cx = x + width / 2 + 25;
  const top = y + 30;
  const shapes = [
    `<rect x="${cx - 110}" y="${top + 200}" width="220" height="250" rx="80"/>`,
    ...[
      [-100, 95, 150],
      [-45, 40, 175],
      [12, 20, 182],
      [66, 60, 160],
    ].map(
      ([dx, dy, h]) => `<rect x="${cx + dx! - 3}" y="${top + dy!}" width="48" height="${h! + 40}" rx="24"/>`,
    ),
    `<rect x="${cx - 146}" y="${top + 230}" width="56" height="170" rx="28" transform="rotate(-40 ${cx - 118} ${top + 400})"/>`,
  ].join('');
  const lines = [
    [
      `M${cx + 100} ${top + 262} C ${cx + 40} ${top + 240}, ${cx - 40} ${top + 250}, ${cx - 90} ${top + 236}`,
      'heart',
    ],
    [
      `M${cx - 100} ${top + 292} C ${cx - 30} ${top + 300}, ${cx + 30} ${top + 315}, ${cx + 85} ${top + 340}`,
      'head',
    ],
    [
      `M${cx - 96} ${top + 300} C ${cx - 60} ${top + 360}, ${cx - 60} ${top + 410}, ${cx - 20} ${top + 445}`,
      'life',
    ],
  ] as const;
  return (
    `<g stroke="${REPORT_COLORS.brand}" stroke-width="10" fill="${REPORT_COLORS.brand}">${shapes}</g>` +
    `<g fill="#fff3e0">${shapes}</g>` +
    lines
      .map(
        ([d, line]) =>
          `<path d="${d}" fill="none" stroke="${TRACE_COLORS[line]}" stroke-width="7" stroke-linecap="round"/>`,
      )
      .join('') +
    `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="28" fill="none" stroke="${REPORT_COLORS.rule}" stroke-width="3"/>`
  );
}

/** The photo fitted into the panel, with the reading's traced lines and numbered markers over it. */
function palmPhoto(photo: ReportPhoto, traces: LineTrace[], markers: VisualMarker[]): string {
  const scale = Math.min(PANEL.width / photo.width, PANEL.height / photo.height);
  const width = photo.width * scale;
  const height = photo.height * scale;
  const left = PANEL.x + (PANEL.width - width) / 2;
  const top = PANEL.y + (PANEL.height - height) / 2;
  const at = (point: { x: number; y: number }) =>
    `${(left + (point.x / 100) * width).toFixed(1)},${(top + (point.y / 100) * height).toFixed(1)}`;
  const image = `<image x="${left}" y="${top}" width="${width}" height="${height}" href="data:image/jpeg;base64,${photo.data.toString('base64')}"/>`;
  const lines = traces
    .map(
      (trace) =>
        `<polyline points="${trace.points.map(at).join(' ')}" fill="none" stroke="${TRACE_COLORS[trace.line]}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`,
    )
    .join('');
  const dots = markers
    .map((marker) => {
      const [x, y] = at(marker.coordinates).split(',').map(Number) as [number, number];
      return (
        `<circle cx="${x}" cy="${y}" r="15" fill="${REPORT_COLORS.marker}" stroke="#fff" stroke-width="3"/>` +
        svgTextLine(String(markers.indexOf(marker) + 1), x - 5.5, y + 6, {
          size: 17,
          weight: 700,
          fill: '#fff',
        })
      );
    })
    .join('');
  return `<rect x="${PANEL.x}" y="${PANEL.y}" width="${PANEL.width}" height="${PANEL.height}" rx="28" fill="#2b1d14"/>${image}${lines}${dots}`;
}

/** The 1200×630 link preview card: brand, the hand (outline or the chosen photo), one insight. */
export async function renderShareCard(input: ShareCardInput): Promise<Buffer> {
  const insightStyle = { size: 38, weight: 700, fill: REPORT_COLORS.ink } as const;
  const insightLines = wrapText(`“${input.insight}”`, TEXT_WIDTH, 4, insightStyle);
  const insight = insightLines
    .map((line, index) => svgTextLine(line, TEXT_X, 330 + index * 52, insightStyle))
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fffaf3"/><stop offset="1" stop-color="#fde7c7"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
<rect x="0" y="${HEIGHT - 14}" width="${WIDTH}" height="14" fill="${REPORT_COLORS.accent}"/>
${input.photo ? palmPhoto(input.photo, input.traces, input.markers) : handOutline()}
${svgTextLine(REPORT_BRAND.devanagari, TEXT_X, 150, { size: 84, weight: 700, fill: REPORT_COLORS.brand })}
${svgTextLine(`${REPORT_BRAND.name} · ${REPORT_BRAND.tagline}`, TEXT_X, 200, { size: 26, fill: REPORT_COLORS.muted })}
${svgTextLine('A palm reading in the Vedic tradition', TEXT_X, 262, { size: 24, fill: REPORT_COLORS.accent, weight: 700 })}
${insight}
${svgTextLine('Open the reading to see every line and mount.', TEXT_X, 560, { size: 22, fill: REPORT_COLORS.muted })}
</svg>`;
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg), { limitInputPixels: 40e6 }).png({ compressionLevel: 8 }).toBuffer();
}
