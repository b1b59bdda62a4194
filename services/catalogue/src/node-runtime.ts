import { ROLES, type RoleName, type RuntimeProfile } from './catalogue';

/**
 * How every compiled role's Node process is started, from its catalogue `runtime` profile: by the
 * process stack (`start:distributed`, bench:pipeline), by `dist/launch.js` (`npm start`) and by the
 * image's entrypoint, which reads them from the role table the build writes (dist/roles.sh);
 * measured under bench:pipeline (docs/benchmarks.md, Issue 16).
 *
 * - `MALLOC_ARENA_MAX=1`: glibc gives each thread that allocates its own arena; sharp's decodes on
 *   libuv's threads leave every arena holding freed pieces of a full-size photo (sharp's docs advise
 *   a low value or jemalloc). The worker measured 375 MB peak with the default arenas, 311 MB with
 *   two; the reading service, which decodes every upload, 142–154 MB with two and 131–144 with one,
 *   at the same CPU per photo (one thread decodes at a time, so the one arena's lock is rarely
 *   contended).
 * - `MALLOC_MMAP_THRESHOLD_=262144`: blocks from 256 KB up (every copy of an upload) are mapped on
 *   their own and go back to the system when freed. glibc's default threshold rises to the largest
 *   block freed so far, after which 3–5 MB uploads come from the arenas and stay resident there.
 * - `MALLOC_MMAP_THRESHOLD_=32768` instead for the roles that normalise uploads (`photos`):
 *   libvips' buffers for a 12-megapixel decode are ~160 blocks of 32–64 KB, which otherwise leave
 *   the one arena holding 25–30 MB of free, fragmented space after a few readings (glibc's
 *   malloc_info; malloc_trim gave it back). Mapped on their own, they are returned as each photo is
 *   done: the reading service stays near 100 MB under load instead of 120–134 MB. The price is an
 *   mmap/munmap pair per block, ~10 ms of CPU per photo (58 → 71 ms to normalise one) and a little
 *   for the 64 KB socket reads; the other roles keep 256 KB, as the gateway's proxied uploads cost
 *   it 12–28 → 57 ms each at 32 KB.
 * - `--max-semi-space-size=2` (MB), for every role but those that run the palm engine (`engine`): V8
 *   otherwise grows each half of its young generation to 16 MB, which these processes, whose live
 *   heap is 20–40 MB, keep resident as empty space; collecting the young generation more often also
 *   frees the sockets' upload buffers sooner (15–40 MB less per process). The engine's tensors churn
 *   the young generation, and there the small one made readings slower (p50 ~0.2 s on this
 *   machine), for memory the worker has to spare.
 * - `--max-old-space-size=64` (MB), for the same roles: under a stream of small requests
 *   (bench:pipeline's GET load, ~2,000 requests/s) V8 otherwise lets the old generation fill with
 *   dead objects long before it collects them. The reading service grew to 188 MB and the gateway to
 *   146 MB there; with the cap they stay at 128–136 and 103–116 MB, their peaks while readings run,
 *   at the same requests per second and CPU per reading (the reading service's p99 under that
 *   saturating load rises by a few milliseconds). These roles keep 15–35 MB live, and uploads and
 *   other buffers live outside this heap, so the cap leaves them room twice over.
 * - `--expose-gc` where `exposeGc` is set (the reading service): releaseUpload (@palm/platform) then asks V8 for a
 *   young-generation collection once each upload is normalised. Without it the upload's copy and
 *   its 64 KB socket reads, already dead, waited for the young generation to fill with small
 *   objects, which a stream of uploads hardly does: ArrayBuffers in the reading service reached
 *   25–31 MB under bench:pipeline, and its peak dropped from 117–126 to 107–112 MB with the
 *   collection, at the same CPU per reading.
 *
 * glibc reads its variables once, when the process starts, and V8 sizes its heap then: both must be
 * in place before node runs, so they travel as environment variables.
 */
const LIGHT_ROLE_FLAGS = ['--max-semi-space-size=2', '--max-old-space-size=64'];
/** A role the catalogue does not name (a tool) starts as a light one. */
const profileOf = (role: string): RuntimeProfile =>
  Object.hasOwn(ROLES, role)
    ? ROLES[role as RoleName].runtime
    : { engine: false, photos: false, exposeGc: false };

/** The V8 flags a role starts with, as `--flag=value`. */
export const nodeFlags = (role: string) => {
  const profile = profileOf(role);
  return [...(profile.engine ? [] : LIGHT_ROLE_FLAGS), ...(profile.exposeGc ? ['--expose-gc'] : [])];
};

/** glibc's mmap threshold for a role, in bytes. */
export const mmapThreshold = (role: string) => (profileOf(role).photos ? '32768' : '262144');

export function nodeRuntimeEnv(
  role: string,
  env: NodeJS.ProcessEnv = process.env,
): {
  MALLOC_ARENA_MAX: string;
  MALLOC_MMAP_THRESHOLD_: string;
  NODE_OPTIONS: string;
} {
  const options = env.NODE_OPTIONS?.trim() ?? '';
  // A flag already given (with any value) is left as the operator set it.
  const given = options.split(/\s+/).map((option) => option.split('=')[0]);
  const missing = nodeFlags(role).filter((flag) => !given.includes(flag.split('=')[0]));
  return {
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '1',
    MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? mmapThreshold(role),
    NODE_OPTIONS: [options, ...missing].filter(Boolean).join(' '),
  };
}

/** True when this process already runs with every setting above for `role`. */
export function hasNodeRuntime(role: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const wanted = nodeRuntimeEnv(role, env);
  return (
    env.MALLOC_ARENA_MAX !== undefined &&
    env.MALLOC_MMAP_THRESHOLD_ !== undefined &&
    (env.NODE_OPTIONS?.trim() ?? '') === wanted.NODE_OPTIONS
  );
}
