import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { QUESTION_TYPE_LABELS, type Question } from '@palm/contracts';
import { Badge } from '@/components/ui/badge';
import { Tooltip } from '@/components/ui/tooltip';
import type { KeyboardEvent } from 'react';
import { renumber } from '../lib/flow-rules';

/** Spec §9: each arrow key moves a picked-up question by 25 px. */
export const KEYBOARD_STEP_PX = 25;

const verticalKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  if (event.code === 'ArrowDown')
    return { ...currentCoordinates, y: currentCoordinates.y + KEYBOARD_STEP_PX };
  if (event.code === 'ArrowUp') return { ...currentCoordinates, y: currentCoordinates.y - KEYBOARD_STEP_PX };
  return undefined;
};

const iconProps = {
  width: 18,
  height: 18,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

const PencilIcon = () => (
  <svg {...iconProps}>
    <path d="M12 20h9" />
    <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
  </svg>
);

const TrashIcon = () => (
  <svg {...iconProps}>
    <path d="M3 6h18" />
    <path d="M8 6V4h8v2" />
    <path d="M19 6l-1 14H6L5 6" />
    <path d="M10 11v6M14 11v6" />
  </svg>
);

interface QuestionActions {
  onEdit: (question: Question) => void;
  onDelete: (question: Question) => void;
}

function QuestionCard({ question, onEdit, onDelete }: { question: Question } & QuestionActions) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, node, transform, transition, isDragging } =
    useSortable({ id: question.id });
  // dnd-kit moves a keyboard drag only while the card's centre is on screen (off screen it scrolls
  // instead), so the whole card is brought into view as it is picked up.
  const onHandleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!isDragging && (event.code === 'Space' || event.code === 'Enter'))
      node.current?.scrollIntoView?.({ block: 'nearest', behavior: 'instant' });
    listeners?.onKeyDown?.(event);
  };
  return (
    <li
      ref={setNodeRef}
      className={['question-card', isDragging ? 'question-card--dragging' : ''].filter(Boolean).join(' ')}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="question-card__handle"
        aria-label={`Reorder question #${question.sequence}: ${question.questionText}`}
        {...attributes}
        {...listeners}
        onKeyDown={onHandleKeyDown}
      >
        <span aria-hidden="true">⋮⋮</span>
      </button>
      <span className="question-card__sequence">#{question.sequence}</span>
      <div className="question-card__body">
        <Badge className={`question-type question-type--${question.type}`}>
          {QUESTION_TYPE_LABELS[question.type]}
        </Badge>
        <p className="question-card__text">{question.questionText}</p>
        {question.options?.length ? (
          <p className="question-card__options">Options: {question.options.join(', ')}</p>
        ) : null}
      </div>
      <div className="question-card__actions">
        <Tooltip content="Edit question">
          <button
            type="button"
            className="icon-button"
            aria-label={`Edit question #${question.sequence}`}
            onClick={() => onEdit(question)}
          >
            <PencilIcon />
          </button>
        </Tooltip>
        <Tooltip content="Delete question">
          <button
            type="button"
            className="icon-button icon-button--danger"
            aria-label={`Delete question #${question.sequence}`}
            onClick={() => onDelete(question)}
          >
            <TrashIcon />
          </button>
        </Tooltip>
      </div>
    </li>
  );
}

/** The flow's questions, reordered by dragging with a pointer or with the keyboard (Space, arrows, Space). */
export function QuestionList({
  questions,
  onReorder,
  ...actions
}: { questions: readonly Question[]; onReorder: (reordered: Question[]) => void } & QuestionActions) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: verticalKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = questions.findIndex((question) => question.id === active.id);
    const to = questions.findIndex((question) => question.id === over.id);
    if (from < 0 || to < 0) return;
    onReorder(renumber(arrayMove([...questions], from, to)));
  };

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext
        items={questions.map((question) => question.id)}
        strategy={verticalListSortingStrategy}
      >
        <ol className="question-list" aria-label="Questions">
          {questions.map((question) => (
            <QuestionCard key={question.id} question={question} {...actions} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
