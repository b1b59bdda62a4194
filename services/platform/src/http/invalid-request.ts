import type { z } from 'zod';
import { HttpError } from './http-error';

/**
 * The one answer to a request that breaks a schema's rules: 400, the rules' own messages as the
 * detail (the spec's validation texts are shown as they are, so each message is a sentence that
 * names what it is about), and every broken rule listed per field.
 */
export function invalidRequest(error: z.ZodError): HttpError {
  const errors = error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  const messages = [...new Set(errors.map((entry) => entry.message))];
  return new HttpError(400, messages.join('; '), { code: 'invalid_request', errors });
}

/** A request's input as `schema` reads it (an absent body as `{}`), or the 400 saying what is wrong. */
export function parseRequest<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw invalidRequest(result.error);
  return result.data;
}
