import { describe, expect, it } from 'vitest';
import { PHOTO_REFUSAL_STATUS, type PhotoRefusalCode } from '@palm/contracts';
import { HttpError, photoRefused, withPhotoRefusals } from '../src';

const refusedWith = (code: PhotoRefusalCode, detail = 'Please take it again.') =>
  Object.assign(new Error(`refused: ${code}`), { refusal: { code, detail } });

describe('photo refusals', () => {
  it.each([
    ['image_too_large', 413],
    ['unsupported_image_type', 415],
    ['image_too_many_pixels', 422],
    ['image_unreadable', 422],
    ['unreadable_photo', 422],
  ] as const)('answer %s with %i, its code and its own sentence', (code, status) => {
    const problem = photoRefused({ code, detail: 'What to do instead.' });
    expect(problem).toBeInstanceOf(HttpError);
    expect(problem.status).toBe(status);
    expect(problem.detail).toBe('What to do instead.');
    expect(problem.options.code).toBe(code);
  });

  it('cover every code the contract names', () => {
    for (const code of Object.keys(PHOTO_REFUSAL_STATUS) as PhotoRefusalCode[]) {
      expect(photoRefused({ code, detail: 'x' }).status).toBeGreaterThanOrEqual(400);
    }
  });

  it('name which photo of a form was refused in front of the sentence', () => {
    const problem = photoRefused({ code: 'image_unreadable', detail: 'It is broken.' }, 'Extra frame 2');
    expect(problem.detail).toBe('Extra frame 2: It is broken.');
    expect(problem.status).toBe(422);
  });

  it('turn an error carrying a refusal into its problem and let every other error through', async () => {
    await expect(
      withPhotoRefusals(Promise.reject(refusedWith('unsupported_image_type'))),
    ).rejects.toMatchObject({
      status: 415,
      detail: 'Please take it again.',
    });
    const other = new Error('disk full');
    await expect(withPhotoRefusals(Promise.reject(other))).rejects.toBe(other);
    // An unknown code is not a refusal: it is not answered as the client's fault.
    const unknown = Object.assign(new Error('odd'), { refusal: { code: 'nope', detail: 'x' } });
    await expect(withPhotoRefusals(Promise.reject(unknown))).rejects.toBe(unknown);
    expect(await withPhotoRefusals(Promise.resolve('photo'))).toBe('photo');
  });
});
