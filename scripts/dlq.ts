import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { infrastructureConfigSchema, loadConfig } from '@palm/platform';
import { openDeadLetterQueue, type DeadLetterSummary } from './ops/dead-letter-queue';

const USAGE = `Dead-lettered messages on the broker at AMQP_URL.

  npm run dlq -- list   [--reading <id>] [--limit <n>]   show what is waiting, and why it died
  npm run dlq -- replay [--reading <id>] [--limit <n>]   send messages back to the queue they died in
  npm run dlq -- purge  [--yes]                          delete every dead-lettered message
`;

function describe(summary: DeadLetterSummary): string {
  const died = summary.queue ? `died in ${summary.queue}` : 'origin unknown';
  const why = summary.reason
    ? `${summary.reason}${summary.deaths > 1 ? ` ×${summary.deaths}` : ''}`
    : 'no reason';
  return [
    `- ${summary.event}`,
    `reading ${summary.readingId ?? '?'}`,
    `message ${summary.messageId ?? '?'}`,
    `request ${summary.requestId ?? '?'}`,
    `${died} (${why})`,
  ].join('  ');
}

async function confirmPurge(count: number, yes: boolean): Promise<boolean> {
  if (yes) return true;
  if (!process.stdin.isTTY) {
    throw new Error('Refusing to purge without confirmation: run it in a terminal, or pass --yes.');
  }
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await prompt.question(`Delete all ${count} dead-lettered messages for good? Type PURGE: `);
    return answer.trim() === 'PURGE';
  } finally {
    prompt.close();
  }
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      reading: { type: 'string' },
      limit: { type: 'string' },
      yes: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const command = positionals[0];
  if (values.help || !command || !['list', 'replay', 'purge'].includes(command)) {
    process.stdout.write(USAGE);
    return values.help ? 0 : 64;
  }
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) {
    throw new Error(`--limit expects a whole number above 0 (got "${values.limit}")`);
  }
  const { AMQP_URL } = loadConfig(infrastructureConfigSchema.pick({ AMQP_URL: true }));
  if (!AMQP_URL)
    throw new Error('AMQP_URL is not set: point it at the broker, e.g. amqp://user:pass@host:5672');

  const queue = await openDeadLetterQueue(AMQP_URL);
  try {
    const filter = { readingId: values.reading, limit };
    if (command === 'list') {
      const total = await queue.count();
      const shown = await queue.list(filter);
      console.log(
        `${total} dead-lettered message(s)${shown.length < total ? `, ${shown.length} shown` : ''}`,
      );
      for (const summary of shown) console.log(describe(summary));
    } else if (command === 'replay') {
      const { replayed, skipped } = await queue.replay(filter);
      console.log(`replayed ${replayed.length} message(s)${skipped > 0 ? `; ${skipped} left in place` : ''}`);
      for (const summary of replayed) console.log(describe(summary));
    } else {
      const total = await queue.count();
      if (total === 0) {
        console.log('the dead-letter queue is empty');
      } else if (await confirmPurge(total, values.yes)) {
        console.log(`purged ${await queue.purge()} message(s)`);
      } else {
        console.log('nothing purged');
        return 1;
      }
    }
    return 0;
  } finally {
    await queue.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);
