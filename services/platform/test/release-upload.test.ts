import { afterEach, describe, expect, it, vi } from 'vitest';
import { releaseUpload } from '../src/index';

describe('releaseUpload', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives an upload’s own memory back: the buffer reads as empty afterwards', () => {
    const upload = Buffer.alloc(3 * 1024 * 1024, 7);
    const view = upload.subarray(0, 1024 * 1024);
    releaseUpload(view);
    expect(upload.buffer.byteLength).toBe(0);
    expect(upload.length).toBe(0);
    expect(view.length).toBe(0);
  });

  it('leaves memory of the shared small-buffer pool alone', () => {
    const small = Buffer.from('a small field');
    const neighbour = Buffer.from('another small value');
    expect(small.buffer).toBe(neighbour.buffer);
    releaseUpload(small);
    expect(small.toString()).toBe('a small field');
    expect(neighbour.toString()).toBe('another small value');
  });

  it('collects the young generation when the process exposes gc, and runs without it', () => {
    const gc = vi.fn();
    vi.stubGlobal('gc', gc);
    releaseUpload(Buffer.alloc(1024 * 1024));
    expect(gc).toHaveBeenCalledWith({ type: 'minor' });
    vi.stubGlobal('gc', undefined);
    expect(() => releaseUpload(Buffer.alloc(1024 * 1024))).not.toThrow();
  });
});
