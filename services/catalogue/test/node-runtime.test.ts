import { describe, expect, it } from 'vitest';
import { hasNodeRuntime, nodeRuntimeEnv } from '../src/node-runtime';

/** The settings follow each role's catalogue profile; these pin the profiles the benchmarks measured. */
describe('the runtime settings every compiled role starts with', () => {
  it('adds the allocator settings and a small young generation to a bare environment', () => {
    expect(nodeRuntimeEnv('reading', {})).toEqual({
      MALLOC_ARENA_MAX: '1',
      MALLOC_MMAP_THRESHOLD_: '32768',
      NODE_OPTIONS: '--max-semi-space-size=2 --max-old-space-size=64 --expose-gc',
    });
    expect(hasNodeRuntime('reading', {})).toBe(false);
  });

  it('keeps what the operator set and adds only what is missing', () => {
    const env = { MALLOC_ARENA_MAX: '4', NODE_OPTIONS: '--enable-source-maps' };
    expect(nodeRuntimeEnv('reading', env)).toEqual({
      MALLOC_ARENA_MAX: '4',
      MALLOC_MMAP_THRESHOLD_: '32768',
      NODE_OPTIONS: '--enable-source-maps --max-semi-space-size=2 --max-old-space-size=64 --expose-gc',
    });
    expect(hasNodeRuntime('reading', env)).toBe(false);
  });

  it('maps blocks from 32 KB up on their own only where uploads are normalised', () => {
    expect(nodeRuntimeEnv('reading', {}).MALLOC_MMAP_THRESHOLD_).toBe('32768');
    expect(nodeRuntimeEnv('embedded', {}).MALLOC_MMAP_THRESHOLD_).toBe('32768');
    for (const role of ['gateway', 'ai-worker', 'flow', 'admin-auth', 'prompt', 'migrate', 'dlq', 'a-tool']) {
      expect(nodeRuntimeEnv(role, {}).MALLOC_MMAP_THRESHOLD_, role).toBe('262144');
    }
  });

  it('exposes gc to the reading service only, which collects its young generation after each upload', () => {
    expect(nodeRuntimeEnv('reading', {}).NODE_OPTIONS.split(' ')).toContain('--expose-gc');
    for (const role of ['gateway', 'ai-worker', 'embedded', 'flow', 'admin-auth', 'prompt']) {
      expect(nodeRuntimeEnv(role, {}).NODE_OPTIONS.split(' '), role).not.toContain('--expose-gc');
    }
  });

  it('leaves the young generation of the roles that run the palm engine at its default', () => {
    for (const role of ['ai-worker', 'embedded']) {
      expect(nodeRuntimeEnv(role, {}).NODE_OPTIONS).toBe('');
      expect(hasNodeRuntime(role, { MALLOC_ARENA_MAX: '1', MALLOC_MMAP_THRESHOLD_: '262144' })).toBe(true);
    }
  });

  it('leaves heap sizes the operator chose', () => {
    const env = {
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '65536',
      NODE_OPTIONS: '--max-semi-space-size=8',
    };
    expect(nodeRuntimeEnv('reading', env).NODE_OPTIONS).toBe(
      '--max-semi-space-size=8 --max-old-space-size=64 --expose-gc',
    );
    const both = { ...env, NODE_OPTIONS: '--max-old-space-size=256 --expose-gc --max-semi-space-size=8' };
    expect(nodeRuntimeEnv('reading', both).NODE_OPTIONS).toBe(both.NODE_OPTIONS);
    expect(hasNodeRuntime('reading', both)).toBe(true);
  });
});
