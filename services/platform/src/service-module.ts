import type { Router } from 'express';
import type { z } from 'zod';
import type { BlobStore } from './blobs/blob-store';
import type { MessageBus } from './bus/message-bus';
import { checkQueueConsumers, startQueueConsumers, type QueueConsumer } from './bus/queue-consumer';
import type { InfrastructureConfig } from './config/config';
import type { Database } from './db/database';
import type { MigrateOptions } from './db/migrate';
import type { Logger } from './logging/logger';
import type { RemotePeerSettings, ServicePeers } from './service-peers';

/**
 * What every service reads from its environment, with the addresses of the peers it asks, if any.
 * Its port is not among them: whoever starts it gives it (startService; the catalogue's port).
 */
export type ServiceConfig = InfrastructureConfig & RemotePeerSettings;

/** What a service is given to build itself: its settings, the shared infrastructure and its peers. */
export interface ServiceContext<C extends ServiceConfig = ServiceConfig, D extends object = object> {
  config: C;
  /** Parts of the service a test replaces (a clock, a random source, a mailer); empty in production. */
  deps: Partial<D>;
  logger: Logger;
  db: Database;
  /** Connects the bus the first time it is asked for; /readyz then checks it too. */
  bus: () => Promise<MessageBus>;
  /** Opens the blob store the first time it is asked for; /readyz then checks it too. */
  blobs: () => Promise<BlobStore>;
  peers: ServicePeers;
}

/** A service built from its context, as its own process and the embedded product run it. */
export interface RunnableService {
  /** Its HTTP routes: served on its own port, or behind the gateway in one process. */
  routers: Router[];
  /** The queues it consumes: `startServices` registers them once `start` has migrated its tables. */
  consumers: QueueConsumer[];
  /** Starts its background work, once startService has applied its migrations. */
  start(): Promise<void>;
  /** Ends its background work; whoever created the bus and the database closes them (and so the consumers). */
  stop(): Promise<void>;
  /** What it answers for the other services of the same process (see ServicePeers). */
  provides?: Partial<ServicePeers>;
  /** Called once the product listens, with the address it is reached at. */
  listening?: (url: string) => Promise<void>;
}

/**
 * One service, whole: its name, its settings, its tables and how to build it (its one wiring
 * file). Its own process, the embedded product and the tests start it through `startService`; the
 * migrate role applies its migrations.
 */
export interface ServiceModule<C extends ServiceConfig = ServiceConfig, D extends object = object> {
  name: string;
  configSchema: z.ZodObject & z.ZodType<C>;
  /** Its tables' migrations: startService applies them before `start`, the migrate role ahead of it. */
  migrations: Pick<MigrateOptions, 'table' | 'migrations'>;
  /** Settings it needs only in its own process, e.g. the token its peers must send; throws naming them. */
  checkStandalone?(config: C): void;
  create(context: ServiceContext<C, D>): RunnableService | Promise<RunnableService>;
}

/**
 * Starts the services of one process in order, each one's queue consumers right after its `start`
 * (its handlers write to the tables `start` migrated). The consumers of all of them are checked
 * first (`checkQueueConsumers`), so a queue consumed twice or an event without a handler stops the
 * process before any service starts. The bus is asked for only when some service consumes.
 */
export async function startServices(
  services: readonly Pick<RunnableService, 'start' | 'consumers'>[],
  bus: () => Promise<MessageBus>,
): Promise<void> {
  checkQueueConsumers(services.flatMap((service) => service.consumers));
  for (const service of services) {
    await service.start();
    if (service.consumers.length > 0) await startQueueConsumers(await bus(), service.consumers);
  }
}
