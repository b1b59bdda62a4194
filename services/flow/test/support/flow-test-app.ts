import type { AdminFlowDetail, Problem, Question } from '@palm/contracts';
import {
  closeDatabase,
  createLogger,
  createMemoryBus,
  migrate,
  startService,
  type Database,
  type MemoryBus,
} from '@palm/platform';
import { FLOW_MIGRATIONS_TABLE, flowMigrations } from '../../src/flow.migrations';
import { flowModule } from '../../src/flow.module';
import { createTestPglite } from '../../../../tests/support/test-pglite';

export const VALID_SESSION = 'valid-session-id-0123456789';
export const fakeSessions = { verify: (id: string) => Promise.resolve(id === VALID_SESSION) };

/** What the flow calls answer, loosely: a flow, a question or a problem, by call. */
export type ApiBody = AdminFlowDetail & Question & Problem & { deleted?: boolean };

export interface FlowTestApp {
  db: Database;
  bus: MemoryBus;
  server: { url: string };
  /** Calls the service as a signed-in operator unless `session: null` is given. */
  call<T = ApiBody>(
    method: string,
    path: string,
    options?: { body?: unknown; session?: string | null; cookie?: string },
  ): Promise<{ status: number; body: T; headers: Headers }>;
  /** Back to a fresh install (the seeded default flow only), without starting a new database. */
  reset(): Promise<void>;
  /** Replaces the draws the traffic split uses from now on. */
  useRandom(random: () => number): void;
  close(): Promise<void>;
}

const FLOW_TABLES = [
  'flow_served_visitors',
  'flow_processed_readings',
  'flow_analytics',
  'flow_assignments',
  'questions',
  'flows',
  FLOW_MIGRATIONS_TABLE,
];

/** One in-memory database per test file (starting PGlite takes seconds); `reset()` between tests. */
export async function startFlowTestApp(): Promise<FlowTestApp> {
  const logger = createLogger('flow-test', 'silent');
  const db = await createTestPglite();
  const bus = createMemoryBus({ logger, retryDelayMs: () => 1 });
  let random = Math.random;
  const server = await startService(flowModule, {
    env: {},
    logger,
    db,
    bus,
    port: 0,
    host: '127.0.0.1',
    peers: { verifySession: (sessionId) => fakeSessions.verify(sessionId) },
    deps: { random: () => random() },
  });
  return {
    db,
    bus,
    server,
    async call<T>(
      method: string,
      path: string,
      {
        body,
        session = VALID_SESSION,
        cookie,
      }: { body?: unknown; session?: string | null; cookie?: string } = {},
    ) {
      const headers: Record<string, string> = {};
      if (session) headers.authorization = `Bearer ${session}`;
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (cookie) headers.cookie = cookie;
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return {
        status: response.status,
        body: (text ? JSON.parse(text) : undefined) as T,
        headers: response.headers,
      };
    },
    async reset() {
      await db.raw(`drop table if exists ${FLOW_TABLES.join(', ')} cascade`);
      await migrate(db, { table: FLOW_MIGRATIONS_TABLE, migrations: flowMigrations });
      random = Math.random;
    },
    useRandom(next) {
      random = next;
    },
    async close() {
      await server.stop();
      await bus.close();
      await closeDatabase(db);
    },
  };
}
