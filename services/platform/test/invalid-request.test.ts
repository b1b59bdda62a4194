import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { invalidRequest, parseRequest } from '../src';

const schema = z.object({
  name: z.string({ error: 'Flow name is required' }).trim().min(1, 'Flow name is required'),
  options: z.array(z.string().min(1, 'Options must not be empty')).optional(),
});

describe('invalid requests', () => {
  it('answer 400 with the rule’s own message as the detail, as the spec words it', () => {
    const problem = (() => {
      try {
        parseRequest(schema, { name: '  ' });
      } catch (error) {
        return error;
      }
    })();
    expect(problem).toMatchObject({
      status: 400,
      detail: 'Flow name is required',
      options: { code: 'invalid_request', errors: [{ field: 'name', message: 'Flow name is required' }] },
    });
  });

  it('say each broken rule once, and list every field it broke', () => {
    const result = schema.safeParse({ options: ['', ''] });
    expect(result.success).toBe(false);
    const problem = invalidRequest(result.error!);
    expect(problem.detail).toBe('Flow name is required; Options must not be empty');
    expect(problem.options.errors).toEqual([
      { field: 'name', message: 'Flow name is required' },
      { field: 'options.0', message: 'Options must not be empty' },
      { field: 'options.1', message: 'Options must not be empty' },
    ]);
  });

  it('read an absent body as an empty object and pass valid input through', () => {
    expect(() => parseRequest(schema, undefined)).toThrow('Flow name is required');
    expect(parseRequest(schema, { name: ' Main ' })).toEqual({ name: 'Main' });
  });
});
