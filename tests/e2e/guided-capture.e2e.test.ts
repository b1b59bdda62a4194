import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ActiveFlow } from '@palm/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PALMS_DIR } from '../support/palm-photos';
import { FIXTURE_PALMS_DIR } from './support/paths';
import {
  launchChromium,
  openVisitorPage,
  PHONE,
  saveScreenshot,
  visible,
  type VisitorPage,
} from './support/browser';
import { startProduct, type RunningProduct } from './support/product';
import {
  answerQuestions,
  DEFAULT_ANSWERS,
  fetchActiveFlow,
  nextButton,
  reachPhotoStep,
  type VisitorAnswers,
} from './support/wizard';

const run = promisify(execFile);

/** An open right palm (the hand the default answers ask for), a right hand's back, a right fist. */
const RIGHT_PALM = path.join(PALMS_DIR, 'palm', 'pos_19_01_Hand_0000055.jpg');
const BACK_OF_HAND = path.join(PALMS_DIR, 'not-palm', 'neg_16_11k_dorsal-right_Hand_0000675.jpg');
/** The shared photos hold no fist: this one is RIGHT_PALM with its fingers folded down (tests/fixtures/palms/README.md). */
const RIGHT_FIST = path.join(FIXTURE_PALMS_DIR, 'right-fist-folded.jpg');
/** A right palm held up to a phone, its fingers lifted toward the lens (40° out of the palm's plane on the server). */
const RIGHT_PALM_FINGERS_LIFTED = path.join(PALMS_DIR, 'palm', 'pos_22_09_177_image_palm_jpeg.jpg');
/** A phone held upright: portrait frames, 5 a second (the fake camera repeats each until the next). */
const [WIDTH, HEIGHT, FPS] = [720, 1280, 5];

interface Clip {
  photo: string;
  seconds: number;
  /** The photo's width over the frame's. */
  scale: number;
  /** Multiplies every colour: below 1 darkens. */
  light?: number;
  mirror?: boolean;
}

/** A camera video of the shared photos, clip after clip, each on a dark backdrop in the middle of the frame. */
async function makeVideo(file: string, clips: Clip[]): Promise<string> {
  const inputs = clips.flatMap((clip) => ['-loop', '1', '-t', String(clip.seconds), '-i', clip.photo]);
  const filters = clips.map((clip, i) => {
    const steps = [`scale=${Math.round((WIDTH * clip.scale) / 2) * 2}:-2`];
    if (clip.mirror) steps.push('hflip');
    if (clip.light !== undefined)
      steps.push(`lutrgb=r=val*${clip.light}:g=val*${clip.light}:b=val*${clip.light}`);
    steps.push(`pad=${WIDTH}:${HEIGHT}:(ow-iw)/2:(oh-ih)/2:color=0x141414`, `fps=${FPS}`, 'format=yuv420p');
    return `[${i}]${steps.join(',')}[c${i}]`;
  });
  const joined = `${clips.map((_, i) => `[c${i}]`).join('')}concat=n=${clips.length}:v=1[out]`;
  await run('ffmpeg', [
    ...['-loglevel', 'error', '-y', ...inputs],
    ...['-filter_complex', [...filters, joined].join(';'), '-map', '[out]', file],
  ]);
  return file;
}

let product: RunningProduct;
let flow: ActiveFlow;
let videoDir: string;
const videos: Record<'settling' | 'backOfHand' | 'leftPalm' | 'fist' | 'fingersLifted', string> = {
  settling: '',
  backOfHand: '',
  leftPalm: '',
  fist: '',
  fingersLifted: '',
};

beforeAll(async () => {
  // Never skipped: without ffmpeg (Debian package, installed by .ci/run) the suite fails here.
  await run('ffmpeg', ['-version']).catch((error: unknown) => {
    throw new Error(
      'The guided-capture tests make their camera videos with ffmpeg (apt-get install ffmpeg)',
      {
        cause: error,
      },
    );
  });
  videoDir = await mkdtemp(path.join(tmpdir(), 'palm-e2e-camera-'));
  [product, videos.settling, videos.backOfHand, videos.leftPalm, videos.fist, videos.fingersLifted] =
    await Promise.all([
      startProduct({}, { captureLogs: true }),
      // Too far, then close but too dark, then well framed and lit. Between far and close the hand
      // is out of view for a moment (its photo blacked out), as a real one passes through no hand
      // rather than jumping: at a jump the tracker follows the far hand's crop until its next fresh
      // search, and on a loaded machine that showed a wrong hint for up to 0.9 s. The far clip runs
      // 6 s: the video starts with the camera, and on a loaded machine the model took over 3 s to load.
      makeVideo(path.join(videoDir, 'settling.y4m'), [
        { photo: RIGHT_PALM, seconds: 6, scale: 0.45 },
        { photo: RIGHT_PALM, seconds: 0.6, scale: 0.45, light: 0 },
        { photo: RIGHT_PALM, seconds: 2.4, scale: 0.95, light: 0.25 },
        { photo: RIGHT_PALM, seconds: 3, scale: 0.95 },
      ]),
      makeVideo(path.join(videoDir, 'back.y4m'), [{ photo: BACK_OF_HAND, seconds: 2, scale: 0.95 }]),
      makeVideo(path.join(videoDir, 'left.y4m'), [
        { photo: RIGHT_PALM, seconds: 2, scale: 0.95, mirror: true },
      ]),
      // The fixture is cropped close around the fist, so at this scale it fills the frame as the open palm does.
      makeVideo(path.join(videoDir, 'fist.y4m'), [{ photo: RIGHT_FIST, seconds: 2, scale: 0.97 }]),
      makeVideo(path.join(videoDir, 'fingers-lifted.y4m'), [
        { photo: RIGHT_PALM_FINGERS_LIFTED, seconds: 4, scale: 0.95 },
      ]),
    ]);
  flow = await fetchActiveFlow(product.url);
});

afterAll(async () => {
  await product?.stop();
  if (videoDir) await rm(videoDir, { recursive: true, force: true });
});

const answers: VisitorAnswers = { ...DEFAULT_ANSWERS, palm: RIGHT_PALM };
const hintLine = (page: Page) => page.getByRole('status').and(page.locator('[data-hint]'));

interface Observed {
  hint: string;
  /** Milliseconds since the first analysed frame. */
  at: number;
}

/**
 * Opens the camera on the photo step and notes every hint the page shows until `until` holds or
 * `forMs` has passed since the first analysed frame.
 */
async function watchHints(page: Page, forMs: number, until: (hint: string) => boolean): Promise<Observed[]> {
  await page.getByRole('button', { name: 'Take Photo', exact: true }).click();
  const seen: Observed[] = [];
  let started: number | undefined;
  const giveUpAt = Date.now() + 60_000;
  while (Date.now() < giveUpAt) {
    const hint =
      (await hintLine(page)
        .getAttribute('data-hint')
        .catch(() => null)) ?? 'starting';
    if (hint !== 'starting') started ??= Date.now();
    if (started !== undefined && seen.at(-1)?.hint !== hint) seen.push({ hint, at: Date.now() - started });
    if (until(hint) || (started !== undefined && Date.now() - started > forMs)) return seen;
    await page.waitForTimeout(50);
  }
  throw new Error(`The camera never started analysing: ${JSON.stringify(seen)}`);
}

async function withCamera(video: string, run: (visitor: VisitorPage) => Promise<void>): Promise<void> {
  const browser: Browser = await launchChromium(video);
  try {
    const visitor = await openVisitorPage(browser, product.url, PHONE);
    await run(visitor);
    expect(visitor.pageErrors).toEqual([]);
    expect(visitor.foreignRequests).toEqual([]);
  } finally {
    await browser.close();
  }
}

/**
 * In the page: whether the wizard's IndexedDB holds the accepted still with its frames. Written as
 * source, since the root tsconfig has no DOM types; it never creates the database the app owns.
 */
const PHOTO_AND_FRAMES_STORED = `(async () => {
  const names = (await indexedDB.databases()).map((database) => database.name);
  if (!names.includes('palm-wizard')) return false;
  const database = await new Promise((resolve, reject) => {
    const open = indexedDB.open('palm-wizard');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  try {
    if (!database.objectStoreNames.contains('photo')) return false;
    const saved = await new Promise((resolve, reject) => {
      const get = database.transaction('photo').objectStore('photo').get('current');
      get.onsuccess = () => resolve(get.result);
      get.onerror = () => reject(get.error);
    });
    return Boolean(saved && saved.photo && saved.frames && saved.frames.length > 0);
  } finally {
    database.close();
  }
})()`;

describe('guided capture with a camera', () => {
  it('coaches a settling palm in order, takes the photo by itself, and the reading uses its frames', async () => {
    await withCamera(videos.settling, async ({ page }) => {
      const photoStep = await reachPhotoStep(page, flow, answers);
      const seen = await watchHints(page, 30_000, (hint) => hint === 'review');
      // The video cuts from one clip to the next, where a hand jumps as no real one does: a hint
      // on show for less than 0.4 s there is not one a visitor would read.
      const order = seen
        .filter((entry, i) => entry.hint === 'review' || (seen[i + 1]?.at ?? Infinity) - entry.at >= 400)
        .map((entry) => entry.hint)
        .filter((hint) => hint !== 'no_hand');
      expect(order.slice(-4), JSON.stringify(seen)).toEqual(['move_closer', 'more_light', 'ready', 'review']);
      const settled = seen.find((entry) => entry.hint === 'ready')!;
      const taken = seen.find((entry) => entry.hint === 'review')!;
      expect(taken.at - settled.at, JSON.stringify(seen)).toBeLessThan(5_000);

      await visible(page.getByRole('img', { name: 'The photo of your right palm' }));
      // Reviewing the still, its two actions are the photo step's only ones: no "Choose File" or
      // "Take Photo" under them on a phone.
      expect(await page.locator('.palm-picker').getByRole('button').allInnerTexts()).toEqual([
        'Use this photo',
        'Retake',
      ]);
      await saveScreenshot(page, 'capture-review');
      await page.getByRole('button', { name: 'Use this photo', exact: true }).click();
      await visible(page.getByRole('img', { name: 'Preview of your right palm photo' }));
      // The phone may reload the tab before Next: the still and its frames are kept (the frames' count below).
      // They are written to IndexedDB as the preview shows; a phone's reload comes later than a test's.
      // Polled with evaluate, which awaits the check: waitForFunction takes the promise it returns as a
      // yes at once, and on CI the reload then overtook the write.
      await expect
        .poll(() => page.evaluate<boolean>(PHOTO_AND_FRAMES_STORED), { timeout: 15_000, interval: 100 })
        .toBe(true);
      await page.reload();
      await visible(page.getByRole('img', { name: 'Preview of your right palm photo' }));
      await nextButton(page)
        .or(page.getByRole('button', { name: 'Complete', exact: true }))
        .click();
      if (photoStep < flow.questions.length - 1)
        await answerQuestions(page, flow, answers, { from: photoStep + 1 });
      await page.waitForURL(/\/report\//, { timeout: 90_000 });
      await visible(page.getByRole('heading', { level: 1 }), 90_000);
      // The server's own account: the still and the three frames taken after it arrived.
      const accepted = product.logLines
        .map((line) => JSON.parse(line) as { msg?: string; frames?: number })
        .filter((entry) => entry.msg === 'reading accepted');
      expect(accepted.map((entry) => entry.frames)).toEqual([3]);
    });
  });

  it('asks a hand held up to lay its fingers flat, and takes it as it is when they stay lifted', async () => {
    await withCamera(videos.fingersLifted, async ({ page }) => {
      await reachPhotoStep(page, flow, answers);
      const seen = await watchHints(page, 20_000, (hint) => hint === 'review');
      const asked = seen.find((entry) => entry.hint === 'lay_flat');
      const taken = seen.find((entry) => entry.hint === 'review');
      expect(asked, JSON.stringify(seen)).toBeDefined();
      expect(taken, JSON.stringify(seen)).toBeDefined();
      // Every other check passed while the hint showed, so the grace time (2.5 s) ran from it, not the
      // usual 0.7 s, which would have shown "Hold it there…" first. The hint may be seen up to a poll's
      // round trip late on a loaded machine (on CI it was first seen 0.65 s after the grace began).
      expect(seen.map((entry) => entry.hint)).not.toContain('ready');
      expect(taken!.at - asked!.at, JSON.stringify(seen)).toBeGreaterThanOrEqual(1_200);
      expect(taken!.at - asked!.at, JSON.stringify(seen)).toBeLessThan(5_000);
    });
  });

  it('shows the lay-flat hint in words while the fingers lift', async () => {
    await withCamera(videos.fingersLifted, async ({ page }) => {
      await reachPhotoStep(page, flow, answers);
      await watchHints(page, 20_000, (hint) => hint === 'lay_flat');
      await visible(
        page.getByRole('status').getByText('Lay your fingers flat, in line with your palm', { exact: true }),
      );
      await saveScreenshot(page, 'capture-hint-fingersLifted');
    });
  });

  for (const [name, video, hint, words] of [
    ['a fist', 'fist', 'open_hand', 'Open your hand, fingers relaxed and slightly apart'],
    ['the back of a hand', 'backOfHand', 'show_palm', 'Show your palm, not the back of your hand'],
    [
      'a left palm when the right is asked for',
      'leftPalm',
      'wrong_hand',
      'This looks like your left hand — the reading asks for your right',
    ],
  ] as const) {
    it(`never takes ${name}, and says why within a second`, async () => {
      await withCamera(videos[video], async ({ page }) => {
        await reachPhotoStep(page, flow, answers);
        const sent: string[] = [];
        page.on('request', (request) => {
          if (request.method() !== 'GET') sent.push(`${request.method()} ${request.url()}`);
        });
        const seen = await watchHints(page, 6_000, () => false);
        const first = seen.find((entry) => entry.hint === hint);
        expect(first?.at, JSON.stringify(seen)).toBeLessThan(1_000);
        expect(seen.map((entry) => entry.hint)).not.toContain('review');
        expect(seen.map((entry) => entry.hint)).not.toContain('ready');
        // Nothing of the camera leaves the page unless the visitor accepts a photo.
        expect(sent).toEqual([]);
        await visible(page.getByRole('status').getByText(words, { exact: true }));
        await saveScreenshot(page, `capture-hint-${video}`);
      });
    });
  }
});
