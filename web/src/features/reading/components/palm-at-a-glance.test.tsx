import { PROFILE_TRAIT_IDS, type PalmProfile } from '@palm/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { normalizeReading } from '../lib/normalize-reading';
import { PalmAtAGlance } from './palm-at-a-glance';

const emptyProfile = Object.fromEntries(PROFILE_TRAIT_IDS.map((id) => [id, null])) as PalmProfile;
const section = {
  area: 'love',
  title: 'Love',
  subtitle: '',
  insights: ['x'],
  content: '',
  details: '',
  basis: [],
};

function panelFor(reading: unknown) {
  const normalized = normalizeReading(reading);
  render(<PalmAtAGlance profile={normalized.kind === 'sections' ? normalized.profile : null} />);
}

describe('Your palm at a glance', () => {
  it('lists the stated traits in plain words and leaves the undetermined ones out', () => {
    panelFor({
      sections: [section],
      visual_markers: [],
      profile: { ...emptyProfile, handSide: 'left', indexVsRing: 'ring-longer', heartLine: 'seen' },
    });
    const panel = screen.getByRole('region', { name: 'Your palm at a glance' });
    const rows = within(panel)
      .getAllByRole('definition')
      .map((dd) => `${dd.previousElementSibling?.textContent}: ${dd.textContent}`);
    expect(rows).toEqual(['Hand: left', 'Index vs ring finger: ring finger longer', 'Heart line: seen']);
    expect(within(panel).queryByText('Palm shape')).toBeNull();
  });

  it('names what the photo left open of the hand’s shape, and nothing where it settled all of it', () => {
    const shape = {
      handType: 'water',
      palmShape: 'oblong',
      fingerLength: 'long',
      indexVsRing: 'even',
      littleFinger: 'short',
      middleFinger: 'balanced',
      thumbLength: 'medium',
      thumbAngle: 'wide',
    };
    panelFor({
      sections: [section],
      visual_markers: [],
      profile: { ...emptyProfile, ...shape, handSide: 'left', palmShape: null, thumbLength: null },
    });
    const panel = screen.getByRole('region', { name: 'Your palm at a glance' });
    expect(within(panel).getByText('Not settled by this photo: palm shape and thumb length.')).toBeTruthy();
    panelFor({
      sections: [section],
      visual_markers: [],
      profile: { ...emptyProfile, ...shape, handSide: 'right' },
    });
    const settled = screen.getAllByRole('region', { name: 'Your palm at a glance' }).at(-1)!;
    expect(within(settled).queryByText(/Not settled by this photo/)).toBeNull();
  });

  it('is absent for a reading made before profiles existed, and for a profile that states nothing', () => {
    panelFor({ sections: [section], visual_markers: [] });
    expect(screen.queryByRole('region', { name: 'Your palm at a glance' })).toBeNull();
    panelFor({ sections: [section], visual_markers: [], profile: emptyProfile });
    expect(screen.queryByRole('region', { name: 'Your palm at a glance' })).toBeNull();
  });
});
