import { GENDER_QUESTION_TEXT, type Question } from '@palm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '@/testing/render';
import { installRadixPolyfills } from '../testing/radix-polyfills';
import { QuestionDialog } from './question-dialog';

beforeAll(installRadixPolyfills);

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderDialog({ question, onClose = vi.fn() }: { question?: Question; onClose?: () => void } = {}) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse({ id: 99 }, 201));
  vi.stubGlobal('fetch', fetchMock);
  renderWithApp(<QuestionDialog flowId={7} open onClose={onClose} question={question} questionCount={3} />);
  return { fetchMock, onClose, user: userEvent.setup() };
}

async function chooseType(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(screen.getByRole('combobox', { name: 'Question type' }));
  await user.click(await screen.findByRole('option', { name: label }));
}

const optionInputs = () => screen.getAllByRole('textbox', { name: /^Option \d+$/ });
const sentBody = (fetchMock: ReturnType<typeof vi.fn<typeof fetch>>) =>
  JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string) as Record<string, unknown>;

describe('question dialog', () => {
  it('requires a question type', async () => {
    const { user, fetchMock } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Add New Question' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    expect(await screen.findByText('Question type is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('requires text for a text question, trimmed', async () => {
    const { user, fetchMock } = renderDialog();
    await chooseType(user, 'Text Entry');
    await user.type(screen.getByLabelText('Question text'), '   ');
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    expect(await screen.findByText('Question text is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('starts choice questions with two empty options and needs two filled ones', async () => {
    const { user, fetchMock } = renderDialog();
    await chooseType(user, 'Multiple Choice (Single Answer)');
    expect(optionInputs()).toHaveLength(2);
    optionInputs().forEach((input) => expect(input).toHaveValue(''));
    expect(screen.queryByRole('button', { name: /Remove option/ })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Question text'), 'Which hand do you write with?');
    await user.type(optionInputs()[0]!, 'Right');
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    expect(
      await screen.findByText('At least 2 options are required for choice questions'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('adds options, removes only while more than two remain, and drops empty ones on save', async () => {
    const { user, fetchMock, onClose } = renderDialog();
    await chooseType(user, 'Multiple Choice (Multiple Answers)');
    await user.type(screen.getByLabelText('Question text'), '  Which areas matter?  ');
    await user.click(screen.getByRole('button', { name: '+ Add Option' }));
    await user.click(screen.getByRole('button', { name: '+ Add Option' }));
    expect(optionInputs()).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Remove option 4' }));
    expect(optionInputs()).toHaveLength(3);

    await user.type(optionInputs()[0]!, 'Love');
    await user.type(optionInputs()[2]!, 'Career');
    await user.click(screen.getByRole('button', { name: 'Remove option 2' }));
    expect(optionInputs()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Remove option/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '+ Add Option' }));
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/admin/flows/7/questions');
    expect(sentBody(fetchMock)).toEqual({
      type: 'multiple_choice',
      questionText: 'Which areas matter?',
      options: ['Love', 'Career'],
      sequence: 4,
      binding: null,
    });
    expect(await screen.findByText('Question created successfully')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('fixes a gender question’s text and options and needs no text', async () => {
    const { user, fetchMock } = renderDialog();
    await chooseType(user, 'Gender Question (Auto-adds Hand Upload)');
    expect(screen.getByLabelText('Question text')).toHaveValue(GENDER_QUESTION_TEXT);
    expect(screen.getByLabelText('Question text')).toHaveAttribute('readonly');
    expect(optionInputs().map((input) => (input as HTMLInputElement).value)).toEqual(['Male', 'Female']);
    expect(screen.queryByRole('button', { name: '+ Add Option' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody(fetchMock)).toMatchObject({
      type: 'gender_question',
      questionText: GENDER_QUESTION_TEXT,
      options: ['Male', 'Female'],
    });
  });

  it('edits a question in place, keeping its sequence and sending text questions without options', async () => {
    const question: Question = {
      id: 12,
      type: 'text_entry',
      questionText: 'What is on your mind?',
      options: null,
      sequence: 2,
      binding: null,
    };
    const { user, fetchMock } = renderDialog({ question });
    const dialog = screen.getByRole('dialog', { name: 'Edit Question' });
    const text = within(dialog).getByLabelText('Question text');
    await user.clear(text);
    await user.type(text, 'What would you ask the stars?');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/admin/questions/12');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('PUT');
    expect(sentBody(fetchMock)).toEqual({
      type: 'text_entry',
      questionText: 'What would you ask the stars?',
      options: null,
      sequence: 2,
      binding: null,
    });
    expect(await screen.findByText('Question updated successfully')).toBeInTheDocument();
  });

  it('shows the spec’s error toast when the save fails', async () => {
    const { user, fetchMock } = renderDialog();
    fetchMock.mockResolvedValue(
      jsonResponse(
        { title: 'Bad Request', status: 400, detail: 'This flow already has a gender question.' },
        400,
      ),
    );
    await chooseType(user, 'Gender Question (Auto-adds Hand Upload)');
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    expect(await screen.findByText('Failed to create question')).toBeInTheDocument();
    expect(await screen.findByText('This flow already has a gender question.')).toBeInTheDocument();
  });
});
