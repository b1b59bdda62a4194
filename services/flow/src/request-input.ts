import type { z } from 'zod';
import { badRequest, notFound } from '@palm/platform';

/**
 * Validates a request body. The problem's detail is the rule's own message (spec §5), so the
 * web app can show it as is; every broken rule is also listed per field.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    field: issue.path.join('.'),
    message: issue.message,
  }));
  const messages = [...new Set(errors.map((error) => error.message))];
  throw badRequest(messages.join('; '), errors);
}

const MAX_ID = 2_147_483_647;

/** Flow and question ids are whole numbers; 0 (the web app's "none") or one too large matches nothing. */
export function parseId(value: string | undefined, what: 'flow' | 'question', missing: string): number {
  if (value === undefined || !/^\d+$/.test(value)) {
    throw badRequest(`The ${what} id must be a whole number, not "${(value ?? '').slice(0, 20)}".`);
  }
  const id = Number(value);
  if (id < 1 || id > MAX_ID) throw notFound(missing);
  return id;
}
