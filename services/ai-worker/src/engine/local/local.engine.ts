import { createHash } from 'node:crypto';
import type { ReadingResult, ReadingSubmission } from '@palm/contracts';
import type { ReadingEngine, ReadingInput } from '../reading-engine';
import { composeSection, orderedAreas, type Chooser } from './local-narrative';
import { palmFeaturesOf } from './palm-features';
import { palmMarkers } from './palm-markers';
import { measurePhoto } from './photo-measurements';
import { assertReadablePhoto } from './photo-quality.gate';

/**
 * The engine that needs no key: measures the photo (light, sharpness, the hand's skin-coloured
 * outline), refuses photos it cannot read, and composes a five-area reading from those
 * measurements and the visitor's answers. The landmark engine will replace it.
 */
export class LocalEngine implements ReadingEngine {
  readonly name = 'local';

  async read({ image, submission }: ReadingInput): Promise<ReadingResult> {
    const photo = await measurePhoto(image.data);
    assertReadablePhoto(photo);
    const skin = photo.skin;
    if (!skin) throw new Error('a readable photo has a skin region');

    const features = palmFeaturesOf({ ...photo, skin });
    const choose = chooserFor(image.data, submission);
    const sections = orderedAreas(submission.focusAreas).map((area, index) =>
      composeSection(area, features, submission, choose, { includeLight: index === 0 }),
    );
    return { sections, visual_markers: palmMarkers(photo, skin) };
  }
}

/** Seeds phrasing choices with the image and the answers, so a reading can be reproduced exactly. */
function chooserFor(image: Buffer, submission: ReadingSubmission): Chooser {
  const seed = createHash('sha256').update(image).update(JSON.stringify(submission)).digest('hex');
  return (options, salt) => {
    const digest = createHash('sha256').update(seed).update(salt).digest();
    const option = options[digest.readUInt32BE(0) % options.length];
    if (option === undefined) throw new Error('choose needs at least one option');
    return option;
  };
}
