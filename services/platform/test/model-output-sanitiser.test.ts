import { describe, expect, it } from 'vitest';
import type { ReadingResult } from '@palm/contracts';
import { sanitiseReadingResult, textSanitisers } from '../src/text/model-output-sanitiser';

const { prose: sanitiseProse, plain: sanitisePlainText } = await textSanitisers();

/** Markup a model could write to reach a reader's browser: each with the text it must leave behind. */
const ATTACKS: [string, string][] = [
  ['<a href="javascript&colon;alert(1)">Open the secret</a>', 'Open the secret'],
  ['<a href="jav&Tab;ascript:alert(1)">Open</a>', 'Open'],
  ['<a href="java\tscript:alert(1)">Open</a>', 'Open'],
  ['<a href=" JaVaScRiPt:alert(1)">Shout</a>', 'Shout'],
  ['<a href="&#106;avascript:alert(1)">x</a>', 'x'],
  ['<a href="&#x6A;&#x61;vascript&#58;alert(1)">x</a>', 'x'],
  ['<a href="https://evil.example">Visit your guide</a>', 'Visit your guide'],
  ['<a href="//evil.example">x</a>', 'x'],
  ['<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', 'x'],
  ['<a href="vbscript:msgbox(1)">x</a>', 'x'],
  ['<img src="/api/reading/aaaaaaaaaaaaaaaaaaaaaa/image">Your palm', 'Your palm'],
  ['<img src=x onerror=alert(1)>', ''],
  ['<img src=x onerror="alert(1)"//', '/'],
  ['<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)>', ''],
  ['<svg><script>alert(1)</script></svg>', ''],
  ['<svg/onload=alert(1)>', ''],
  ['<svg onload="x()"><circle r="1"></circle><text>hi</text></svg>After', 'After'],
  ['<iframe src="https://evil.example"></iframe>ok', 'ok'],
  ['<iframe src="javascript:alert(1)"><img src=x onerror=alert(1)>', ''],
  ['<object data="javascript:alert(1)"></object><embed src="x.swf">', ''],
  ['<form action="javascript:alert(1)"><button>Go</button></form>', 'Go'],
  ['<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', ''],
  ['<base href="https://evil.example/"><link rel="stylesheet" href="https://evil.example/x.css">', ''],
  ['<style>body{background:url(javascript:alert(1))}</style>Calm', 'Calm'],
  ['<span style="background:url(javascript:alert(1))">Calm</span>', 'Calm'],
  ['<div onclick="alert(1)" onmouseover=alert(1)>Warm</div>', 'Warm'],
  ['<scr<script>ipt>alert(1)</script>', 'ipt>alert(1)'],
  ['<<script>script>alert(1)<</script>/script>', '&lt;/script>'],
  ['<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ''],
  ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
  ['<!--<img src=x onerror=alert(1)>-->Still here', 'Still here'],
];

/** What the stored text may contain, however a consumer reads it: nothing but bare allowed tags. */
function expectInert(output: string, allowedTags: string[]): void {
  for (const markup of output.match(/<[A-Za-z!/?][^>]*>?/g) ?? []) {
    expect(markup, output).toMatch(new RegExp(`^</?(${allowedTags.join('|')})( /)?>$`));
  }
}

describe('model text', () => {
  it.each(ATTACKS)('leaves no link, image, script, handler or URL of %s', (input, text) => {
    for (const output of [sanitiseProse(input), sanitisePlainText(input)]) {
      expect(output).toBe(text);
      expectInert(output, ['p', 'br', 'strong', 'em', 'b', 'i', 'ul', 'ol', 'li']);
      expect(output).not.toMatch(/href|src\s*=|on[a-z]+\s*=|style\s*=|javascript|vbscript|data:/i);
      expect(sanitiseProse(output)).toBe(output);
    }
  });

  it.each([
    ['&lt;script&gt;alert(1)&lt;/script&gt;', '&lt;script>alert(1)&lt;/script>'],
    ['&lt;img src=x onerror=alert(1)&gt;', '&lt;img src=x onerror=alert(1)>'],
    ['&#60;a href="javascript:alert(1)"&#62;x', '&lt;a href="javascript:alert(1)">x'],
  ])('keeps entity-encoded markup as text that cannot become a tag: %s', (input, text) => {
    expect(sanitiseProse(input)).toBe(text);
    expect(sanitisePlainText(input)).toBe(text);
    expectInert(text, []);
  });

  it('keeps emphasis, paragraphs and lists in prose, without any attribute', () => {
    expect(
      sanitiseProse(
        '<p class="x" id="y">Your <strong onclick="x()">heart</strong> line is <em>long</em>.<br>' +
          '<ul><li title="t">Warm</li><li><b>Loyal</b> and <i>kind</i></li></ul><ol><li>One</li></ol>',
      ),
    ).toBe(
      '<p>Your <strong>heart</strong> line is <em>long</em>.<br /></p>' +
        '<ul><li>Warm</li><li><b>Loyal</b> and <i>kind</i></li></ul><ol><li>One</li></ol>',
    );
  });

  it('keeps no markup at all in titles, labels and tags', () => {
    expect(sanitisePlainText('<strong>Love</strong> &amp; <em>Relationships</em>')).toBe(
      'Love & Relationships',
    );
  });

  it.each([
    'Love & Relationships',
    'less than < more, and 3 > 2; a <= b',
    'The “Hṛdaya Rekhā” (हृदय रेखा) — the heart line\'s "quiet" strength',
    'R&D, AT&T & Co: 5 % of savings; Guru parvat = Jupiter mount',
    'Two lines\n\nof prose',
  ])('gives a palmist’s prose back as written: %s', (prose) => {
    expect(sanitiseProse(prose)).toBe(prose);
    expect(sanitisePlainText(prose)).toBe(prose);
  });

  it('keeps a character reference a palmist meant literally as one', () => {
    expect(sanitiseProse('Write &amp;lt; for <')).toBe('Write &amp;lt; for &lt;');
  });
});

describe('sanitiseReadingResult', () => {
  const point = (x: number, y: number) => ({ x, y });
  const hostile: ReadingResult = {
    sections: [
      {
        area: 'love<img src=x onerror=x()>',
        title: 'Love & Relationships<script>x()</script>',
        subtitle: '<a href="jav&Tab;ascript:x()">Hṛdaya Rekhā</a>',
        insights: ['<b onclick="x()">one</b>', 'two'],
        content: '<p>Warm <em>heart</em></p><img src="/api/reading/x/image">',
        details: '<a href="https://evil.example">More</a>',
        basis: ['<i>Heart line</i>: long'],
        howWeRead: {
          measured: ['Palm <script>x()</script>1.3 times as long as wide'],
          lines: ['Heart line (Hridaya rekha): seen<img src=x onerror=x()>'],
          terms: [{ tag: 'Heart line: long', vedic: 'Hridaya <b onclick="x()">rekha</b>' }],
        },
      },
    ],
    visual_markers: [
      {
        id: 'line-heart"><script>',
        label: '<img src=x onerror=x()>Heart line',
        description: '<a href="javascript&colon;x()">d</a>',
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
  };

  it('cleans every string of a reading by how it is shown, and keeps only well-formed traces', async () => {
    expect(await sanitiseReadingResult(hostile)).toEqual({
      sections: [
        {
          area: 'love',
          title: 'Love & Relationships',
          subtitle: 'Hṛdaya Rekhā',
          insights: ['<b>one</b>', 'two'],
          content: '<p>Warm <em>heart</em></p>',
          details: 'More',
          basis: ['Heart line: long'],
          howWeRead: {
            measured: ['Palm 1.3 times as long as wide'],
            lines: ['Heart line (Hridaya rekha): seen'],
            terms: [{ tag: 'Heart line: long', vedic: 'Hridaya rekha' }],
          },
        },
      ],
      visual_markers: [
        {
          id: 'line-heart">',
          label: 'Heart line',
          description: 'd',
          style: 'line',
          coordinates: { x: 10, y: 20 },
          explains: ['Warm.'],
        },
      ],
      line_traces: [
        { line: 'heart', name: 'Heart line', points: [point(1, 2), point(30, 4)], confidence: 0.8 },
      ],
    });
  });

  it('cleans the themes a reading opens with like its sections', async () => {
    const themed: ReadingResult = {
      ...hostile,
      themes: [
        {
          title: 'A steady rhythm<script>x()</script>',
          text: '<em>Your</em> square palm<img src=x onerror=x()> speaks of constancy.',
          features: ['your square palm<b>'],
        },
      ],
    };
    const [theme] = (await sanitiseReadingResult(themed)).themes ?? [];
    expect(theme).toEqual({
      title: 'A steady rhythm',
      text: '<em>Your</em> square palm speaks of constancy.',
      features: ['your square palm'],
    });
  });

  it("keeps and cleans the palm-only version's own themes, which a shared link shows", async () => {
    const shared: ReadingResult = {
      ...hostile,
      shared: {
        sections: hostile.sections,
        themes: [{ title: 'An open door<b>', text: 'Your <em>wide</em> thumb<img src=x>.', features: ['a'] }],
        visual_markers: [],
      },
    };
    expect((await sanitiseReadingResult(shared)).shared?.themes).toEqual([
      { title: 'An open door', text: 'Your <em>wide</em> thumb.', features: ['a'] },
    ]);
  });

  it('gives the same reading back when run again, as every read of a stored row does', async () => {
    const once = await sanitiseReadingResult(hostile);
    expect(await sanitiseReadingResult(once)).toEqual(once);
  });
});
