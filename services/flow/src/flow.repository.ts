import type { Knex } from 'knex';
import type { Question, QuestionType, SubmissionBinding } from '@palm/contracts';

export interface FlowRecord {
  id: number;
  name: string;
  description: string | null;
  version: number;
  isLive: boolean;
  trafficPercentage: number;
  createdAt: string;
}

export interface QuestionRecord extends Question {
  flowId: number;
  /** Set on the hand upload that came with a gender question: the gender question's id. */
  pairedQuestionId: number | null;
}

export interface QuestionFields {
  type: QuestionType;
  questionText: string;
  options: string[] | null;
  binding: SubmissionBinding | null;
}

interface FlowRow {
  id: number;
  name: string;
  description: string | null;
  version: number;
  is_live: boolean;
  traffic_percentage: number | string;
  created_at: Date | string;
}

interface QuestionRow {
  id: number;
  flow_id: number;
  type: QuestionType;
  question_text: string;
  options: string[] | null;
  sequence: number;
  binding: SubmissionBinding | null;
  paired_question_id: number | null;
}

const toFlow = (row: FlowRow): FlowRecord => ({
  id: row.id,
  name: row.name,
  description: row.description,
  version: row.version,
  isLive: row.is_live,
  trafficPercentage: Number(row.traffic_percentage),
  createdAt: new Date(row.created_at).toISOString(),
});

const toQuestion = (row: QuestionRow): QuestionRecord => ({
  id: row.id,
  flowId: row.flow_id,
  type: row.type,
  questionText: row.question_text,
  options: row.options,
  sequence: row.sequence,
  binding: row.binding,
  pairedQuestionId: row.paired_question_id,
});

/** The public shape of a question: what the wizard and the editor see. */
export const publicQuestion = ({
  id,
  type,
  questionText,
  options,
  sequence,
  binding,
}: QuestionRecord): Question => ({
  id,
  type,
  questionText,
  options,
  sequence,
  binding,
});

const questionColumns = (fields: QuestionFields) => ({
  type: fields.type,
  question_text: fields.questionText,
  // knex would send a JS array as a Postgres array; jsonb needs the JSON text.
  options: fields.options ? JSON.stringify(fields.options) : null,
  binding: fields.binding,
});

/**
 * Flows and their questions. Pass a transaction as `db` to make several calls one unit; with
 * PGlite, never mix the outer `db` into a transaction's work (it has a single connection).
 */
export function createFlowRepository(db: Knex) {
  return {
    async listFlows(): Promise<FlowRecord[]> {
      const rows = await db('flows').select<FlowRow[]>('*').orderBy('id');
      return rows.map(toFlow);
    },

    async listLiveFlows(): Promise<FlowRecord[]> {
      const rows = await db('flows').select<FlowRow[]>('*').where({ is_live: true }).orderBy('id');
      return rows.map(toFlow);
    },

    async findFlow(id: number, options: { forUpdate?: boolean } = {}): Promise<FlowRecord | undefined> {
      const query = db('flows').select('*').where({ id }).first<FlowRow | undefined>();
      const row = await (options.forUpdate ? query.forUpdate() : query);
      return row && toFlow(row);
    },

    async insertFlow(fields: { name: string; description: string | null }): Promise<FlowRecord> {
      const [row] = await db('flows').insert(fields).returning<FlowRow[]>('*');
      if (!row) throw new Error('flow insert returned no row');
      return toFlow(row);
    },

    async deleteFlow(id: number): Promise<void> {
      await db('flows').where({ id }).delete();
    },

    async setLive(id: number, isLive: boolean, trafficPercentage: number): Promise<void> {
      await db('flows').where({ id }).update({ is_live: isLive, traffic_percentage: trafficPercentage });
    },

    /** Every change to a flow or its questions makes a new version (analytics are kept per version). */
    async bumpVersion(id: number): Promise<void> {
      await db('flows')
        .where({ id })
        .update({ version: db.raw('version + 1'), updated_at: db.fn.now() });
    },

    async listQuestions(flowId: number): Promise<QuestionRecord[]> {
      const rows = await db('questions')
        .select<QuestionRow[]>('*')
        .where({ flow_id: flowId })
        .orderBy(['sequence', 'id']);
      return rows.map(toQuestion);
    },

    async questionsByFlow(flowIds: number[]): Promise<Map<number, QuestionRecord[]>> {
      const byFlow = new Map<number, QuestionRecord[]>(flowIds.map((id) => [id, []]));
      if (flowIds.length === 0) return byFlow;
      const rows = await db('questions')
        .select<QuestionRow[]>('*')
        .whereIn('flow_id', flowIds)
        .orderBy(['flow_id', 'sequence', 'id']);
      for (const row of rows) byFlow.get(row.flow_id)?.push(toQuestion(row));
      return byFlow;
    },

    async findQuestion(id: number): Promise<QuestionRecord | undefined> {
      const row = await db('questions').select('*').where({ id }).first<QuestionRow | undefined>();
      return row && toQuestion(row);
    },

    async insertQuestion(
      flowId: number,
      fields: QuestionFields,
      sequence: number,
      pairedQuestionId: number | null = null,
    ): Promise<QuestionRecord> {
      const [row] = await db('questions')
        .insert({
          flow_id: flowId,
          ...questionColumns(fields),
          sequence,
          paired_question_id: pairedQuestionId,
        })
        .returning<QuestionRow[]>('*');
      if (!row) throw new Error('question insert returned no row');
      return toQuestion(row);
    },

    async updateQuestion(id: number, fields: QuestionFields, pairedQuestionId: number | null): Promise<void> {
      await db('questions')
        .where({ id })
        .update({ ...questionColumns(fields), paired_question_id: pairedQuestionId });
    },

    /** Deletes the question; its paired hand upload, if any, goes with it (foreign-key cascade). */
    async deleteQuestion(id: number): Promise<void> {
      await db('questions').where({ id }).delete();
    },

    async deleteQuestionsPairedWith(id: number): Promise<void> {
      await db('questions').where({ paired_question_id: id }).delete();
    },

    /** Makes room at `sequence` by moving that question and every later one down by one. */
    async shiftSequencesFrom(flowId: number, sequence: number): Promise<void> {
      await db('questions')
        .where({ flow_id: flowId })
        .andWhere('sequence', '>=', sequence)
        .update({ sequence: db.raw('sequence + 1') });
    },

    /** Numbers the questions 1, 2, 3… in their current order, closing gaps left by deletes. */
    async renumber(flowId: number): Promise<void> {
      await db.raw(
        `update questions set sequence = ordered.position
           from (select id, row_number() over (order by sequence, id) as position
                   from questions where flow_id = ?) as ordered
          where questions.id = ordered.id`,
        [flowId],
      );
    },

    async setSequence(questionId: number, sequence: number): Promise<void> {
      await db('questions').where({ id: questionId }).update({ sequence });
    },
  };
}

export type FlowRepository = ReturnType<typeof createFlowRepository>;
