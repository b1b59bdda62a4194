import type { Logger } from '../logging/logger';
import { createAmqpBus } from './amqp-bus';
import { createMemoryBus } from './memory-bus';
import type { MessageBus } from './message-bus';

/** RabbitMQ when AMQP_URL is set; otherwise the in-process bus (tests, single-process mode). */
export function createBus(config: { AMQP_URL?: string | undefined }, logger: Logger): Promise<MessageBus> {
  if (config.AMQP_URL) return createAmqpBus({ url: config.AMQP_URL, logger });
  logger.info('AMQP_URL is not set; using the in-process message bus');
  return Promise.resolve(createMemoryBus({ logger }));
}
