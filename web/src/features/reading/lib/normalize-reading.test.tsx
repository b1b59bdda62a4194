import type { ReadingResult } from '@palm/contracts';
import { describe, expect, it } from 'vitest';
import { normalizeReading } from './normalize-reading';

const today: ReadingResult = {
  sections: [
    {
      area: 'love',
      title: 'Love',
      subtitle: 'Heart line',
      insights: ['You love deeply.'],
      content: 'Warm.',
      details: '',
      basis: ['Heart line: long'],
    },
  ],
  themes: [{ title: 'Steady', text: 'A steady hand.', features: ['your long thumb'] }],
  visual_markers: [
    { id: 'line-heart', label: '', description: 'd', style: 'line', coordinates: { x: 10, y: 20 } },
  ],
  line_traces: [
    {
      line: 'heart',
      name: 'Heart line',
      points: [
        { x: 1, y: 2 },
        { x: 3, y: 4 },
      ],
      confidence: 0.9,
    },
  ],
};

describe('normalizeReading', () => {
  it("shows today's reading as the contract declares it, only flattening marker positions", () => {
    const shown = normalizeReading(today);
    if (shown.kind !== 'sections') throw new Error('expected sections');
    expect(shown.sections).toBe(today.sections);
    expect(shown.traces).toBe(today.line_traces);
    expect(shown.themes).toEqual(today.themes);
    expect(shown.markers).toEqual([
      {
        id: 'line-heart',
        label: 'Palm Feature',
        description: 'd',
        style: 'line',
        x: 10,
        y: 20,
        explains: [],
      },
    ]);
    expect(shown.profile).toBeNull();
  });

  it('upgrades an older stored reading whose sections and traces lack fields added since', () => {
    const shown = normalizeReading({
      sections: [{ area: 'career', content: 'Steady work.' }],
      visual_markers: [{ coordinates: { x: 140, y: -3 } }],
      line_traces: [
        {
          line: 'life',
          points: [
            { x: 1, y: 2 },
            { x: 3, y: 4 },
          ],
          length: 'endless',
        },
        {
          line: 'moon',
          points: [
            { x: 1, y: 1 },
            { x: 2, y: 2 },
          ],
          confidence: 1,
        },
      ],
    });
    if (shown.kind !== 'sections') throw new Error('expected sections');
    expect(shown.sections).toEqual([
      {
        area: 'career',
        title: 'Career',
        subtitle: '',
        insights: [],
        content: 'Steady work.',
        details: '',
        basis: [],
      },
    ]);
    expect(shown.markers[0]).toMatchObject({ label: 'Palm Feature', x: 100, y: 0, explains: [] });
    expect(shown.traces).toEqual([
      {
        line: 'life',
        name: 'Life line',
        points: [
          { x: 1, y: 2 },
          { x: 3, y: 4 },
        ],
        confidence: 0,
      },
    ]);
  });
});
