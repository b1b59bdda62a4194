import { z } from 'zod';

/**
 * The one error shape every service answers with (RFC 9457 problem details). `detail` is a
 * human sentence the web app shows as is; it never carries a stack trace.
 */
export const problemSchema = z.object({
  type: z.string().default('about:blank'),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  code: z.string().optional(),
  requestId: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type Problem = z.infer<typeof problemSchema>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
