import type { Knex } from 'knex';
import type {
  AdminFlow,
  AdminFlowDetail,
  CreateFlowInput,
  Question,
  QuestionInput,
  ReorderQuestionsInput,
  ToggleLiveInput,
} from '@palm/contracts';
import { badRequest, conflict, notFound } from '@palm/platform';
import { HAND_UPLOAD_QUESTION_TEXT } from './default-flow';
import { createFlowAnalyticsRepository, totalAnalytics } from './flow-analytics.repository';
import {
  createFlowRepository,
  publicQuestion,
  type FlowRecord,
  type FlowRepository,
  type QuestionFields,
  type QuestionRecord,
} from './flow.repository';

export const MAX_QUESTIONS_PER_FLOW = 50;
export const FLOW_NOT_FOUND = 'The requested flow could not be found.';
export const QUESTION_NOT_FOUND = 'The requested question could not be found.';
export const GO_LIVE_NEEDS_HAND_UPLOAD =
  'Cannot make flow live: At least one hand image upload question is required';

const HAND_UPLOAD_FIELDS: QuestionFields = {
  type: 'hand_image_upload',
  questionText: HAND_UPLOAD_QUESTION_TEXT,
  options: null,
  binding: null,
};

const hasHandUpload = (questions: QuestionRecord[]) => questions.some((q) => q.type === 'hand_image_upload');

/**
 * Every operator change to flows and questions, with spec §5's rules enforced here rather than
 * trusted from the web app. Each change runs in one transaction that locks the flow row, so two
 * editors cannot interleave sequence numbers, and bumps the flow's version.
 */
export function createFlowEditor(db: Knex) {
  async function describe(trx: Knex, flows: FlowRecord[]): Promise<AdminFlowDetail[]> {
    const ids = flows.map((flow) => flow.id);
    const questions = await createFlowRepository(trx).questionsByFlow(ids);
    const analyticsRepository = createFlowAnalyticsRepository(trx);
    const analytics = await analyticsRepository.byFlow(ids);
    const visitors = await analyticsRepository.servedVisitors(ids);
    return flows.map((flow) => {
      const byVersion = analytics.get(flow.id) ?? [];
      return {
        ...flow,
        questions: (questions.get(flow.id) ?? []).map(publicQuestion),
        analytics: totalAnalytics(byVersion, visitors.get(flow.id) ?? 0),
        analyticsByVersion: byVersion,
      };
    });
  }

  async function detail(trx: Knex, flowId: number): Promise<AdminFlowDetail> {
    const flow = await createFlowRepository(trx).findFlow(flowId);
    if (!flow) throw notFound(FLOW_NOT_FOUND);
    const [described] = await describe(trx, [flow]);
    if (!described) throw notFound(FLOW_NOT_FOUND);
    return described;
  }

  /** Runs `change` on the locked flow, then bumps its version. */
  function changeFlow<T>(
    flowId: number,
    change: (repository: FlowRepository, flow: FlowRecord, trx: Knex.Transaction) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async (trx) => {
      const repository = createFlowRepository(trx);
      const flow = await repository.findFlow(flowId, { forUpdate: true });
      if (!flow) throw notFound(FLOW_NOT_FOUND);
      const result = await change(repository, flow, trx);
      await repository.bumpVersion(flowId);
      return result;
    });
  }

  function changeQuestion<T>(
    questionId: number,
    change: (repository: FlowRepository, question: QuestionRecord, flow: FlowRecord) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async (trx) => {
      const repository = createFlowRepository(trx);
      const question = await repository.findQuestion(questionId);
      if (!question) throw notFound(QUESTION_NOT_FOUND);
      const flow = await repository.findFlow(question.flowId, { forUpdate: true });
      if (!flow) throw notFound(QUESTION_NOT_FOUND);
      const result = await change(repository, question, flow);
      await repository.bumpVersion(flow.id);
      return result;
    });
  }

  /** Keeps a live flow servable: it must keep a hand upload question while it is live. */
  async function assertStillServable(repository: FlowRepository, flow: FlowRecord): Promise<void> {
    if (!flow.isLive) return;
    if (hasHandUpload(await repository.listQuestions(flow.id))) return;
    throw conflict(
      'A live flow must keep at least one hand image upload question. Disable the flow before removing it.',
    );
  }

  function assertFitsFlow(fields: QuestionFields, others: QuestionRecord[]): void {
    if (fields.type === 'gender_question' && others.some((q) => q.type === 'gender_question')) {
      throw badRequest('This flow already has a gender question.');
    }
    if (fields.binding && others.some((q) => q.binding === fields.binding)) {
      throw badRequest(`Another question of this flow already provides ${fields.binding}.`);
    }
  }

  const getFlow = (flowId: number): Promise<AdminFlowDetail> => db.transaction((trx) => detail(trx, flowId));

  return {
    getFlow,

    async listFlows(): Promise<AdminFlow[]> {
      return db.transaction(async (trx) => describe(trx, await createFlowRepository(trx).listFlows()));
    },

    createFlow(input: CreateFlowInput): Promise<AdminFlowDetail> {
      return db.transaction(async (trx) => {
        const flow = await createFlowRepository(trx).insertFlow(input);
        return detail(trx, flow.id);
      });
    },

    async deleteFlow(flowId: number): Promise<void> {
      await db.transaction(async (trx) => {
        const repository = createFlowRepository(trx);
        const flow = await repository.findFlow(flowId, { forUpdate: true });
        if (!flow) throw notFound(FLOW_NOT_FOUND);
        if (flow.isLive) throw conflict('A live flow cannot be deleted. Disable it first.');
        await repository.deleteFlow(flowId);
      });
    },

    async toggleLive(flowId: number, input: ToggleLiveInput): Promise<AdminFlowDetail> {
      await changeFlow(flowId, async (repository) => {
        if (input.isLive && !hasHandUpload(await repository.listQuestions(flowId))) {
          throw badRequest(GO_LIVE_NEEDS_HAND_UPLOAD);
        }
        await repository.setLive(flowId, input.isLive, input.trafficPercentage);
      });
      return getFlow(flowId);
    },

    /** A new question goes last (count + 1); a gender question brings its hand upload right after it. */
    addQuestion(flowId: number, fields: QuestionInput): Promise<Question> {
      return changeFlow(flowId, async (repository) => {
        const questions = await repository.listQuestions(flowId);
        const added = fields.type === 'gender_question' ? 2 : 1;
        if (questions.length + added > MAX_QUESTIONS_PER_FLOW) {
          throw badRequest(`A flow can have at most ${MAX_QUESTIONS_PER_FLOW} questions.`);
        }
        assertFitsFlow(fields, questions);
        const question = await repository.insertQuestion(flowId, fields, questions.length + 1);
        if (question.type === 'gender_question') {
          await repository.insertQuestion(flowId, HAND_UPLOAD_FIELDS, questions.length + 2, question.id);
        }
        return publicQuestion(question);
      });
    },

    /** An edit keeps its sequence; changing to or from a gender question adds or removes its hand upload. */
    updateQuestion(questionId: number, fields: QuestionInput): Promise<Question> {
      return changeQuestion(questionId, async (repository, question, flow) => {
        const others = (await repository.listQuestions(flow.id)).filter((q) => q.id !== questionId);
        assertFitsFlow(fields, others);
        const stillPaired = fields.type === 'hand_image_upload' ? question.pairedQuestionId : null;
        await repository.updateQuestion(questionId, fields, stillPaired);
        const becameGender = fields.type === 'gender_question' && question.type !== 'gender_question';
        const leftGender = question.type === 'gender_question' && fields.type !== 'gender_question';
        if (becameGender) {
          if (others.length + 2 > MAX_QUESTIONS_PER_FLOW) {
            throw badRequest(`A flow can have at most ${MAX_QUESTIONS_PER_FLOW} questions.`);
          }
          await repository.shiftSequencesFrom(flow.id, question.sequence + 1);
          await repository.insertQuestion(flow.id, HAND_UPLOAD_FIELDS, question.sequence + 1, questionId);
        }
        if (leftGender) {
          await repository.deleteQuestionsPairedWith(questionId);
          await repository.renumber(flow.id);
        }
        await assertStillServable(repository, flow);
        const updated = await repository.findQuestion(questionId);
        if (!updated) throw notFound(QUESTION_NOT_FOUND);
        return publicQuestion(updated);
      });
    },

    async deleteQuestion(questionId: number): Promise<void> {
      await changeQuestion(questionId, async (repository, _question, flow) => {
        await repository.deleteQuestion(questionId);
        await repository.renumber(flow.id);
        await assertStillServable(repository, flow);
      });
    },

    /** Takes the full list in its new order and numbers it from 1, whatever sequences were sent. */
    reorderQuestions(flowId: number, input: ReorderQuestionsInput): Promise<Question[]> {
      return changeFlow(flowId, async (repository) => {
        const questions = await repository.listQuestions(flowId);
        const sent = input.questionSequences;
        const sentIds = new Set(sent.map((entry) => entry.id));
        const complete =
          sentIds.size === sent.length &&
          sent.length === questions.length &&
          questions.every((question) => sentIds.has(question.id));
        if (!complete) {
          throw badRequest('The new order must list every question of this flow exactly once.');
        }
        const ordered = sent
          .map((entry, index) => ({ ...entry, index }))
          .sort((a, b) => a.sequence - b.sequence || a.index - b.index);
        for (const [position, entry] of ordered.entries())
          await repository.setSequence(entry.id, position + 1);
        return (await repository.listQuestions(flowId)).map(publicQuestion);
      });
    },
  };
}

export type FlowEditor = ReturnType<typeof createFlowEditor>;
