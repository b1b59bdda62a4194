import type { AdminFlow, Question } from '@palm/contracts';

/** Spec §9: the detail screen's traffic choices; 100 is the default. */
export const TRAFFIC_CHOICES = [
  { percentage: 33, label: 'A/B Testing' },
  { percentage: 50, label: 'Split Testing' },
  { percentage: 100, label: 'Full Traffic' },
] as const;
export const DEFAULT_TRAFFIC_PERCENTAGE = 100;
export const TRAFFIC_TARGET_TOTAL = 100;

export const GO_LIVE_REFUSED = 'Cannot make flow live: At least one hand image upload question is required';

/** Spec §2: the id is read as a whole number, and 0 means none. */
export function parseFlowId(raw: string | undefined): number {
  const id = Number.parseInt(raw ?? '', 10);
  return Number.isFinite(id) && id > 0 ? id : 0;
}

export function liveTrafficTotal(flows: readonly AdminFlow[]): number {
  return flows.filter((flow) => flow.isLive).reduce((sum, flow) => sum + flow.trafficPercentage, 0);
}

export const hasHandUpload = (questions: readonly Question[]) =>
  questions.some((question) => question.type === 'hand_image_upload');

export const hasGenderQuestion = (questions: readonly Question[]) =>
  questions.some((question) => question.type === 'gender_question');

export function formatRate(rate: number): string {
  return new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

export function formatQuestionCount(count: number): string {
  return `${count} ${count === 1 ? 'question' : 'questions'}`;
}

/** The list in its new order with sequences renumbered from 1 (spec §4). */
export function renumber(questions: readonly Question[]): Question[] {
  return questions.map((question, index) => ({ ...question, sequence: index + 1 }));
}
