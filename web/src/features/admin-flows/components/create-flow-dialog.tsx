import { createFlowInputSchema, FLOW_DESCRIPTION_MAX_CHARS, FLOW_NAME_MAX_CHARS } from '@palm/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToastedMutation } from '@/hooks/use-toasted-mutation';
import { ADMIN_FLOWS_PATH, createFlow } from '../api/admin-flows.api';

/** Create Flow: a name (required after trimming) and an optional description. */
export function CreateFlowDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const nameId = useId();
  const descriptionId = useId();
  const queryClient = useQueryClient();

  const mutation = useToastedMutation({
    success: 'Flow created successfully',
    failure: 'Failed to create flow',
    mutationFn: createFlow,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [ADMIN_FLOWS_PATH] });
      onClose();
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = createFlowInputSchema.safeParse({ name, description });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? 'Flow name is required');
      return;
    }
    setNameError(null);
    mutation.mutate(parsed.data);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Create Flow"
      description="A new flow starts disabled and empty."
    >
      <form className="admin-form" onSubmit={onSubmit} noValidate>
        <div className="admin-field">
          <label htmlFor={nameId} className="admin-field__label">
            Name
          </label>
          <input
            id={nameId}
            className="admin-input"
            value={name}
            maxLength={FLOW_NAME_MAX_CHARS}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${nameId}-error` : undefined}
            placeholder="e.g. Short flow for returning visitors"
          />
          {nameError ? (
            <p id={`${nameId}-error`} className="admin-field__error" role="alert">
              {nameError}
            </p>
          ) : null}
        </div>
        <div className="admin-field">
          <label htmlFor={descriptionId} className="admin-field__label">
            Description (optional)
          </label>
          <textarea
            id={descriptionId}
            className="admin-input"
            rows={3}
            value={description}
            maxLength={FLOW_DESCRIPTION_MAX_CHARS}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
        <div className="admin-actions admin-actions--end">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Creating...' : 'Create Flow'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
