import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/**
 * The photos tests read, kept in the repository (tests/fixtures/palms, sources and licences in its
 * README) so that a clone alone runs the tests: palm/ and not-palm/ whole, as the observer and
 * real-set tests count them, and the few retest frames the frame tests send.
 */
export const PALMS_DIR = path.resolve(HERE, '../fixtures/palms');

/**
 * The full photo set beside the repository (../shared/palms: hundreds of photos with line labels
 * and retest hands), which only benchmarks read. Absent, the benchmark stops with a plain message
 * rather than reporting figures over nothing.
 */
export function sharedPalmsDir(): string {
  const dir = path.resolve(HERE, '../../../shared/palms');
  if (existsSync(dir)) return dir;
  process.stderr.write(
    `This benchmark reads the full palm photo set at ${dir} (palm/, not-palm/, retest/, lines/), ` +
      'which is not beside this repository. Place the set there to run it; the tests need only ' +
      'tests/fixtures/palms.\n',
  );
  process.exit(1);
}

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

/** The retest frames kept here, several photos of a hand each (11K Hands, controlled capture). */
export const retestPhotos = () =>
  readdirSync(path.join(PALMS_DIR, 'retest'))
    .sort()
    .flatMap((hand) =>
      readdirSync(path.join(PALMS_DIR, 'retest', hand))
        .filter((file) => file.endsWith('.jpg'))
        .sort()
        .map((file) => path.join(PALMS_DIR, 'retest', hand, file)),
    );

export const readPhoto = (file: string) => readFile(file);

/** A phone photo of an open palm whose crease scan settles only the head line (../shared/palms/lines). */
export const SINGLE_FEATURE_PALM = path.join(PALMS_DIR, 'sparse/128_image_palm_jpeg.jpg');

/** A 4032×3024 iPhone photo stored turned a quarter (EXIF orientation 6), with GPS in its EXIF. */
export const ROTATED_GPS_PALM = path.join(PALMS_DIR, 'palm/pos_14_nu_test.jpg');

export const readPalm = (file = path.join(PALMS_DIR, 'palm/pos_19_01_Hand_0000055.jpg')): Buffer =>
  readFileSync(file);

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
