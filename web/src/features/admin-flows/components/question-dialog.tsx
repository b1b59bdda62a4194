import {
  QUESTION_OPTIONS_MAX,
  QUESTION_TYPE_LABELS,
  type Question,
  type QuestionType,
} from '@palm/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Select } from '@/components/ui/select';
import { useToastedMutation } from '@/hooks/use-toasted-mutation';
import {
  ADMIN_FLOWS_PATH,
  createQuestion,
  updateQuestion,
  type QuestionRequest,
} from '../api/admin-flows.api';
import {
  BINDING_LABELS,
  bindingsFor,
  displayedValues,
  emptyQuestionForm,
  isChoiceType,
  MIN_OPTION_FIELDS,
  questionFormFrom,
  SELECTABLE_QUESTION_TYPES,
  validateQuestionForm,
  type QuestionFormErrors,
  type QuestionFormValues,
} from '../lib/question-form';
import './question-dialog.css';

const NO_BINDING = 'none';

export interface QuestionDialogProps {
  flowId: number;
  open: boolean;
  onClose: () => void;
  /** The question to edit; without it the dialog adds a new one. */
  question?: Question | null;
  /** How many questions the flow has now: a new question's sequence is this plus 1. */
  questionCount: number;
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="admin-field__error" role="alert">
      {message}
    </p>
  );
}

/** "Add New Question" / "Edit Question" with spec §5's rules; saving refetches the flow. */
export function QuestionDialog({ flowId, open, onClose, question, questionCount }: QuestionDialogProps) {
  const editing = Boolean(question);
  const [values, setValues] = useState<QuestionFormValues>(() =>
    question ? questionFormFrom(question) : emptyQuestionForm(),
  );
  const [errors, setErrors] = useState<QuestionFormErrors>({});
  const queryClient = useQueryClient();
  const ids = { type: useId(), text: useId(), options: useId(), binding: useId() };

  const reset = () => {
    setValues(question ? questionFormFrom(question) : emptyQuestionForm());
    setErrors({});
  };

  const mutation = useToastedMutation({
    success: editing ? 'Question updated successfully' : 'Question created successfully',
    failure: editing ? 'Failed to update question' : 'Failed to create question',
    mutationFn: (request: QuestionRequest) =>
      question ? updateQuestion(question.id, request) : createQuestion(flowId, request),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [ADMIN_FLOWS_PATH] });
      setValues(emptyQuestionForm());
      setErrors({});
      onClose();
    },
  });

  const shown = displayedValues(values);
  const isGender = values.type === 'gender_question';
  const showOptions = isChoiceType(values.type) || isGender;
  const typeChoices: QuestionType[] =
    question?.type === 'hand_image_upload'
      ? [...SELECTABLE_QUESTION_TYPES, 'hand_image_upload']
      : [...SELECTABLE_QUESTION_TYPES];
  const bindingChoices = bindingsFor(values.type);

  const update = (patch: Partial<QuestionFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const setOption = (index: number, text: string) =>
    update({ options: values.options.map((option, at) => (at === index ? text : option)) });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const sequence = question ? question.sequence : questionCount + 1;
    const result = validateQuestionForm(values, sequence);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    mutation.mutate(result.request);
  };

  const close = () => {
    reset();
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={editing ? 'Edit Question' : 'Add New Question'}
      description={
        editing
          ? 'Change this question; it keeps its place in the flow.'
          : 'Add a question to the end of this flow.'
      }
      className="question-dialog"
    >
      <form className="admin-form" onSubmit={onSubmit} noValidate>
        <div className="admin-field">
          <label htmlFor={ids.type} className="admin-field__label">
            Question type
          </label>
          <Select<QuestionType>
            id={ids.type}
            value={values.type}
            placeholder="Select a question type"
            options={typeChoices.map((type) => ({ value: type, label: QUESTION_TYPE_LABELS[type] }))}
            onValueChange={(type) => {
              const keepBinding = values.binding !== null && bindingsFor(type).includes(values.binding);
              update({ type, binding: keepBinding ? values.binding : null });
              setErrors({});
            }}
            invalid={Boolean(errors.type)}
            describedBy={errors.type ? `${ids.type}-error` : undefined}
          />
          <FieldError id={`${ids.type}-error`} message={errors.type} />
        </div>

        <div className="admin-field">
          <label htmlFor={ids.text} className="admin-field__label">
            Question text
          </label>
          <textarea
            id={ids.text}
            className="admin-input"
            rows={2}
            value={shown.questionText}
            readOnly={isGender}
            aria-readonly={isGender || undefined}
            onChange={(event) => update({ questionText: event.target.value })}
            placeholder="e.g. Which area of life matters most to you now?"
            aria-invalid={Boolean(errors.questionText) || undefined}
            aria-describedby={errors.questionText ? `${ids.text}-error` : undefined}
          />
          {isGender ? (
            <p className="admin-field__hint">
              A gender question always asks this and offers Male and Female. Saving it also adds a hand image
              upload: Male visitors upload the right hand, Female visitors the left.
            </p>
          ) : null}
          <FieldError id={`${ids.text}-error`} message={errors.questionText} />
        </div>

        {showOptions ? (
          <fieldset className="admin-field question-dialog__options" aria-describedby={ids.options}>
            <legend className="admin-field__label">Options</legend>
            {shown.options.map((option, index) => (
              <div key={index} className="question-dialog__option">
                <input
                  className="admin-input"
                  value={option}
                  readOnly={isGender}
                  aria-label={`Option ${index + 1}`}
                  placeholder={`Option ${index + 1}`}
                  onChange={(event) => setOption(index, event.target.value)}
                />
                {!isGender && values.options.length > MIN_OPTION_FIELDS ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove option ${index + 1}`}
                    onClick={() => update({ options: values.options.filter((_, at) => at !== index) })}
                  >
                    Remove
                  </Button>
                ) : null}
              </div>
            ))}
            {!isGender ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => update({ options: [...values.options, ''] })}
                disabled={values.options.length >= QUESTION_OPTIONS_MAX}
              >
                + Add Option
              </Button>
            ) : null}
            <FieldError id={ids.options} message={errors.options} />
          </fieldset>
        ) : null}

        {bindingChoices.length > 0 ? (
          <div className="admin-field">
            <label htmlFor={ids.binding} className="admin-field__label">
              Feeds the reading field (optional)
            </label>
            <Select<string>
              id={ids.binding}
              value={values.binding ?? NO_BINDING}
              placeholder="None"
              options={[
                { value: NO_BINDING, label: 'None' },
                ...bindingChoices.map((binding) => ({ value: binding, label: BINDING_LABELS[binding] })),
              ]}
              onValueChange={(binding) =>
                update({ binding: bindingChoices.find((choice) => choice === binding) ?? null })
              }
            />
            <p className="admin-field__hint">
              The answer then fills this field of the reading instead of its default.
            </p>
            <FieldError id={`${ids.binding}-error`} message={errors.binding} />
          </div>
        ) : null}

        <div className="admin-actions admin-actions--end">
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Saving...' : editing ? 'Save Changes' : 'Add Question'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
