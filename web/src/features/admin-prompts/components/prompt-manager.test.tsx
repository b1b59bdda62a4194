import {
  activeEngineOf,
  PROMPTS_IDLE_NOTE,
  type ActiveEngine,
  type Prompt,
  type PromptTestRunResult,
} from '@palm/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '@/testing/render';
import { PromptManager } from './prompt-manager';
import { PROMPT_UPDATED } from './prompt-panel';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PROMPTS: Prompt[] = (['main', 'visual', 'test'] as const).map((id) => ({
  id,
  name: `${id} prompt`,
  description: `The ${id} prompt`,
  content: `You read palms (${id}).`,
  isActive: true,
  lastModified: '2025-07-06T10:00:00.000Z',
}));

/**
 * The admin API as the screen calls it: the prompts, their history, the engine and a test run;
 * `answer` may take a request first.
 */
function serve(
  engine: ActiveEngine,
  answer: (url: URL, method: string) => Promise<Response> | undefined = () => undefined,
) {
  const fetchMock = vi.fn<typeof fetch>().mockImplementation((input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const answered = answer(url, init?.method ?? (input instanceof Request ? input.method : 'GET'));
    if (answered) return answered;
    if (url.pathname === '/api/admin/prompts') return Promise.resolve(jsonResponse(PROMPTS));
    if (url.pathname === '/api/admin/prompts/engine') return Promise.resolve(jsonResponse(engine));
    if (url.pathname.endsWith('/versions')) return Promise.resolve(jsonResponse([]));
    if (url.pathname === '/api/admin/prompts/test-run') {
      const run: PromptTestRunResult = {
        promptId: 'main',
        engine: engine.engine,
        durationMs: 12,
        usesPrompts: engine.usesPrompts,
        note: engine.note,
        result: { sections: [] },
      };
      return Promise.resolve(jsonResponse(run));
    }
    return Promise.resolve(jsonResponse({ title: 'Not Found', status: 404 }, 404));
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithApp(<PromptManager />);
}

describe('the Prompts screen says which engine is active', () => {
  it('with the local engine: the prompts wait for a vision model, and the test run says so too', async () => {
    const user = userEvent.setup();
    serve(activeEngineOf('palm-local', false));
    const note = await screen.findByText(PROMPTS_IDLE_NOTE, { selector: '.active-engine *' });
    expect(note.closest('.active-engine')).toHaveTextContent('Active engine: the local engine (palm-local)');
    expect(note).toHaveTextContent('OPENAI_API_KEY');

    await user.upload(
      await screen.findByLabelText('Palm photo'),
      new File([new Uint8Array([0xff, 0xd8, 0xff])], 'palm.jpg', { type: 'image/jpeg' }),
    );
    await user.click(screen.getByRole('button', { name: 'Run Test' }));
    const result = await screen.findByText('These prompts were not used');
    expect(within(result.closest('.alert')!).getByText(PROMPTS_IDLE_NOTE)).toBeInTheDocument();
  });

  it('with a vision model: saved changes apply to the next reading', async () => {
    serve(activeEngineOf('palm-openai', true));
    const title = await screen.findByText(/Active engine: a vision model/);
    expect(title.closest('.active-engine')).toHaveTextContent('saved changes apply to the next reading');
    expect(screen.queryByText(PROMPTS_IDLE_NOTE)).not.toBeInTheDocument();
  });
});

describe('saving a prompt', () => {
  it('shows the saved text at once, not the old one while the list is fetched again', async () => {
    const user = userEvent.setup();
    const saved: Prompt = { ...PROMPTS[0]!, content: 'You read palms, kindly.' };
    let listFetches = 0;
    serve(activeEngineOf('palm-openai', true), (url, method) => {
      if (url.pathname === '/api/admin/prompts' && ++listFetches > 1) return new Promise<Response>(() => {});
      if (url.pathname === '/api/admin/prompts/main' && method === 'PUT') {
        return Promise.resolve(jsonResponse(saved));
      }
      return undefined;
    });

    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const editor = screen.getByLabelText('Prompt content');
    await user.clear(editor);
    await user.type(editor, saved.content);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await screen.findByText(PROMPT_UPDATED);
    expect(listFetches, 'the list is fetched again, and that fetch is still out').toBe(2);
    expect(screen.getByLabelText('main prompt content')).toHaveTextContent(saved.content);
  });
});
