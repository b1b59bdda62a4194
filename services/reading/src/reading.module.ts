import { Router } from 'express';
import { READING_SERVER_WAIT_MS } from '@palm/contracts';
import { sampledGauge, type QueueConsumer, type ServiceModule } from '@palm/platform';
import { DEFAULT_INTAKE_BACKLOG, readingConfigSchema, type ReadingConfig } from './config';
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
import { createReportArtifacts } from './report/report-artifacts';
import { createReportRouter } from './report/report.routes';
import { createReportPage, createSharingRouter } from './sharing/sharing.routes';
import {
  createImageRetentionSweeper,
  DEFAULT_IMAGE_RETENTION_DAYS,
  DEFAULT_TEXT_RETENTION_DAYS,
} from './retention/image-retention.sweeper';
import { createReadingPolicyRouter } from './retention/reading-policy.routes';

const readingsByStatus = sampledGauge('readings_by_status', 'Readings stored, by status', ['status']);

/** The reading service's settings, read from its configuration; a test may replace any of them. */
export interface ReadingDeps {
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
}

export interface ReadingEmailOptions {
  mailer: ReadingMailer;
  perReadingPerHour: number;
  perClientPerHour: number;
}

/** The service's settings from its configuration (the SMTP mailer only when SMTP_URL is set). */
function readingOptions(config: ReadingConfig): ReadingDeps {
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

export const readingModule: ServiceModule<ReadingConfig, ReadingDeps> = {
  name: 'reading',
  configSchema: readingConfigSchema,
  migrations: { table: READING_MIGRATIONS_TABLE, migrations: readingMigrations },
  async create({ config, deps, logger, db, bus, blobs, peers }) {
    const options = { ...readingOptions(config), ...deps };
    const messages = await bus();
    const store = await blobs();
    const log = logger.child({ component: 'reading' });
    const repository = createReadingRepository(db, { paywall: Boolean(options.payments) });
    const waiter = createCompletionWaiter(repository);
    const relay = createOutboxRelay({
      repository,
      bus: messages,
      logger: log,
      intervalMs: options.outboxIntervalMs,
    });
    const imageRetentionDays = options.imageRetentionDays ?? DEFAULT_IMAGE_RETENTION_DAYS;
    const textRetentionDays = options.textRetentionDays ?? DEFAULT_TEXT_RETENTION_DAYS;
    const erase = createReadingEraser({ repository, blobs: store, relay });
    const retention = createImageRetentionSweeper({
      db: db,
      blobs: store,
      logger: log,
      retentionDays: imageRetentionDays,
      textRetentionDays,
      erase,
      intervalMs: options.retentionIntervalMs,
    });
    const { publicUrl } = options;
    const artifacts = createReportArtifacts({ repository, blobs: store, logger: log });
    const deliveries = createDeliveryRepository(db);
    const reportPage = {
      imageRetentionDays,
      emailAvailable: Boolean(options.email),
      unlockPrice: options.payments
        ? { amount: options.payments.price, currency: options.payments.currency }
        : null,
    };
    const readingRouter = createReadingRouter({
      imageRetentionDays,
      repository,
      blobs: store,
      relay,
      waiter,
      logger: log,
      waitMs: options.waitMs ?? READING_SERVER_WAIT_MS,
      intakeBacklog: options.intakeBacklog ?? DEFAULT_INTAKE_BACKLOG,
      unlockPrice: reportPage.unlockPrice,
    });
    const router = Router();
    router.use(
      readingRouter,
      createReportRouter({ repository, artifacts, publicUrl }),
      createReadingDeletionRouter({ repository, erase, logger: log }),
      createReadingPolicyRouter({
        imageRetentionDays,
        textRetentionDays,
        emailAvailable: Boolean(options.email),
      }),
      createSharingRouter({ repository, ...reportPage }),
      createEmailDeliveryRouter({
        repository,
        deliveries,
        relay,
        publicUrl,
        emailAvailable: Boolean(options.email),
        perReadingPerHour: options.email?.perReadingPerHour ?? 3,
        perClientPerHour: options.email?.perClientPerHour ?? 10,
      }),
      createPaymentsRouter({
        readings: repository,
        purchases: createPaymentsRepository(db),
        // Looked up per request: a process without ADMIN_AUTH_URL still starts, and says so when asked.
        sessions: { verify: (sessionId) => peers.verifySession(sessionId) },
        logger: log,
        publicUrl,
        stripe: options.payments && {
          client: createStripeClient(options.payments),
          options: options.payments,
        },
      }),
    );

    const consumers: QueueConsumer[] = [
      {
        queue: 'readingResults',
        handlers: createReadingResultsHandlers({ repository, blobs: store, waiter, relay, logger: log }),
      },
    ];
    if (options.email) {
      consumers.push({
        queue: 'readingEmail',
        handlers: createEmailDeliveryHandlers({
          deliveries,
          repository,
          artifacts,
          mailer: options.email.mailer,
          publicUrl,
          logger: log,
        }),
        // One mail (and its PDF) at a time per process; the bus retries with backoff.
        options: { prefetch: 1 },
      });
    }

    const withdrawStatusCounts = readingsByStatus(async () => {
      const counts = await repository.countByStatus().catch(() => ({}));
      return Object.entries(counts).map(([status, value]) => ({ labels: { status }, value }));
    });

    return {
      routers: [router],
      consumers,
      // For the gateway in the same process: what /report/{id} shows a browser.
      provides: { reportPage: createReportPage(repository, reportPage) },
      start() {
        relay.start();
        retention.start();
        return Promise.resolve();
      },
      async stop() {
        withdrawStatusCounts();
        await relay.stop();
        await retention.stop();
        options.email?.mailer.close();
      },
    };
  },
};
