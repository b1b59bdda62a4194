import type { Question } from '@palm/contracts';
import { useId } from 'react';
import type { AnswerResponse } from '../lib/wizard-answers';

export interface QuestionInputProps {
  question: Question;
  response: AnswerResponse | undefined;
  onChange: (response: AnswerResponse) => void;
}

export function SingleChoiceQuestion({
  question,
  response,
  onChange,
  options,
}: QuestionInputProps & { options: readonly string[] }) {
  const name = useId();
  return (
    <fieldset className="wizard__fieldset">
      <legend className="wizard__question">{question.questionText}</legend>
      <div className="choice-list">
        {options.map((option) => (
          <label key={option} className="choice">
            <input
              type="radio"
              name={name}
              value={option}
              checked={response === option}
              onChange={() => onChange(option)}
            />
            <span className="choice__mark" aria-hidden="true" />
            <span className="choice__label">{option}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function MultipleChoiceQuestion({ question, response, onChange }: QuestionInputProps) {
  const selected = Array.isArray(response) ? response : [];
  const options = question.options ?? [];
  const toggle = (option: string) =>
    onChange(
      selected.includes(option)
        ? selected.filter((value) => value !== option)
        : options.filter((value) => value === option || selected.includes(value)),
    );
  return (
    <fieldset className="wizard__fieldset">
      <legend className="wizard__question">{question.questionText}</legend>
      <p className="wizard__hint">Choose all that apply.</p>
      <div className="choice-list">
        {options.map((option) => (
          <label key={option} className="choice choice--multiple">
            <input
              type="checkbox"
              value={option}
              checked={selected.includes(option)}
              onChange={() => toggle(option)}
            />
            <span className="choice__mark" aria-hidden="true" />
            <span className="choice__label">{option}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function TextEntryQuestion({ question, response, onChange }: QuestionInputProps) {
  const id = useId();
  return (
    <div className="wizard__fieldset">
      <label htmlFor={id} className="wizard__question">
        {question.questionText}
      </label>
      <textarea
        id={id}
        className="text-answer"
        rows={4}
        maxLength={2000}
        value={typeof response === 'string' ? response : ''}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Type your answer here"
      />
    </div>
  );
}
