import { describe, expect, it } from 'vitest';
import { sanitiseReadingResult, sanitiseText } from '../src/engine/output-sanitiser';

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
});
