import { useEffect } from 'react';
import { FlowList } from '@/features/admin-flows/components/flow-list';

export default function AdminFlowsRoute() {
  useEffect(() => {
    document.title = 'Flow management — Hastrekha';
  }, []);

  return <FlowList />;
}
