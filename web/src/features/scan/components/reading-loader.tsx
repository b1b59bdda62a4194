import { VEDIC_LINES } from '@palm/contracts';
import { useEffect, useState } from 'react';
import type { UploadProgress } from '@/lib/api-client';
import './reading-loader.css';

const lineStep = (verb: string, line: keyof typeof VEDIC_LINES) =>
  `${verb} your ${VEDIC_LINES[line].english} (${VEDIC_LINES[line].vedic})...`;

/** The lines are named from the shared glossary, so they read here as in the report and the PDF. */
export const LOADER_STATUS_MESSAGES = [
  'Preparing your palm image...',
  'Mapping the major lines of your hand...',
  lineStep('Tracing', 'heart'),
  lineStep('Following', 'head'),
  lineStep('Reading', 'life'),
  lineStep('Searching for', 'fate'),
  'Studying the mounts of the planets...',
  'Measuring your fingers and palm shape...',
  'Consulting the wisdom of Samudrika Shastra...',
  'Weaving your answers into the reading...',
  'Composing your personal insights...',
  'Adding the final touches...',
] as const;

export const LOADER_QUOTES = [
  { text: 'Truth is one; the wise call it by many names.', source: 'Rig Veda' },
  { text: 'Let noble thoughts come to us from every side.', source: 'Rig Veda' },
  { text: 'Lead me from darkness to light.', source: 'Brihadaranyaka Upanishad' },
  { text: 'As one acts, so one becomes.', source: 'Brihadaranyaka Upanishad' },
  { text: 'You have a right to your actions, but never to their fruits.', source: 'Bhagavad Gita' },
  { text: 'Like a lamp in a windless place, the steady mind does not flicker.', source: 'Bhagavad Gita' },
] as const;

const DEVANAGARI_LETTERS = [...'अआइईउऊऋएऐओऔकखगघचछजझटठडढणतथदधनपफबभमयरलवशषसह'];

export const STATUS_INTERVAL_MS = 3000;
export const QUOTE_INTERVAL_MS = 6000;
export const LETTER_INTERVAL_MS = 2000;

function randomLetter(previous?: string): string {
  const choices = DEVANAGARI_LETTERS.filter((letter) => letter !== previous);
  return choices[Math.floor(Math.random() * choices.length)] ?? 'ॐ';
}

function useTicker(intervalMs: number): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((value) => value + 1), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return tick;
}

/** What the loading view says of the upload: its share sent, then that the palm is being read. */
export function uploadWords(upload: UploadProgress): string {
  if (upload.sent >= upload.total) return 'Photo received: reading your palm now';
  return `Sending your photo: ${Math.floor((100 * upload.sent) / Math.max(1, upload.total))}%`;
}

/**
 * The full-screen view shown while the reading is generated (spec §2, §9), with the upload's real
 * progress under the spec's texts once the browser reports it.
 */
export function ReadingLoader({
  previewUrl,
  upload,
}: {
  previewUrl?: string;
  upload?: UploadProgress | null;
}) {
  const statusTick = useTicker(STATUS_INTERVAL_MS);
  const quoteTick = useTicker(QUOTE_INTERVAL_MS);
  const [letter, setLetter] = useState(() => randomLetter());

  useEffect(() => {
    const timer = setInterval(() => setLetter((previous) => randomLetter(previous)), LETTER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);

  const status = LOADER_STATUS_MESSAGES[statusTick % LOADER_STATUS_MESSAGES.length];
  const quote = LOADER_QUOTES[quoteTick % LOADER_QUOTES.length];

  return (
    <div className="reading-loader" role="status" aria-live="polite" aria-busy="true">
      <p className="visually-hidden">Your palm reading is being prepared. This may take 1-2 minutes...</p>
      <div className="reading-loader__inner" aria-hidden="true">
        <div className="reading-loader__orb">
          {previewUrl ? <img className="reading-loader__palm" src={previewUrl} alt="" /> : null}
          <span key={letter} className="reading-loader__letter devanagari">
            {letter}
          </span>
          <span className="reading-loader__ring" />
        </div>
        <p key={status} className="reading-loader__status">
          {status}
        </p>
        <p className="reading-loader__time">This may take 1-2 minutes...</p>
        {upload ? (
          <div className="reading-loader__upload">
            <progress value={upload.sent} max={Math.max(1, upload.total)} />
            <p>{uploadWords(upload)}</p>
          </div>
        ) : null}
        {quote ? (
          <blockquote key={quote.text} className="reading-loader__quote">
            <p>“{quote.text}”</p>
            <footer>— {quote.source}</footer>
          </blockquote>
        ) : null}
      </div>
    </div>
  );
}
