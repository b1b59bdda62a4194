import { readFileSync } from 'node:fs';
import { createPalmObserver } from './src/observer';
import { PalmReadingEngine } from './src/palm-reading.engine';
import { normalisePalmPhoto } from '@palm/palm-photo';
import { ANSWER_SPREAD } from './test/fixtures/questionnaire-answers';
const observer = await createPalmObserver();
const engine = new PalmReadingEngine(observer);
const files = process.argv.slice(2);
for (const f of files) {
  const image = await normalisePalmPhoto(readFileSync(f));
  const r = await engine.read({ readingId: 'x', image, submission: ANSWER_SPREAD.defaults! });
  console.log('=====', f);
  for (const t of r.themes ?? []) console.log('*', t.title, ':', t.text);
  for (const s of r.sections) {
    console.log('##', s.title);
    console.log(s.insights.map((i) => '- ' + i).join('\n'));
    console.log(s.content);
    console.log(s.details);
  }
}
