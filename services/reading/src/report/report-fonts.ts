import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Fontkit from 'fontkit';
import { woffToSfnt } from './woff-to-sfnt';

/**
 * Noto Sans Devanagari from the @fontsource package the web app also uses: shipped with the
 * product, nothing is downloaded at run time. Fontsource splits the face by script, so a text is
 * set in runs, each in the first subset that has its glyphs (Latin, Latin Extended, Devanagari).
 */
const SUBSETS = ['latin', 'latin-ext', 'devanagari'] as const;
export type FontSubset = (typeof SUBSETS)[number];
export type FontWeight = 400 | 700;

export interface FontFace {
  /** pdfkit's registered name, e.g. `latin-700`. */
  name: string;
  subset: FontSubset;
  weight: FontWeight;
  data: Buffer;
  font: Fontkit.Font;
}

export interface TextRun {
  text: string;
  face: FontFace;
}

const requireHere = createRequire(import.meta.url);
const fontDir = path.join(
  path.dirname(requireHere.resolve('@fontsource/noto-sans-devanagari/package.json')),
  'files',
);

function loadFace(subset: FontSubset, weight: FontWeight): FontFace {
  const data = woffToSfnt(
    readFileSync(path.join(fontDir, `noto-sans-devanagari-${subset}-${weight}-normal.woff`)),
  );
  // fontkit is required with the first face, not imported: only a PDF or a share card needs it,
  // and the text functions that use it stay synchronous.
  const { create } = requireHere('fontkit') as typeof Fontkit;
  const font = create(data);
  if (!('layout' in font)) throw new Error(`the ${subset} ${weight} font file is a collection`);
  return { name: `${subset}-${weight}`, subset, weight, data, font };
}

let faces: Record<FontWeight, FontFace[]> | undefined;

/** Every face, loaded once per process (about 0.3 MB). */
export function fontFaces(): Record<FontWeight, FontFace[]> {
  faces ??= {
    400: SUBSETS.map((subset) => loadFace(subset, 400)),
    700: SUBSETS.map((subset) => loadFace(subset, 700)),
  };
  return faces;
}

// Joiners, marks and spaces stay with the run they are in, so a word is never split across fonts.
const staysInRun = (char: string, codePoint: number) =>
  /\s/.test(char) ||
  codePoint === 0x200c ||
  codePoint === 0x200d ||
  (codePoint >= 0x300 && codePoint <= 0x36f);

/** Splits text into runs by the face that has its glyphs; characters no face has are dropped. */
export function textRuns(text: string, weight: FontWeight): TextRun[] {
  const candidates = fontFaces()[weight];
  const runs: TextRun[] = [];
  for (const char of text.normalize('NFC')) {
    const current = runs.at(-1);
    const codePoint = char.codePointAt(0)!;
    if (current && (staysInRun(char, codePoint) || current.face.font.hasGlyphForCodePoint(codePoint))) {
      current.text += char;
      continue;
    }
    const face = candidates.find((candidate) => candidate.font.hasGlyphForCodePoint(codePoint));
    if (!face) continue;
    if (current?.face === face) current.text += char;
    else runs.push({ text: char, face });
  }
  return runs;
}
