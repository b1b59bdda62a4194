import { MAX_IMAGE_BYTES, type PromptId } from '@palm/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useObjectUrl } from '@/hooks/use-object-url';
import { describeError } from '@/lib/api-client';
import { runPromptTest } from '../api/admin-prompts.api';

/** Spec §5's upload rules, as sentences for the inline error. */
function fileProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return 'Please select a valid image file';
  if (file.size > MAX_IMAGE_BYTES) return 'File size must be less than 5MB';
  return null;
}

/** Tries the prompt on an uploaded palm photo and shows the engine's raw JSON answer. */
export function TestRun({ promptId, promptName }: { promptId: PromptId; promptName: string }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const previewUrl = useObjectUrl(file ?? undefined);
  const run = useMutation({ mutationFn: (image: File) => runPromptTest(image, promptId) });

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    run.reset();
    if (!chosen) return;
    const problem = fileProblem(chosen);
    setFileError(problem);
    setFile(problem ? null : chosen);
  };

  return (
    <section className="prompt-section" aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`}>Test run</h3>
      <p className="admin-muted">
        Run the reading engine with the {promptName} prompt on a palm photo. Nothing is saved.
      </p>
      <div className="test-run">
        <div className="test-run__picker">
          <label htmlFor={inputId} className="admin-field__label">
            Palm photo
          </label>
          <input id={inputId} type="file" accept="image/*" className="admin-file" onChange={onFileChange} />
          <p className="admin-field__hint">JPG, PNG up to 5MB</p>
          {fileError ? <Alert title="Invalid file">{fileError}</Alert> : null}
          {previewUrl ? (
            <img className="test-run__preview" src={previewUrl} alt="The chosen palm photo" />
          ) : null}
          <Button onClick={() => file && run.mutate(file)} disabled={!file || run.isPending}>
            {run.isPending ? 'Running...' : 'Run Test'}
          </Button>
        </div>
        <div className="test-run__result">
          {run.isPending ? <Spinner label="Reading the palm... This may take 1-2 minutes..." /> : null}
          {run.isError ? (
            <Alert title="Test run failed">
              {describeError(run.error, 'The test run could not be completed.')}
            </Alert>
          ) : null}
          {run.isSuccess ? (
            <>
              <p className="test-run__engine">
                Engine: <code>{run.data.engine}</code>
              </p>
              {run.data.usesPrompts ? (
                <p className="admin-muted">{run.data.note}</p>
              ) : (
                <Alert tone="warning" title="These prompts were not used">
                  {run.data.note}
                </Alert>
              )}
              <pre className="test-run__json" tabIndex={0} aria-label="Test run result">
                {JSON.stringify(run.data.result, null, 2)}
              </pre>
            </>
          ) : null}
          {run.isIdle ? <p className="admin-muted">The result appears here as raw JSON.</p> : null}
        </div>
      </div>
    </section>
  );
}
