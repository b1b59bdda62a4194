import type { AdminFlowDetail, Question } from '@palm/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { useToastedMutation } from '@/hooks/use-toasted-mutation';
import { ApiError, isNotFound } from '@/lib/api-client';
import {
  ADMIN_FLOWS_PATH,
  deleteQuestion,
  getFlowQueryOptions,
  reorderQuestions,
  toggleFlowLive,
  type ToggleLiveRequest,
} from '../api/admin-flows.api';
import { formatRate, GO_LIVE_REFUSED, hasGenderQuestion, hasHandUpload } from '../lib/flow-rules';
import { FlowStatusBadge } from './flow-status-badge';
import { QuestionDialog } from './question-dialog';
import { QuestionList } from './question-list';
import { TrafficDialog } from './traffic-dialog';
import './flow-detail.css';

export const DELETE_QUESTION_TEXT =
  'Are you sure you want to delete this question? This action cannot be undone.';

/** Spec §8: "Failed to fetch flow: {status} {body}", or the generic sentence. */
export function flowLoadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    return `Failed to fetch flow: ${error.status} ${error.problem?.detail ?? error.bodyText}`.trim();
  }
  return 'Failed to load flow details';
}

function FlowNotFound() {
  return (
    <Card className="admin-state">
      <h1>Flow Not Found</h1>
      <p>The requested flow could not be found.</p>
      <ButtonLink to="/admin/flows" variant="secondary">
        Back to Flows
      </ButtonLink>
    </Card>
  );
}

type QuestionDialogState = { open: false } | { open: true; question: Question | null };

function FlowEditor({ flow }: { flow: AdminFlowDetail }) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const flowKey = getFlowQueryOptions(flow.id).queryKey;
  const [questionDialog, setQuestionDialog] = useState<QuestionDialogState>({ open: false });
  const [questionToDelete, setQuestionToDelete] = useState<Question | null>(null);
  const [trafficDialogOpen, setTrafficDialogOpen] = useState(false);
  const refetchFlows = () => queryClient.invalidateQueries({ queryKey: [ADMIN_FLOWS_PATH] });

  const toggle = useToastedMutation({
    success: 'Flow status updated successfully',
    failure: 'Failed to toggle flow status',
    mutationFn: (request: ToggleLiveRequest) => toggleFlowLive(flow.id, request),
    onSuccess: (updated) => {
      queryClient.setQueryData(flowKey, updated);
      void refetchFlows();
      setTrafficDialogOpen(false);
    },
  });

  const reorder = useToastedMutation({
    success: 'Questions reordered successfully',
    failure: 'Failed to reorder questions',
    failureHint: 'The previous order was kept.',
    mutationFn: (reordered: Question[]) =>
      reorderQuestions(
        flow.id,
        reordered.map(({ id, sequence }) => ({ id, sequence })),
      ),
    onMutate: (reordered) => {
      // The new order shows at once; the server's answer (or a refetch on failure) settles it.
      queryClient.setQueryData(flowKey, (current) =>
        current ? { ...current, questions: reordered } : current,
      );
    },
    onSuccess: ({ questions }) => {
      queryClient.setQueryData(flowKey, (current) => (current ? { ...current, questions } : current));
    },
    onSettled: () => void refetchFlows(),
  });

  const removeQuestion = useToastedMutation({
    success: 'Question deleted successfully',
    failure: 'Failed to delete question',
    mutationFn: (question: Question) => deleteQuestion(question.id),
    onSuccess: () => void refetchFlows(),
    onSettled: () => setQuestionToDelete(null),
  });

  const goLive = () => {
    if (!hasHandUpload(flow.questions)) {
      toast({ title: GO_LIVE_REFUSED, variant: 'destructive' });
      return;
    }
    setTrafficDialogOpen(true);
  };

  const questions = [...flow.questions].sort((a, b) => a.sequence - b.sequence);

  return (
    <>
      <div className="admin-heading flow-detail__heading">
        <div>
          <p className="eyebrow">Flow #{flow.id}</p>
          <div className="flow-detail__title-row">
            <h1>{flow.name}</h1>
            <FlowStatusBadge flow={flow} />
          </div>
          <p className="flow-detail__meta">
            Version {flow.version} and {flow.questions.length} questions
          </p>
          {flow.description ? <p className="admin-heading__lead">{flow.description}</p> : null}
        </div>
        <div className="admin-actions">
          {flow.isLive ? (
            <Button
              variant="secondary"
              disabled={toggle.isPending}
              onClick={() => toggle.mutate({ isLive: false, trafficPercentage: 0 })}
            >
              Disable Flow
            </Button>
          ) : (
            <Button onClick={goLive} disabled={toggle.isPending}>
              Go Live
            </Button>
          )}
          <Button variant="secondary" onClick={() => setQuestionDialog({ open: true, question: null })}>
            + Add Question
          </Button>
          <ButtonLink to="/admin/flows" variant="ghost">
            Back to Flows
          </ButtonLink>
        </div>
      </div>

      <dl className="flow-analytics" aria-label="A/B analytics">
        <div>
          <dt>Served</dt>
          <dd>{flow.analytics.served}</dd>
        </div>
        <div>
          <dt>Readings</dt>
          <dd>{flow.analytics.readings}</dd>
        </div>
        <div>
          <dt>Completion rate</dt>
          <dd>{formatRate(flow.analytics.completionRate)}</dd>
        </div>
      </dl>

      {!hasGenderQuestion(flow.questions) ? (
        <Alert tone="warning" title="Gender Question Required" className="flow-detail__warning">
          This flow needs a gender question before it can go live. Adding one automatically adds a hand image
          upload question: Male visitors upload the right hand, Female visitors the left.
        </Alert>
      ) : null}

      {questions.length === 0 ? (
        <Card className="admin-state">
          <h2>No Questions Yet</h2>
          <p>Add the first question visitors will answer in this flow.</p>
          <Button onClick={() => setQuestionDialog({ open: true, question: null })}>
            Add First Question
          </Button>
        </Card>
      ) : (
        <>
          <p className="flow-detail__hint" id="reorder-hint">
            Drag a question by its handle to reorder, or focus the handle and press Space, then the arrow
            keys, then Space again.
          </p>
          <QuestionList
            questions={questions}
            onReorder={(reordered) => reorder.mutate(reordered)}
            onEdit={(question) => setQuestionDialog({ open: true, question })}
            onDelete={setQuestionToDelete}
          />
        </>
      )}

      {questionDialog.open ? (
        <QuestionDialog
          key={questionDialog.question?.id ?? 'new'}
          open
          flowId={flow.id}
          question={questionDialog.question}
          questionCount={flow.questions.length}
          onClose={() => setQuestionDialog({ open: false })}
        />
      ) : null}
      {trafficDialogOpen ? (
        <TrafficDialog
          open
          pending={toggle.isPending}
          onConfirm={(trafficPercentage) => toggle.mutate({ isLive: true, trafficPercentage })}
          onCancel={() => setTrafficDialogOpen(false)}
        />
      ) : null}
      <ConfirmDialog
        open={questionToDelete !== null}
        title="Delete Question"
        description={DELETE_QUESTION_TEXT}
        confirmLabel="Delete"
        pending={removeQuestion.isPending}
        onConfirm={() => questionToDelete && removeQuestion.mutate(questionToDelete)}
        onCancel={() => setQuestionToDelete(null)}
      />
    </>
  );
}

/** /admin/flows/{id} and /admin/flows/{id}/edit: the flow's states, then the editor. */
export function FlowDetail({ flowId }: { flowId: number }) {
  const flowQuery = useQuery(getFlowQueryOptions(flowId));
  if (flowId <= 0) return <FlowNotFound />;
  if (flowQuery.isPending) return <Spinner label="Loading flow..." />;
  if (flowQuery.isError) {
    if (isNotFound(flowQuery.error)) return <FlowNotFound />;
    return (
      <Card className="admin-state">
        <h1>Error Loading Flow</h1>
        <Alert title={flowLoadErrorMessage(flowQuery.error)} />
        <ButtonLink to="/admin/flows" variant="secondary">
          Back to Flows
        </ButtonLink>
      </Card>
    );
  }
  return <FlowEditor flow={flowQuery.data} />;
}
