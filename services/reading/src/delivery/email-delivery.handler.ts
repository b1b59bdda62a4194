import { counter, PermanentMessageError, type Logger, type QueueHandlers } from '@palm/platform';
import type { ReadingRepository } from '../reading.repository';
import { reportLink, type ReportArtifacts } from '../report/report-artifacts';
import type { DeliveryRepository } from './delivery.repository';
import { composeReadingMail } from './reading-mail.composer';
import { isPermanentSmtpError, type ReadingMailer } from './reading-mailer';

/** Where a delivery asked for before its origin was kept links to: the old PUBLIC_URL default. */
const LEGACY_ORIGIN = 'http://localhost:8080';

const emailsHandled = counter('reading_emails_total', 'Reading emails, by outcome', ['outcome']);

/**
 * Sends "Email me this reading" from the bus: a failure is retried by the bus with backoff, the
 * last attempt (or a permanent SMTP refusal) marks the delivery failed and dead-letters the event.
 * The delivery record is claimed before sending and marked sent after, so a redelivered event
 * finds it sent and sends nothing.
 */
export function createEmailDeliveryHandlers(deps: {
  deliveries: DeliveryRepository;
  repository: ReadingRepository;
  artifacts: ReportArtifacts;
  mailer: ReadingMailer;
  publicUrl: string | undefined;
  logger: Logger;
}): QueueHandlers<'readingEmail'> {
  const { deliveries, repository, artifacts, mailer, logger } = deps;
  return {
    'reading.email.requested': async ({ payload }, context) => {
      const log = logger.child({ deliveryId: payload.deliveryId, readingId: payload.readingId });
      const claim = await deliveries.claim(payload.deliveryId);
      if (claim.kind === 'missing') {
        log.info('delivery record is gone (removed with the reading); nothing to send');
        return;
      }
      if (claim.kind === 'done') {
        emailsHandled.inc({ outcome: 'duplicate' });
        log.info({ status: claim.status }, 'delivery already settled; not sending again');
        return;
      }
      if (claim.kind === 'busy') throw new Error('another worker is sending this email right now');

      const reading = await repository.find(payload.readingId);
      if (!reading?.result) {
        await deliveries.markFailed(payload.deliveryId, 'the reading is not available', true);
        throw new PermanentMessageError('the reading of this email is not available');
      }
      try {
        const origin = deps.publicUrl ?? claim.delivery.linkOrigin ?? LEGACY_ORIGIN;
        const link = reportLink(origin, reading.id);
        // The PDF is part of the paid unlock: a preview's email links to the report instead.
        const pdf = reading.locked ? null : await artifacts.pdf(reading, { palmOnly: false, origin });
        await mailer.send(
          composeReadingMail({
            to: claim.delivery.email,
            deliveryId: payload.deliveryId,
            reading,
            link,
            pdf,
            mailDomain: new URL(origin).hostname || 'localhost',
          }),
        );
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const permanent = isPermanentSmtpError(error);
        const final = permanent || context.attempt >= context.maxAttempts;
        await deliveries.markFailed(payload.deliveryId, reason, final);
        emailsHandled.inc({ outcome: final ? 'failed' : 'retry' });
        log.warn({ err: error, attempt: context.attempt, final }, 'could not send the reading email');
        if (permanent) throw new PermanentMessageError(`the mail server refused the message: ${reason}`);
        throw error;
      }
      await deliveries.markSent(payload.deliveryId);
      emailsHandled.inc({ outcome: 'sent' });
      log.info({ attempt: context.attempt }, 'reading email sent');
    },
  };
}
