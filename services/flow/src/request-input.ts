import { badRequest, notFound } from '@palm/platform';

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
