import { describe, expect, it } from 'vitest';
import { sanitiseReadingResult, sanitiseText } from '../src/output-sanitiser';

describe('sanitiseText', () => {
  it.each([
    ['<p>Warm <b>heart</b></p><script>alert(1)</script>', '<p>Warm <b>heart</b></p>'],
    ['before<script src="x.js"></script>after', 'beforeafter'],
    ['<scr<script>ipt>alert(1)</script>', '<scr'],
    ['<img src="x" onerror="alert(1)">', '<img src="x">'],
    ['<svg/onload=alert(1)>', '<svg>'],
    ['<a href="javascript:alert(1)">see</a>', '<a href="alert(1)">see</a>'],
    ['<a href="java\tscript:alert(1)">see</a>', '<a href="alert(1)">see</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a href="avascript:alert(1)">x</a>'],
    ['<iframe src="https://evil.example"></iframe>ok', 'ok'],
  ])('neutralises %s', (input, expected) => {
    expect(sanitiseText(input)).toBe(expected);
  });

  it('leaves ordinary prose and harmless markup alone', () => {
    const text =
      'Your <em>heart line</em> is long; the money on 5 % savings grows. JavaScript developers welcome.';
    expect(sanitiseText(text)).toBe(text);
  });

  it('cleans every string of a reading but keeps coordinates', () => {
    const result = sanitiseReadingResult({
      sections: [
        {
          area: 'love',
          title: 'Love<script>x()</script>',
          subtitle: 's',
          insights: ['<b onclick="x()">one</b>', 'two'],
          content: 'c',
          details: 'd',
          basis: ['Heart line'],
        },
      ],
      visual_markers: [
        {
          id: 'm',
          label: '<img src=x onerror=x()>',
          description: 'd',
          style: 'point',
          coordinates: { x: 10, y: 20 },
        },
      ],
    });
    expect(result.sections[0]?.title).toBe('Love');
    expect(result.sections[0]?.insights[0]).toBe('<b>one</b>');
    expect(result.visual_markers[0]).toMatchObject({ label: '<img src=x>', coordinates: { x: 10, y: 20 } });
  });

  it('keeps only well-formed line traces and cleans the "How we read this" panel and marker links', () => {
    const point = (x: number, y: number) => ({ x, y });
    const result = sanitiseReadingResult({
      sections: [
        {
          area: 'love',
          title: 'Love',
          subtitle: 's',
          insights: [],
          content: 'c',
          details: 'd',
          basis: ['Heart line: long'],
          howWeRead: {
            measured: ['Palm <script>x()</script>1.3 times as long as wide'],
            lines: ['Heart line (Hridaya rekha): seen<img src=x onerror=x()>'],
            terms: [{ tag: 'Heart line: long', vedic: 'Hridaya <b onclick="x()">rekha</b>' }],
          },
        },
      ],
      visual_markers: [
        {
          id: 'line-heart',
          label: 'Heart line',
          description: 'd',
          style: 'line',
          coordinates: { x: 10, y: 20 },
          explains: ['Warm.<script>x()</script>'],
        },
      ],
      line_traces: [
        {
          line: 'heart',
          name: 'Heart <i onmouseover="x()">line</i>',
          points: [point(1, 2), point(30, 4)],
          confidence: 0.8,
        },
        { line: 'head', name: 'Head line', points: [point(1, 2), point(Number.NaN, 4)], confidence: 0.8 },
        { line: 'life', name: 'Life line', points: [point(1, 2), point(130, 4)], confidence: 0.8 },
        { line: 'fate', name: 'Fate line', points: [point(1, 2)], confidence: 0.8 },
      ],
    });
    expect(result.sections[0]?.howWeRead).toEqual({
      measured: ['Palm 1.3 times as long as wide'],
      lines: ['Heart line (Hridaya rekha): seen<img src=x>'],
      terms: [{ tag: 'Heart line: long', vedic: 'Hridaya <b>rekha</b>' }],
    });
    expect(result.visual_markers[0]?.explains).toEqual(['Warm.']);
    expect(result.line_traces).toEqual([
      { line: 'heart', name: 'Heart <i>line</i>', points: [point(1, 2), point(30, 4)], confidence: 0.8 },
    ]);
  });
});
