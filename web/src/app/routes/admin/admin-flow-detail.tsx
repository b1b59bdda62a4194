import { useEffect } from 'react';
import { useParams } from 'react-router';
import { FlowDetail } from '@/features/admin-flows/components/flow-detail';
import { parseFlowId } from '@/features/admin-flows/lib/flow-rules';

/** Both /admin/flows/{id} and /admin/flows/{id}/edit open this screen. */
export default function AdminFlowDetailRoute() {
  const { id } = useParams();
  const flowId = parseFlowId(id);

  useEffect(() => {
    document.title = 'Flow editor — Hastrekha';
  }, []);

  return <FlowDetail key={flowId} flowId={flowId} />;
}
