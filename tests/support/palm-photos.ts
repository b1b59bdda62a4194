import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The shared photo set beside the repository (../shared/palms). */
export const PALMS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/palms');

export const palmPhotos = () =>
  readdirSync(path.join(PALMS_DIR, 'palm'))
    .filter((file) => file.endsWith('.jpg'))
    .sort()
    .map((file) => path.join(PALMS_DIR, 'palm', file));

export const notPalmPhotos = () =>
  readdirSync(path.join(PALMS_DIR, 'not-palm'))
    .filter((file) => file.endsWith('.jpg'))
    .sort()
    .map((file) => path.join(PALMS_DIR, 'not-palm', file));

export const readPhoto = (file: string) => readFile(file);

/**
 * The owner cookie of the one browser these tests stand for: a reading opens only to its owner
 * until it is shared, so what submitReading makes, GETs with this cookie see.
 */
export const TEST_OWNER_TOKEN = 't'.repeat(43);
export const TEST_OWNER_COOKIE = `palm_owner=${TEST_OWNER_TOKEN}`;

/** POSTs a reading the way the web app does, from TEST_OWNER_COOKIE's browser; `async` asks for 202 at once. */
export async function submitReading(
  baseUrl: string,
  photo: Buffer,
  options: { async?: boolean; fields?: Record<string, string>; filename?: string } = {},
): Promise<Response> {
  const body = new FormData();
  body.append(
    'palmImage',
    new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }),
    options.filename ?? 'palm.jpg',
  );
  for (const [name, value] of Object.entries(options.fields ?? {})) body.append(name, value);
  return fetch(`${baseUrl}/api/reading`, {
    method: 'POST',
    body,
    headers: { Cookie: TEST_OWNER_COOKIE, ...(options.async ? { Prefer: 'respond-async' } : {}) },
  });
}

export interface ReadingViewBody {
  id: string;
  status: string;
  palmUrl: string | null;
  reading: { sections: { area: string }[]; visual_markers: unknown[] } | null;
  error: string | null;
}

/** Polls GET /api/reading/{id} until the reading is finished. */
export async function waitForReading(
  baseUrl: string,
  id: string,
  timeoutMs = 60_000,
): Promise<ReadingViewBody> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const view = (await (
      await fetch(`${baseUrl}/api/reading/${id}`, { headers: { Cookie: TEST_OWNER_COOKIE } })
    ).json()) as ReadingViewBody;
    if (view.status === 'completed' || view.status === 'failed' || Date.now() > deadline) return view;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
