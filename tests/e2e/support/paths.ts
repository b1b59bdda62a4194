import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** What `npm run build -w web` produces and the gateway serves in `npm start`. */
export const WEB_DIST = path.join(REPO_ROOT, 'web', 'dist');
export const SCREENSHOTS_DIR = path.join(REPO_ROOT, 'docs', 'screenshots');
/** Debian's `chromium` package; `.ci/run` installs it. The suite never downloads a browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
/** Test photos kept in the repository (tests/fixtures/palms/README.md gives each one's source and licence). */
export const FIXTURE_PALMS_DIR = path.join(REPO_ROOT, 'tests', 'fixtures', 'palms');
