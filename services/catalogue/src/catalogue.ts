/**
 * The product's shape, written once: every service and every other role of the build, with its
 * port, the public path prefixes the gateway forwards to it, the services it asks, how its Node
 * process starts and its entry file. The gateway's routes and targets, the distributed stack, the
 * build's entries, the image's role table (dist/roles.sh) and the memory settings all derive from
 * it; deploy YAML keeps literal values that tests/deploy/catalogue-ports.test.ts checks against it.
 *
 * Data only, no service code: the gateway, the launcher and the build read it without loading any
 * service. The modules themselves are paired with these entries in `@palm/catalogue/modules`.
 */

import { peerUrlSetting } from '@palm/contracts';

/** How a role's Node process is started (node-runtime.ts turns this into settings and says why). */
export interface RuntimeProfile {
  /** Runs the palm engine: V8's default young and old generations. */
  engine: boolean;
  /** Normalises uploads: small blocks are mapped on their own. */
  photos: boolean;
  /** Collects its young generation after each upload (releaseUpload). */
  exposeGc: boolean;
}

const LIGHT: RuntimeProfile = { engine: false, photos: false, exposeGc: false };

export interface CatalogueService {
  entry: string;
  port: number;
  /** The public path prefixes it answers; the gateway forwards them to it untouched. */
  routes: readonly string[];
  /** The services it asks (through `peers`): their addresses are what its process is given. */
  peers: readonly string[];
  runtime: RuntimeProfile;
}

/** Every service of the product, in start order (the embedded product and the stack start them so). */
export const SERVICES = {
  'admin-auth': {
    entry: 'services/admin-auth/src/main.ts',
    port: 8083,
    routes: ['/api/admin'],
    peers: [],
    runtime: LIGHT,
  },
  flow: {
    entry: 'services/flow/src/main.ts',
    port: 8082,
    routes: ['/api/flows', '/api/admin/flows', '/api/admin/questions'],
    peers: ['admin-auth'],
    runtime: LIGHT,
  },
  prompt: {
    entry: 'services/prompt/src/main.ts',
    port: 8084,
    routes: ['/api/admin/prompts'],
    peers: ['admin-auth'],
    runtime: LIGHT,
  },
  reading: {
    entry: 'services/reading/src/main.ts',
    port: 8081,
    // Payments are an area of the reading service: an unlock is a column of its readings.
    routes: ['/api/reading', '/api/payments', '/api/admin/payments'],
    peers: ['admin-auth'],
    runtime: { engine: false, photos: true, exposeGc: true },
  },
  'ai-worker': {
    entry: 'services/ai-worker/src/main.ts',
    port: 8085,
    routes: ['/api/admin/prompts/test-run', '/api/admin/prompts/engine'],
    peers: ['prompt', 'admin-auth'],
    runtime: { engine: true, photos: false, exposeGc: false },
  },
} as const satisfies Record<string, CatalogueService>;

export type ServiceName = keyof typeof SERVICES;
export const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];

/** The product's front door: the gateway's, or the embedded product's. */
const PUBLIC_PORT = 8080;

/** The roles that are not a service: the front door, the one-process product and the ops tools. */
export const OTHER_ROLES = {
  gateway: { entry: 'gateway/src/main.ts', port: PUBLIC_PORT, runtime: LIGHT },
  embedded: {
    entry: 'gateway/src/embedded.ts',
    port: PUBLIC_PORT,
    runtime: { engine: true, photos: true, exposeGc: false },
  },
  migrate: { entry: 'scripts/migrate.ts', port: undefined, runtime: LIGHT },
  dlq: { entry: 'scripts/dlq.ts', port: undefined, runtime: LIGHT },
} as const satisfies Record<string, { entry: string; port: number | undefined; runtime: RuntimeProfile }>;

/** Every role of the image and the build: `node dist/<role>.js`, `docker run <image> <role>`. */
export const ROLES = {
  gateway: OTHER_ROLES.gateway,
  ...SERVICES,
  migrate: OTHER_ROLES.migrate,
  dlq: OTHER_ROLES.dlq,
  embedded: OTHER_ROLES.embedded,
} satisfies Record<string, { entry: string; port: number | undefined; runtime: RuntimeProfile }>;
export type RoleName = keyof typeof ROLES;
export const ROLE_NAMES = Object.keys(ROLES) as RoleName[];

/** The gateway's operations port (/healthz, /readyz, /metrics), and the embedded product's. */
export const OPS_PORT = 9080;

/** The services a service asks (a test checks that each is a catalogued service). */
export const peersOf = (name: ServiceName) => SERVICES[name].peers as readonly ServiceName[];

/** The variable that holds a service's address, e.g. `ADMIN_AUTH_URL`. */
export const urlVariable = (name: ServiceName): string => peerUrlSetting(name);

/** Where a service listens on this machine by default. */
export const localServiceUrl = (name: ServiceName) => `http://127.0.0.1:${SERVICES[name].port}`;

/** The lowest service port: the distributed stack puts the services at SERVICE_PORT_BASE and above. */
export const SERVICE_PORT_BASE = Math.min(...SERVICE_NAMES.map((name) => SERVICES[name].port));

export interface ServiceRoute {
  prefix: string;
  service: ServiceName;
}

/** Which service answers which path prefix, the most specific prefix first. */
export const SERVICE_ROUTES: readonly ServiceRoute[] = SERVICE_NAMES.flatMap((service) =>
  SERVICES[service].routes.map((prefix) => ({ prefix, service })),
).sort((a, b) => b.prefix.length - a.prefix.length);
