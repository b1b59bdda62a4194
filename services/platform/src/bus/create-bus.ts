import type { Logger } from '../logging/logger';
import { createAmqpBus } from './amqp-bus';
import { createMemoryBus } from './memory-bus';
import type { MessageBus } from './message-bus';
import { retryPolicyFrom } from './retry-policy';

/** RabbitMQ when AMQP_URL is set; otherwise the in-process bus (tests, single-process mode). */
export function createBus(
  config: {
    AMQP_URL?: string | undefined;
    BUS_RETRY_MAX_ATTEMPTS?: number | undefined;
    BUS_RETRY_BASE_MS?: number | undefined;
    BUS_RETRY_MAX_MS?: number | undefined;
  },
  logger: Logger,
): Promise<MessageBus> {
  const retryPolicy = retryPolicyFrom(config);
  if (config.AMQP_URL) return createAmqpBus({ url: config.AMQP_URL, logger, retryPolicy });
  logger.info('AMQP_URL is not set; using the in-process message bus');
  return Promise.resolve(createMemoryBus({ logger, retryPolicy }));
}
