import type { ActiveFlow, Question } from '@palm/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { palmPhotos } from '../support/palm-photos';
import { DESKTOP, isFocused, openVisitorPage, tabTo, visible } from './support/browser';
import { markersLaidOut } from './support/markers';
import { useProductAndBrowser } from './support/product';
import { completeButton, fetchActiveFlow, nextButton, previousButton, stepLabel } from './support/wizard';

const e2e = useProductAndBrowser();
let flow: ActiveFlow;

beforeAll(async () => {
  flow = await fetchActiveFlow(e2e.product.url);
});

/** The values of the radios or checkboxes now checked. */
const checked = async (page: Page, role: 'radio' | 'checkbox') =>
  Promise.all(
    (await page.getByRole(role, { checked: true }).all()).map(
      async (input) => (await input.getAttribute('value')) ?? '',
    ),
  );

/** Answers one question with Tab, Space, arrow keys and typing only; returns the answer given. */
async function answerWithKeyboard(page: Page, question: Question): Promise<string | string[]> {
  const options = question.options ?? [];
  switch (question.type) {
    case 'gender_question':
    case 'single_choice': {
      // Tab enters the group on its first radio; an arrow key moves on and selects.
      await tabTo(page, page.getByRole('radio').first());
      await page.keyboard.press('ArrowDown');
      const answer = await checked(page, 'radio');
      expect(answer).toEqual([options[1] ?? 'Female']);
      return answer[0]!;
    }
    case 'multiple_choice': {
      await tabTo(page, page.getByRole('checkbox').first());
      await page.keyboard.press('Space');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      const answer = await checked(page, 'checkbox');
      expect(answer).toEqual(options.slice(0, 2));
      return answer;
    }
    case 'text_entry':
      await tabTo(page, page.getByRole('textbox'));
      await page.keyboard.type('Typed without a mouse.');
      return 'Typed without a mouse.';
    case 'hand_image_upload': {
      // Playwright only intercepts the file dialog once someone waits for it, and switching that on
      // takes a round trip to the browser: wait before the key press, or it can open unseen.
      const chooserOpened = page.waitForEvent('filechooser');
      await tabTo(page, page.getByRole('button', { name: 'Choose File' }));
      // Enter on "Choose File" opens the system file dialog; the test answers it with a palm photo.
      await page.keyboard.press('Enter');
      const chooser = await chooserOpened;
      await chooser.setFiles(palmPhotos()[4]!);
      await visible(page.getByRole('img', { name: /^Preview of your (left|right) palm photo$/ }));
      return 'photo';
    }
  }
}

describe('a keyboard-only visitor', () => {
  it('completes the wizard with Tab, Space, Enter and the arrow keys, and reads the markers on focus', async () => {
    const visitor = await openVisitorPage(e2e.browser, e2e.product.url, DESKTOP);
    const { page } = visitor;
    const total = flow.questions.length;
    try {
      await page.goto('/');
      await tabTo(page, page.getByRole('link', { name: 'Get Started' }).first());
      await page.keyboard.press('Enter');
      await page.waitForURL('**/scan');

      for (const [index, question] of flow.questions.entries()) {
        await visible(stepLabel(page, index, total));
        const isLast = index === total - 1;
        const proceed = isLast ? completeButton(page) : nextButton(page);
        expect(await proceed.isDisabled(), `${question.type}: proceeds before an answer`).toBe(true);
        if (index === 0) expect(await previousButton(page).isDisabled()).toBe(true);
        const answer = await answerWithKeyboard(page, question);
        if (question.type === 'hand_image_upload') {
          // The first question asked for a gender; Female is asked for the left hand.
          await visible(page.getByText('left hand', { exact: true }));
        }
        expect(answer).toBeTruthy();
        await tabTo(page, proceed);
        await page.keyboard.press('Enter');
      }

      await page.waitForURL('**/report/*', { timeout: 60_000 });
      await visible(page.getByText('Reading Complete'));
      // The server's render shows the markers before the app takes the page over: a marker
      // focused before then never tells the app, so wait until the app has laid them out.
      await markersLaidOut(page);
      const marker = page.getByRole('figure').getByRole('button').first();
      await tabTo(page, marker);
      expect(await isFocused(marker)).toBe(true);
      await visible(marker.getByRole('tooltip'));
      expect(visitor.pageErrors).toEqual([]);
    } finally {
      await visitor.close();
    }
  });
});
