import type { ActiveFlow } from '@palm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { palmPhotos } from '../support/palm-photos';
import { openVisitorPage, PHONE, PHOTO_WORK_TIMEOUT, visible } from './support/browser';
import { useProductAndBrowser } from './support/product';
import {
  answerQuestions,
  DEFAULT_ANSWERS,
  fetchActiveFlow,
  pickPalm,
  reachPhotoStep,
  stepLabel,
} from './support/wizard';

const e2e = useProductAndBrowser();
let flow: ActiveFlow;

beforeAll(async () => {
  flow = await fetchActiveFlow(e2e.product.url);
});

const palm = palmPhotos().find((file) => file.includes('pos_19_'))!;
const answers = { ...DEFAULT_ANSWERS, palm };

describe('the wizard keeps its place', () => {
  it('steps back with the browser, restores a half-finished wizard and its photo after a reload, and forgets it once the reading is made', async () => {
    const visitor = await openVisitorPage(e2e.browser, e2e.product.url, PHONE);
    const { page } = visitor;
    try {
      const photoStep = await reachPhotoStep(page, flow, answers);
      await pickPalm(page, palm);
      await visible(page.getByRole('img', { name: 'Preview of your right palm photo' }), PHOTO_WORK_TIMEOUT);

      // The browser's Back steps to the previous question, Forward returns.
      await page.goBack();
      await visible(stepLabel(page, photoStep - 1, flow.questions.length));
      await page.goForward();
      await visible(stepLabel(page, photoStep, flow.questions.length));

      await page.reload();
      await visible(stepLabel(page, photoStep, flow.questions.length));
      await visible(page.getByRole('img', { name: 'Preview of your right palm photo' }));
      // The earlier answers came back too: the photo step asks for the hand the gender answer chose.
      await visible(page.getByText('right hand', { exact: true }));

      await page
        .getByRole('button', {
          name: photoStep === flow.questions.length - 1 ? 'Complete' : 'Next',
          exact: true,
        })
        .click();
      if (photoStep < flow.questions.length - 1)
        await answerQuestions(page, flow, answers, { from: photoStep + 1 });
      await page.waitForURL(/\/report\//, { timeout: 90_000 });

      await page.goto('/scan');
      await visible(stepLabel(page, 0, flow.questions.length));
      expect(visitor.pageErrors).toEqual([]);
      expect(visitor.foreignRequests).toEqual([]);
    } finally {
      await visitor.close();
    }
  });
});
