import type { AdminFlow } from '@palm/contracts';
import { Badge } from '@/components/ui/badge';

export function FlowStatusBadge({ flow }: { flow: Pick<AdminFlow, 'isLive' | 'trafficPercentage'> }) {
  return flow.isLive ? (
    <Badge tone="success">
      <span className="live-dot" aria-hidden="true" />
      Live · {flow.trafficPercentage}%
    </Badge>
  ) : (
    <Badge tone="muted">Disabled</Badge>
  );
}
