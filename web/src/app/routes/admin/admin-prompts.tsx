import { useEffect } from 'react';
import { PromptManager } from '@/features/admin-prompts/components/prompt-manager';

export default function AdminPromptsRoute() {
  useEffect(() => {
    document.title = 'Prompt management — Hastrekha';
  }, []);

  return (
    <>
      <div className="admin-heading">
        <div>
          <p className="eyebrow">Operator area</p>
          <h1>Prompt Management</h1>
          <p className="admin-heading__lead">
            The instructions a vision model follows when it reads the palms and words the reading.
          </p>
        </div>
      </div>
      <PromptManager />
    </>
  );
}
