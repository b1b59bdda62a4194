import type { z } from 'zod';
import { badRequest } from '@palm/platform';

/** Validates a request body; the problem's detail is the rule's own message, shown as is. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    field: issue.path.join('.'),
    message: issue.message,
  }));
  throw badRequest([...new Set(errors.map((error) => error.message))].join('; '), errors);
}
