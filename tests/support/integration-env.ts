import { inject } from 'vitest';

/** Where the integration tier's real infrastructure lives; provided by tests/support/global-setup.ts. */
export interface IntegrationEnv {
  /** The server's `postgres` database; use createTestDatabase() for a database of your own. */
  databaseUrl: string;
  amqpUrl: string;
  s3: { endpoint: string; accessKey: string; secretKey: string; region: string };
  /**
   * The roles compiled from this checkout once for the run, as `npm run build` compiles them: the
   * process stacks tests start run these with plain node, as `npm run start:distributed` does.
   */
  compiledServer: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    integrationEnv: IntegrationEnv;
  }
}

/** Only callable inside test files of the `integration` project. */
export function integrationEnv(): IntegrationEnv {
  return inject('integrationEnv');
}
