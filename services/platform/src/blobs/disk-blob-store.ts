import { randomBytes } from 'node:crypto';
import { access, constants, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { assertValidBlobKey } from './blob-key';
import type { BlobStore } from './blob-store';

const FALLBACK_CONTENT_TYPE = 'application/octet-stream';

/**
 * Blobs as plain files under `dir` (key `originals/abc.jpg` → `dir/originals/abc.jpg`), each with
 * a dot-named JSON sidecar holding its content type. Writes go to a temp file that is renamed into
 * place, so a reader never sees half a file.
 */
export function createDiskBlobStore(dir: string): BlobStore {
  const root = path.resolve(dir);

  const locate = (key: string) => {
    assertValidBlobKey(key);
    const file = path.join(root, ...key.split('/'));
    // The key rules already forbid traversal; this keeps it impossible if they ever loosen.
    if (!file.startsWith(root + path.sep)) throw new Error(`Blob key "${key}" points outside the store`);
    const folder = path.dirname(file);
    return { file, folder, sidecar: path.join(folder, `.${path.basename(file)}.meta.json`) };
  };

  return {
    async put(key, data, contentType) {
      const { file, folder, sidecar } = locate(key);
      await mkdir(folder, { recursive: true });
      await writeAtomically(sidecar, JSON.stringify({ contentType }));
      await writeAtomically(file, data);
    },

    async get(key) {
      const { file, sidecar } = locate(key);
      const data = await readFile(file).catch(nullIfMissing);
      if (data === null) return null;
      const meta = await readFile(sidecar, 'utf8').catch(nullIfMissing);
      const contentType =
        meta === null ? FALLBACK_CONTENT_TYPE : (JSON.parse(meta) as { contentType: string }).contentType;
      return { data, contentType };
    },

    async delete(key) {
      const { file, sidecar } = locate(key);
      await rm(file, { force: true });
      await rm(sidecar, { force: true });
    },

    async deleteFolder(folder) {
      // A folder is named like a key; its files and their sidecars go together.
      const { file } = locate(folder);
      await rm(file, { recursive: true, force: true });
    },

    async isReady() {
      try {
        await mkdir(root, { recursive: true });
        await access(root, constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },
  };
}

async function writeAtomically(file: string, content: string | Buffer): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

function nullIfMissing(error: unknown): null {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
  throw error;
}
