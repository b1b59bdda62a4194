import type { ActiveFlow } from '@palm/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '@/testing/render';
import { QuestionWizard } from './question-wizard';

const flow: ActiveFlow = {
  id: 7,
  version: 3,
  questions: [
    {
      id: 11,
      type: 'text_entry',
      questionText: 'What is on your mind?',
      options: null,
      sequence: 1,
      binding: null,
    },
    {
      id: 12,
      type: 'multiple_choice',
      questionText: 'Which areas interest you?',
      options: ['Love & Relationships', 'Career', 'Spiritual Growth'],
      sequence: 2,
      binding: 'focusAreas',
    },
    {
      id: 13,
      type: 'gender_question',
      questionText: 'What was your designated gender at birth?',
      options: ['Male', 'Female'],
      sequence: 3,
      binding: null,
    },
    {
      id: 14,
      type: 'hand_image_upload',
      questionText: 'Show us your palm',
      options: null,
      sequence: 4,
      binding: null,
    },
  ],
};

const palm = () => new File([new Uint8Array(2048)], 'palm.jpg', { type: 'image/jpeg' });

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:palm'), revokeObjectURL: vi.fn() }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function answerUpToGender(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('What is on your mind?'), 'A new job');
  await user.click(screen.getByRole('button', { name: /next/i }));
  await user.click(screen.getByRole('checkbox', { name: 'Spiritual Growth' }));
  await user.click(screen.getByRole('button', { name: /next/i }));
}

describe('QuestionWizard', () => {
  it('keeps Next disabled until the answer is valid and Previous disabled on the first question', async () => {
    const user = userEvent.setup();
    renderWithApp(<QuestionWizard flow={flow} />);

    expect(screen.getByText('Question 1 of 4')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /previous/i })).toBeDisabled();
    const next = screen.getByRole('button', { name: /next/i });
    expect(next).toBeDisabled();

    await user.type(screen.getByLabelText('What is on your mind?'), '   ');
    expect(next).toBeDisabled();
    await user.type(screen.getByLabelText('What is on your mind?'), 'love');
    expect(next).toBeEnabled();

    await user.click(next);
    expect(screen.getByText('Question 2 of 4')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /next/i })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Career' }));
    expect(screen.getByRole('button', { name: /next/i })).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Career' }));
    expect(screen.getByRole('button', { name: /next/i })).toBeDisabled();
  });

  it('restores the earlier answer when going back', async () => {
    const user = userEvent.setup();
    renderWithApp(<QuestionWizard flow={flow} />);

    await answerUpToGender(user);
    expect(screen.getByText('Question 3 of 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /previous/i }));
    expect(screen.getByRole('checkbox', { name: 'Spiritual Growth' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: /previous/i }));
    expect(screen.getByLabelText('What is on your mind?')).toHaveValue('A new job');
    expect(screen.getByRole('button', { name: /previous/i })).toBeDisabled();
  });

  it('asks a Male visitor for the right hand and others for the left', async () => {
    const user = userEvent.setup();
    renderWithApp(<QuestionWizard flow={flow} />);
    await answerUpToGender(user);

    await user.click(screen.getByRole('radio', { name: 'Male' }));
    await user.click(screen.getByRole('button', { name: /next/i }));
    expect(screen.getByText('right hand')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /previous/i }));
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    await user.click(screen.getByRole('button', { name: /next/i }));
    expect(screen.getByText('left hand')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete' })).toBeDisabled();
  });

  it('rejects files that are too large or not images', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithApp(<QuestionWizard flow={flow} />);
    await answerUpToGender(user);
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    await user.click(screen.getByRole('button', { name: /next/i }));

    const input = screen.getByLabelText('Choose a palm photo file');
    await user.upload(input, new File(['plain'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Invalid file type')).toBeInTheDocument();
    expect(screen.getByText('Please select a valid image file')).toBeInTheDocument();

    await user.upload(
      input,
      new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByText('File too large')).toBeInTheDocument();
    expect(screen.getByText('File size must be less than 5MB')).toBeInTheDocument();
    expect(screen.queryByText('Invalid file type')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete' })).toBeDisabled();
  });

  it('submits every answer and opens the report', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse({ id: 'abcdefghijklmnopqrstuv' }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithApp(<QuestionWizard flow={flow} />, {
      path: '/scan',
      extraRoutes: [{ path: '/report/:id', element: <p>Report page</p> }],
    });
    await answerUpToGender(user);
    await user.click(screen.getByRole('radio', { name: 'Male' }));
    await user.click(screen.getByRole('button', { name: /next/i }));
    await user.upload(screen.getByLabelText('Choose a palm photo file'), palm());
    await user.click(screen.getByRole('button', { name: 'Complete' }));

    expect(await screen.findByText('Report page')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/reading');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    const body = init?.body as FormData;
    expect(body.get('palmImage')).toBeInstanceOf(File);
    expect(body.get('dominantHand')).toBe('right');
    expect(JSON.parse(body.get('focusAreas') as string)).toEqual(['spiritual']);
    expect(JSON.parse(body.get('flowResponses') as string)).toEqual({
      question_11: 'A new job',
      question_12: ['Spiritual Growth'],
      question_13: 'Male',
    });
    expect(body.get('age')).toBe('26-35');
    // Only the focus areas came from a question; the age above is the spec's default, not an answer.
    expect(JSON.parse(body.get('given') as string)).toEqual(['focusAreas']);
    expect(body.get('flowId')).toBe('7');
    expect(body.get('flowVersion')).toBe('3');
  });

  it('shows the server detail in an Error toast and returns to the photo step with answers kept', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(
        jsonResponse(
          { title: 'Unprocessable', status: 422, detail: 'We could not find a palm in this photo.' },
          422,
        ),
      );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithApp(<QuestionWizard flow={flow} />);
    await answerUpToGender(user);
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    await user.click(screen.getByRole('button', { name: /next/i }));
    await user.upload(screen.getByLabelText('Choose a palm photo file'), palm());
    await user.click(screen.getByRole('button', { name: 'Complete' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('We could not find a palm in this photo.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Complete' })).toBeEnabled());
    expect(screen.getByText('Question 4 of 4')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /previous/i }));
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
  });
});
