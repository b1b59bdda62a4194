import type { AdminFlow } from '@palm/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { Tooltip } from '@/components/ui/tooltip';
import { useToastedMutation } from '@/hooks/use-toasted-mutation';
import { describeError } from '@/lib/api-client';
import { ADMIN_FLOWS_PATH, deleteFlow, getFlowsQueryOptions, toggleFlowLive } from '../api/admin-flows.api';
import { formatQuestionCount, formatRate, liveTrafficTotal, TRAFFIC_TARGET_TOTAL } from '../lib/flow-rules';
import { CreateFlowDialog } from './create-flow-dialog';
import { FlowStatusBadge } from './flow-status-badge';
import { TrafficDialog } from './traffic-dialog';
import './flow-list.css';

function FlowCard({
  flow,
  toggling,
  onToggle,
  onSetTraffic,
  onDelete,
}: {
  flow: AdminFlow;
  toggling: boolean;
  onToggle: () => void;
  onSetTraffic: () => void;
  onDelete: () => void;
}) {
  const deleteButton = (
    <Button variant="ghost" size="sm" className="flow-card__delete" disabled={flow.isLive} onClick={onDelete}>
      Delete
    </Button>
  );
  return (
    <Card className="flow-card">
      <div className="flow-card__top">
        <h2 className="flow-card__name">{flow.name}</h2>
        <FlowStatusBadge flow={flow} />
      </div>
      {flow.description ? <p className="flow-card__description">{flow.description}</p> : null}
      <p className="flow-card__meta">
        Version {flow.version} · {formatQuestionCount(flow.questions.length)}
      </p>
      <dl className="flow-analytics flow-analytics--compact" aria-label={`A/B analytics for ${flow.name}`}>
        <div>
          <dt>Served</dt>
          <dd>{flow.analytics.served}</dd>
        </div>
        <div>
          <dt>Readings</dt>
          <dd>{flow.analytics.readings}</dd>
        </div>
        <div>
          <dt>Completion</dt>
          <dd>{formatRate(flow.analytics.completionRate)}</dd>
        </div>
      </dl>
      <div className="flow-card__actions">
        <ButtonLink to={`/admin/flows/${flow.id}`} variant="secondary" size="sm">
          View
        </ButtonLink>
        <ButtonLink to={`/admin/flows/${flow.id}/edit`} variant="secondary" size="sm">
          Edit
        </ButtonLink>
        <Button
          variant={flow.isLive ? 'secondary' : 'primary'}
          size="sm"
          disabled={toggling}
          onClick={onToggle}
        >
          {flow.isLive ? 'Disable' : 'Go Live'}
        </Button>
        {flow.isLive ? (
          <Button variant="secondary" size="sm" disabled={toggling} onClick={onSetTraffic}>
            Set Traffic
          </Button>
        ) : null}
        {flow.isLive ? (
          <Tooltip content="Disable the flow before deleting it">
            {/* A disabled button gets no pointer or focus events, so the hint sits on a wrapper. */}
            <span tabIndex={0} className="flow-card__delete-wrap">
              {deleteButton}
            </span>
          </Tooltip>
        ) : (
          deleteButton
        )}
      </div>
    </Card>
  );
}

/** /admin/flows: the flow cards, their live switch and delete, Create Flow, and the traffic check. */
export function FlowList() {
  const flowsQuery = useQuery(getFlowsQueryOptions());
  const queryClient = useQueryClient();
  const [createOpen, setCreateOpen] = useState(false);
  const [flowToDelete, setFlowToDelete] = useState<AdminFlow | null>(null);
  const [trafficFlow, setTrafficFlow] = useState<AdminFlow | null>(null);
  const refetchFlows = () => queryClient.invalidateQueries({ queryKey: [ADMIN_FLOWS_PATH] });

  // Go Live / Disable and the traffic dialog change the same status, so they report it alike.
  const statusToasts = {
    success: 'Flow status updated successfully',
    failure: 'Failed to update flow status',
  };

  const toggle = useToastedMutation({
    ...statusToasts,
    // Spec §4: from the list, Go Live means 100 % and Disable 0 %.
    mutationFn: (flow: AdminFlow) =>
      toggleFlowLive(flow.id, { isLive: !flow.isLive, trafficPercentage: flow.isLive ? 0 : 100 }),
    onSuccess: () => void refetchFlows(),
  });

  // The same "Set Traffic Percentage" dialog as the flow's own page, so the warning below can be acted on here.
  const setTraffic = useToastedMutation({
    ...statusToasts,
    mutationFn: ({ flow, trafficPercentage }: { flow: AdminFlow; trafficPercentage: number }) =>
      toggleFlowLive(flow.id, { isLive: true, trafficPercentage }),
    onSuccess: () => {
      setTrafficFlow(null);
      void refetchFlows();
    },
  });

  const remove = useToastedMutation({
    success: 'Flow deleted successfully',
    failure: 'Failed to delete flow',
    mutationFn: (flow: AdminFlow) => deleteFlow(flow.id),
    onSuccess: () => void refetchFlows(),
    onSettled: () => setFlowToDelete(null),
  });

  const flows = flowsQuery.data ?? [];
  const total = liveTrafficTotal(flows);

  return (
    <>
      <div className="admin-heading">
        <div>
          <p className="eyebrow">Operator area</p>
          <h1>Flow Management</h1>
          <p className="admin-heading__lead">
            Question flows visitors answer before their reading. Live flows share the traffic.
          </p>
        </div>
        <Button onClick={() => setCreateOpen(true)}>+ Create Flow</Button>
      </div>

      {flowsQuery.isPending ? <Spinner label="Loading flows..." /> : null}
      {flowsQuery.isError ? (
        <Alert title="Failed to fetch flows">{describeError(flowsQuery.error, 'Please try again.')}</Alert>
      ) : null}

      {flowsQuery.isSuccess && total !== TRAFFIC_TARGET_TOTAL ? (
        <Alert tone="warning" title="Traffic does not add up to 100%" className="flow-list__warning">
          The live flows currently receive {total}% of visitors in total. Use Set Traffic on a live flow to
          adjust its percentage so they total {TRAFFIC_TARGET_TOTAL}%.
        </Alert>
      ) : null}

      {flowsQuery.isSuccess && flows.length === 0 ? (
        <Card className="admin-state">
          <h2>No flows yet</h2>
          <p>Create a flow to start asking visitors questions.</p>
        </Card>
      ) : null}

      <div className="flow-grid">
        {flows.map((flow) => (
          <FlowCard
            key={flow.id}
            flow={flow}
            toggling={toggle.isPending && toggle.variables.id === flow.id}
            onToggle={() => toggle.mutate(flow)}
            onSetTraffic={() => setTrafficFlow(flow)}
            onDelete={() => setFlowToDelete(flow)}
          />
        ))}
      </div>

      {createOpen ? <CreateFlowDialog open onClose={() => setCreateOpen(false)} /> : null}
      {trafficFlow ? (
        <TrafficDialog
          open
          pending={setTraffic.isPending}
          onConfirm={(trafficPercentage) => setTraffic.mutate({ flow: trafficFlow, trafficPercentage })}
          onCancel={() => setTrafficFlow(null)}
        />
      ) : null}
      <ConfirmDialog
        open={flowToDelete !== null}
        title="Delete Flow"
        description={`Are you sure you want to delete "${flowToDelete?.name ?? ''}"? This action cannot be undone.`}
        confirmLabel="Delete Flow"
        pending={remove.isPending}
        onConfirm={() => flowToDelete && remove.mutate(flowToDelete)}
        onCancel={() => setFlowToDelete(null)}
      />
    </>
  );
}
