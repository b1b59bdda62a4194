import { Router } from 'express';
import { READING_SERVER_WAIT_MS } from '@palm/contracts';
import {
  gauge,
  migrate,
  type BlobStore,
  type Database,
  type Logger,
  type MessageBus,
  type QueueConsumer,
  type SessionVerifier,
} from '@palm/platform';
import { DEFAULT_INTAKE_BACKLOG, type ReadingConfig } from './config';
import { createCompletionWaiter } from './completion-waiter';
import { createReadingDeletionRouter } from './deletion/reading-deletion.routes';
import { createReadingEraser } from './deletion/reading-eraser';
import { createDeliveryRepository } from './delivery/delivery.repository';
import { createEmailDeliveryHandlers } from './delivery/email-delivery.handler';
import { createEmailDeliveryRouter } from './delivery/email-delivery.routes';
import { createSmtpMailer, type ReadingMailer } from './delivery/reading-mailer';
import { createOutboxRelay } from './outbox/outbox-relay';
import { paymentOptions, type PaymentOptions } from './payments/payments.config';
import { createPaymentsRepository } from './payments/payments.repository';
import { createPaymentsRouter } from './payments/payments.routes';
import { createStripeClient } from './payments/stripe-client';
import { createReadingResultsHandlers } from './reading-results.handler';
import { READING_MIGRATIONS_TABLE, readingMigrations } from './reading.migrations';
import { createReadingRepository } from './reading.repository';
import { createReadingRouter } from './reading.routes';
import { createReportArtifacts, type ReportArtifacts } from './report/report-artifacts';
import { createReportRouter } from './report/report.routes';
import { createSharePreview, createSharingRouter, type SharePreview } from './sharing/sharing.routes';
import {
  createImageRetentionSweeper,
  DEFAULT_IMAGE_RETENTION_DAYS,
  DEFAULT_TEXT_RETENTION_DAYS,
} from './retention/image-retention.sweeper';
import { createReadingPolicyRouter } from './retention/reading-policy.routes';

export interface ReadingServiceDeps {
  db: Database;
  bus: MessageBus;
  blobs: BlobStore;
  logger: Logger;
  /** How long POST /api/reading waits for the reading before answering 202. */
  waitMs?: number;
  /** Uploads that may wait for intake at once (READING_INTAKE_BACKLOG). */
  intakeBacklog?: number;
  outboxIntervalMs?: number;
  /** Palm photos are deleted this many days after their reading (READING_IMAGE_RETENTION_DAYS). */
  imageRetentionDays?: number;
  /** Readings (text and answers) are deleted this many days after they were made (READING_TEXT_RETENTION_DAYS). */
  textRetentionDays?: number;
  retentionIntervalMs?: number;
  /** Where visitors reach the site (PUBLIC_URL): the link in emails and PDFs; else the request's origin. */
  publicUrl?: string;
  /** "Email me this reading"; without it the action is not offered. */
  email?: ReadingEmailOptions;
  /** Stripe Checkout for the full reading; without it nothing is gated or sold. */
  payments?: PaymentOptions;
  /** Operator sessions, for the purchases routes under /api/admin/payments. */
  sessions?: SessionVerifier;
}

export interface ReadingEmailOptions {
  mailer: ReadingMailer;
  perReadingPerHour: number;
  perClientPerHour: number;
}

/** The service's settings from its configuration (the SMTP mailer only when SMTP_URL is set). */
export function readingServiceOptions(
  config: ReadingConfig,
): Pick<
  ReadingServiceDeps,
  'waitMs' | 'intakeBacklog' | 'imageRetentionDays' | 'textRetentionDays' | 'publicUrl' | 'email' | 'payments'
> {
  return {
    waitMs: config.READING_WAIT_MS,
    intakeBacklog: config.READING_INTAKE_BACKLOG,
    imageRetentionDays: config.READING_IMAGE_RETENTION_DAYS,
    textRetentionDays: config.READING_TEXT_RETENTION_DAYS,
    publicUrl: config.PUBLIC_URL,
    email: config.SMTP_URL
      ? {
          mailer: createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM }),
          perReadingPerHour: config.EMAIL_LIMIT_PER_READING_PER_HOUR,
          perClientPerHour: config.EMAIL_LIMIT_PER_CLIENT_PER_HOUR,
        }
      : undefined,
    payments: paymentOptions(config),
  };
}

export interface ReadingService {
  router: Router;
  /** The link preview the gateway puts into /report/{id}, as the browser with this Cookie header may see it. */
  sharePreview: SharePreview;
  artifacts: ReportArtifacts;
  /** The workers' results, and the email deliveries when email is configured. */
  consumers: QueueConsumer[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createReadingService(deps: ReadingServiceDeps): ReadingService {
  const logger = deps.logger.child({ component: 'reading' });
  const repository = createReadingRepository(deps.db, { paywall: Boolean(deps.payments) });
  const waiter = createCompletionWaiter(repository);
  const relay = createOutboxRelay({ repository, bus: deps.bus, logger, intervalMs: deps.outboxIntervalMs });
  const imageRetentionDays = deps.imageRetentionDays ?? DEFAULT_IMAGE_RETENTION_DAYS;
  const textRetentionDays = deps.textRetentionDays ?? DEFAULT_TEXT_RETENTION_DAYS;
  const erase = createReadingEraser({ repository, blobs: deps.blobs, relay });
  const retention = createImageRetentionSweeper({
    db: deps.db,
    blobs: deps.blobs,
    logger,
    retentionDays: imageRetentionDays,
    textRetentionDays,
    erase,
    intervalMs: deps.retentionIntervalMs,
  });
  const { publicUrl } = deps;
  const artifacts = createReportArtifacts({ repository, blobs: deps.blobs, logger });
  const deliveries = createDeliveryRepository(deps.db);
  const readingRouter = createReadingRouter({
    imageRetentionDays,
    repository,
    blobs: deps.blobs,
    relay,
    waiter,
    logger,
    waitMs: deps.waitMs ?? READING_SERVER_WAIT_MS,
    intakeBacklog: deps.intakeBacklog ?? DEFAULT_INTAKE_BACKLOG,
    unlockPrice: deps.payments ? { amount: deps.payments.price, currency: deps.payments.currency } : null,
  });
  const router = Router();
  router.use(
    readingRouter,
    createReportRouter({ repository, artifacts, publicUrl }),
    createReadingDeletionRouter({ repository, erase, logger }),
    createReadingPolicyRouter({
      imageRetentionDays,
      textRetentionDays,
      emailAvailable: Boolean(deps.email),
    }),
    createSharingRouter({ repository, emailAvailable: Boolean(deps.email) }),
    createEmailDeliveryRouter({
      repository,
      deliveries,
      relay,
      publicUrl,
      emailAvailable: Boolean(deps.email),
      perReadingPerHour: deps.email?.perReadingPerHour ?? 3,
      perClientPerHour: deps.email?.perClientPerHour ?? 10,
    }),
    createPaymentsRouter({
      readings: repository,
      purchases: createPaymentsRepository(deps.db),
      sessions: deps.sessions ?? { verify: () => Promise.resolve(false) },
      logger,
      publicUrl,
      stripe: deps.payments && { client: createStripeClient(deps.payments), options: deps.payments },
    }),
  );

  const consumers: QueueConsumer[] = [
    {
      queue: 'readingResults',
      handlers: createReadingResultsHandlers({ repository, blobs: deps.blobs, waiter, logger }),
    },
  ];
  if (deps.email) {
    consumers.push({
      queue: 'readingEmail',
      handlers: createEmailDeliveryHandlers({
        deliveries,
        repository,
        artifacts,
        mailer: deps.email.mailer,
        publicUrl,
        logger,
      }),
      // One mail (and its PDF) at a time per process; the bus retries with backoff.
      options: { prefetch: 1 },
    });
  }

  gauge('readings_by_status', 'Readings stored, by status', ['status'], async function () {
    const counts = await repository.countByStatus().catch(() => ({}));
    for (const [status, count] of Object.entries(counts)) this.set({ status }, count);
  });

  return {
    router,
    sharePreview: createSharePreview(repository),
    artifacts,
    consumers,
    async start() {
      await migrate(deps.db, { table: READING_MIGRATIONS_TABLE, migrations: readingMigrations, logger });
      relay.start();
      retention.start();
    },
    async stop() {
      await relay.stop();
      await retention.stop();
      deps.email?.mailer.close();
    },
  };
}
