import { textRuns, type FontWeight } from './report-fonts';

export interface SvgTextStyle {
  size: number;
  weight?: FontWeight;
  fill: string;
}

/**
 * Text for an SVG that sharp (librsvg) turns into pixels. A bare server may have no fonts for
 * librsvg at all, so text is shaped with fontkit (Devanagari conjuncts included) and drawn as
 * outlines: the card looks the same on every machine.
 */
function runsWidth(text: string, style: SvgTextStyle): number {
  return textRuns(text, style.weight ?? 400).reduce((width, run) => {
    const { font } = run.face;
    return width + (font.layout(run.text).advanceWidth * style.size) / font.unitsPerEm;
  }, 0);
}

/** One line of text as a <path>, its baseline starting at (x, y). */
export function svgTextLine(text: string, x: number, y: number, style: SvgTextStyle): string {
  let penX = x;
  const parts: string[] = [];
  for (const run of textRuns(text, style.weight ?? 400)) {
    const { font } = run.face;
    const scale = style.size / font.unitsPerEm;
    const layout = font.layout(run.text);
    layout.glyphs.forEach((glyph, index) => {
      const position = layout.positions[index]!;
      const d = glyph.path
        .scale(scale, -scale)
        .translate(penX + position.xOffset * scale, y - position.yOffset * scale)
        .toSVG();
      if (d) parts.push(d);
      penX += position.xAdvance * scale;
    });
  }
  return parts.length ? `<path fill="${style.fill}" d="${parts.join(' ')}"/>` : '';
}

/** Words wrapped to `maxWidth`, at most `maxLines` lines (the last one ends in an ellipsis if cut). */
export function wrapText(text: string, maxWidth: number, maxLines: number, style: SvgTextStyle): string[] {
  const lines: string[] = [];
  let line = '';
  const words = text.split(/\s+/).filter(Boolean);
  for (let index = 0; index < words.length; index++) {
    const candidate = line ? `${line} ${words[index]}` : words[index]!;
    if (!line || runsWidth(candidate, style) <= maxWidth) {
      line = candidate;
      continue;
    }
    lines.push(line);
    line = words[index]!;
    if (lines.length === maxLines) {
      let last = lines.pop()!;
      while (last.includes(' ') && runsWidth(`${last}…`, style) > maxWidth)
        last = last.slice(0, last.lastIndexOf(' '));
      lines.push(`${last.replace(/[\s,.;:]+$/, '')}…`);
      return lines;
    }
  }
  if (line) lines.push(line);
  return lines;
}
