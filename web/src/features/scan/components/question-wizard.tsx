import { GENDER_OPTIONS, type ActiveFlow, type Question } from '@palm/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useToast } from '@/components/ui/toast';
import { useObjectUrl } from '@/hooks/use-object-url';
import { describeError, type UploadProgress } from '@/lib/api-client';
import { useCreateReading } from '../api/create-reading';
import {
  buildReadingRequest,
  handForGender,
  isAnswerValid,
  sortBySequence,
  type AnswerRecord,
  type AnswerResponse,
} from '../lib/wizard-answers';
import { MultipleChoiceQuestion, SingleChoiceQuestion, TextEntryQuestion } from './choice-question';
import { PalmPicker } from './palm-picker';
import { clearWizard, hasSavedWizard, loadWizard, saveWizard } from '../lib/wizard-storage';
import { ReadingLoader } from './reading-loader';
import './question-wizard.css';

/**
 * One question at a time (spec §4). Responses are kept per question, so going back shows the
 * earlier answer and only the answers before the current question count as stored; after a
 * failed submission the visitor lands on the photo step with every answer still in place.
 */
export function QuestionWizard({ flow }: { flow: ActiveFlow }) {
  const questions = useMemo(() => sortBySequence(flow.questions), [flow.questions]);
  const [index, setIndex] = useState(0);
  const [responses, setResponses] = useState<ReadonlyMap<number, AnswerResponse>>(new Map());
  /** The guided camera's extra frames of the photo in `responses` (none for a picked file). */
  const [palmFrames, setPalmFrames] = useState<File[]>([]);
  const navigate = useNavigate();
  const { toast } = useToast();
  const headingRef = useRef<HTMLDivElement>(null);
  const navRef = useRef<HTMLDivElement>(null);
  const hasNavigated = useRef(false);
  const location = useLocation();
  const historyStep = (location.state as { wizardStep?: unknown } | null)?.wizardStep;
  const seenLocation = useRef(location.key);

  useEffect(() => {
    // The browser's Back and Forward move between questions: each Next pushed a history entry.
    if (seenLocation.current === location.key) return;
    seenLocation.current = location.key;
    hasNavigated.current = true;
    setIndex(typeof historyStep === 'number' ? historyStep : 0);
  }, [location.key, historyStep]);

  const [restored, setRestored] = useState(() => !hasSavedWizard(flow));

  useEffect(() => {
    if (restored) return;
    let current = true;
    loadWizard(flow)
      .then((saved) => {
        if (!current || !saved) return;
        setIndex(saved.index);
        setResponses(saved.responses);
        setPalmFrames(saved.palmFrames);
      })
      // A tab without storage (private modes) simply starts afresh.
      .catch(() => undefined)
      .finally(() => {
        if (current) setRestored(true);
      });
    return () => {
      current = false;
    };
  }, [flow, restored]);

  const [upload, setUpload] = useState<UploadProgress | null>(null);
  const createReading = useCreateReading({
    onProgress: setUpload,
    onSuccess: ({ id }) => {
      void clearWizard()
        .catch(() => undefined)
        .finally(() => void navigate(`/report/${encodeURIComponent(id)}`));
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: describeError(error, 'Failed to generate reading'),
        variant: 'destructive',
      });
      const photoStep = questions.findIndex((question) => question.type === 'hand_image_upload');
      if (photoStep >= 0) setIndex(photoStep);
    },
  });

  useEffect(() => {
    // Move focus to the new question for keyboard and screen-reader users, not on first render.
    if (!hasNavigated.current) return;
    headingRef.current?.focus();
  }, [index]);

  const question: Question | undefined = questions[index];
  const palmFile = [...responses.values()].find((value): value is File => value instanceof File);
  const savedPhoto = useRef<File | undefined>(undefined);

  useEffect(() => {
    if (!restored || createReading.isSuccess) return;
    const photoChanged = savedPhoto.current !== palmFile;
    savedPhoto.current = palmFile;
    saveWizard(flow, { index, responses, palmFrames }, photoChanged).catch(() => undefined);
  }, [restored, flow, index, responses, palmFrames, palmFile, createReading.isSuccess]);
  const previewUrl = useObjectUrl(palmFile);
  const shownFile = useRef(palmFile);

  useEffect(() => {
    // A photo was just chosen: bring its preview and the Next button into view (on a phone both
    // sit below the fold). The bottom of the buttons is aligned to the bottom of the screen.
    if (!palmFile || palmFile === shownFile.current) return;
    shownFile.current = palmFile;
    navRef.current?.scrollIntoView?.({ block: 'end', behavior: 'instant' });
  }, [palmFile]);

  if (!restored) return <Card className="wizard" aria-busy="true" />;

  if (!question) {
    return (
      <Card className="wizard wizard--message" role="alert">
        <p>Invalid question state. Please refresh the page.</p>
        <Button onClick={() => window.location.reload()}>Refresh Page</Button>
      </Card>
    );
  }

  // The loader stays up once the reading is made, until the report replaces it: no flash of the last question.
  if (createReading.isPending || createReading.isSuccess)
    return <ReadingLoader previewUrl={previewUrl} upload={upload} />;

  const response = responses.get(question.id);
  const canProceed = isAnswerValid(question.type, response);
  const isLast = index === questions.length - 1;
  const genderQuestion = questions.find((candidate) => candidate.type === 'gender_question');
  const hand = handForGender(genderQuestion ? responses.get(genderQuestion.id) : undefined);

  const setResponse = (value: AnswerResponse) =>
    setResponses((current) => new Map(current).set(question.id, value));

  const goTo = (next: number) => {
    hasNavigated.current = true;
    if (next > index) {
      void navigate('.', { state: { wizardStep: next }, replace: false });
    } else if (historyStep === index && index > 0) {
      // Previous is the browser's Back while the history holds this walk through the questions.
      void navigate(-1);
      return;
    }
    setIndex(next);
  };

  const complete = () => {
    const answers: AnswerRecord[] = questions.flatMap((item) => {
      const value = responses.get(item.id);
      return value === undefined
        ? []
        : [
            {
              questionId: item.id,
              questionText: item.questionText,
              questionType: item.type,
              response: value,
            },
          ];
    });
    const request = buildReadingRequest(flow, answers, palmFrames);
    if (!request) {
      toast({
        title: 'Palm photo needed',
        description: 'Please add a photo of your palm.',
        variant: 'destructive',
      });
      return;
    }
    createReading.mutate(request);
  };

  const onNext = () => {
    if (!canProceed) return;
    if (isLast) complete();
    else goTo(index + 1);
  };

  const progress = Math.round(((index + 1) / questions.length) * 100);

  return (
    <Card className="wizard">
      <div className="wizard__progress">
        <p className="wizard__step" ref={headingRef} tabIndex={-1}>
          Question {index + 1} of {questions.length}
        </p>
        <div
          className="wizard__bar"
          role="progressbar"
          aria-label="Questionnaire progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
        >
          <span style={{ width: `${progress}%` }} />
        </div>
      </div>

      <form
        className="wizard__form"
        onSubmit={(event) => {
          event.preventDefault();
          onNext();
        }}
      >
        <QuestionInput
          question={question}
          response={response}
          onChange={setResponse}
          onPalmChange={(file, frames) => {
            setPalmFrames(frames ?? []);
            setResponse(file);
          }}
          hand={hand}
        />

        <div className="wizard__nav" ref={navRef}>
          <Button variant="ghost" onClick={() => goTo(index - 1)} disabled={index === 0}>
            <span aria-hidden="true">←</span> Previous
          </Button>
          <Button type="submit" disabled={!canProceed}>
            {isLast ? 'Complete' : 'Next'} <span aria-hidden="true">→</span>
          </Button>
        </div>
      </form>
    </Card>
  );
}

function QuestionInput({
  question,
  response,
  onChange,
  onPalmChange,
  hand,
}: {
  question: Question;
  response: AnswerResponse | undefined;
  onChange: (value: AnswerResponse) => void;
  onPalmChange: (file: File, frames?: File[]) => void;
  hand: 'right' | 'left';
}) {
  switch (question.type) {
    case 'single_choice':
      return (
        <SingleChoiceQuestion
          question={question}
          response={response}
          onChange={onChange}
          options={question.options ?? []}
        />
      );
    case 'gender_question':
      return (
        <SingleChoiceQuestion
          question={question}
          response={response}
          onChange={onChange}
          options={question.options?.length ? question.options : GENDER_OPTIONS}
        />
      );
    case 'multiple_choice':
      return <MultipleChoiceQuestion question={question} response={response} onChange={onChange} />;
    case 'text_entry':
      return <TextEntryQuestion question={question} response={response} onChange={onChange} />;
    case 'hand_image_upload':
      return (
        <PalmPicker
          questionText={question.questionText || 'Upload a photo of your palm'}
          hand={hand}
          file={response instanceof File ? response : undefined}
          onFileChange={onPalmChange}
        />
      );
  }
}
