import type { ActiveFlow, Question } from '@palm/contracts';
import type { Page } from 'playwright-core';
import { PHOTO_WORK_TIMEOUT, visible } from './browser';

/** A photo as `setInputFiles` takes it: a path on disk or bytes with a declared type. */
export type PhotoFile = string | { name: string; mimeType: string; buffer: Buffer };

export interface VisitorAnswers {
  gender: 'Male' | 'Female';
  palm: PhotoFile;
  /** The label picked on a multiple-choice question when it offers it. */
  focus: string;
  note: string;
}

export const DEFAULT_ANSWERS: Omit<VisitorAnswers, 'palm'> = {
  gender: 'Male',
  focus: 'Career',
  note: 'Will my new venture flourish?',
};

export async function fetchActiveFlow(baseUrl: string): Promise<ActiveFlow> {
  const response = await fetch(`${baseUrl}/api/flows/active`);
  if (!response.ok) throw new Error(`GET /api/flows/active answered ${response.status}`);
  const flow = (await response.json()) as ActiveFlow;
  return { ...flow, questions: [...flow.questions].sort((a, b) => a.sequence - b.sequence) };
}

export const stepLabel = (page: Page, index: number, total: number) =>
  page.getByText(`Question ${index + 1} of ${total}`, { exact: true });

export const nextButton = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });
export const completeButton = (page: Page) => page.getByRole('button', { name: 'Complete', exact: true });
export const previousButton = (page: Page) => page.getByRole('button', { name: 'Previous', exact: true });
export const palmFileInput = (page: Page) => page.getByLabel('Choose a palm photo file');

/** Clicks the visible label of a radio or checkbox, the way a visitor picks a choice. */
export function choose(page: Page, role: 'radio' | 'checkbox', name: string) {
  return page
    .locator('label')
    .filter({ has: page.getByRole(role, { name, exact: true }) })
    .click();
}

export async function pickPalm(page: Page, photo: PhotoFile): Promise<void> {
  await palmFileInput(page).setInputFiles(photo);
}

const palmPreview = (page: Page) =>
  page.getByRole('img', { name: /^Preview of your (left|right) palm photo$/ });

/**
 * Picks a palm photo and waits, as a visitor would, until its preview shows and the page's own check
 * of it has finished. The preview and the "Checking" line come in one render, so the check's end
 * can be waited for once the preview is there.
 */
export async function pickPalmAndAwaitCheck(page: Page, photo: PhotoFile): Promise<void> {
  await pickPalm(page, photo);
  await visible(palmPreview(page), PHOTO_WORK_TIMEOUT);
  await page.getByText('Checking your photo…').waitFor({ state: 'hidden', timeout: PHOTO_WORK_TIMEOUT });
}

async function answer(page: Page, question: Question, answers: VisitorAnswers): Promise<void> {
  const options = question.options ?? [];
  switch (question.type) {
    case 'gender_question':
      return choose(page, 'radio', answers.gender);
    case 'single_choice':
      return choose(page, 'radio', options[0]!);
    case 'multiple_choice':
      return choose(page, 'checkbox', options.includes(answers.focus) ? answers.focus : options[0]!);
    case 'text_entry':
      return page.getByRole('textbox').fill(answers.note);
    case 'hand_image_upload':
      await pickPalm(page, answers.palm);
      await visible(palmPreview(page), PHOTO_WORK_TIMEOUT);
  }
}

/**
 * Answers questions `from`..`to` (inclusive) of the flow with the mouse, pressing Next after each
 * and Complete after the last question of the flow.
 */
export async function answerQuestions(
  page: Page,
  flow: ActiveFlow,
  answers: VisitorAnswers,
  range: { from?: number; to?: number } = {},
): Promise<void> {
  const { questions } = flow;
  const last = range.to ?? questions.length - 1;
  for (let index = range.from ?? 0; index <= last; index++) {
    const question = questions[index]!;
    await visible(stepLabel(page, index, questions.length));
    await answer(page, question, answers);
    const isLast = index === questions.length - 1;
    await (isLast ? completeButton(page) : nextButton(page)).click();
  }
}

export const photoStepIndex = (flow: ActiveFlow) =>
  flow.questions.findIndex((question) => question.type === 'hand_image_upload');

/** Opens /scan and answers every question before the palm photo, leaving the visitor on the photo step. */
export async function reachPhotoStep(page: Page, flow: ActiveFlow, answers: VisitorAnswers): Promise<number> {
  await page.goto('/scan');
  await visible(page.getByRole('heading', { name: 'Begin Your Reading' }));
  const photoStep = photoStepIndex(flow);
  if (photoStep > 0) await answerQuestions(page, flow, answers, { to: photoStep - 1 });
  await visible(stepLabel(page, photoStep, flow.questions.length));
  return photoStep;
}
