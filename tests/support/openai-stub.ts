import express from 'express';
import { listen, type RunningServer } from '@palm/platform';

export interface RecordedRequest {
  authorization: string | undefined;
  body: ResponsesRequestBody;
}

export interface ResponsesRequestBody {
  model: string;
  instructions?: string;
  input: { role: string; content: { type: string; text?: string; image_url?: string; detail?: string }[] }[];
  text?: { format?: { type: string; name?: string; strict?: boolean; schema?: Record<string, unknown> } };
}

/** What the stub answers: the model's text, or an HTTP error status. */
export type StubReply = { text: string } | { status: number };

export interface OpenAIStub {
  baseURL: string;
  requests: RecordedRequest[];
  reply(next: (body: ResponsesRequestBody) => StubReply): void;
  close(): Promise<void>;
}

/** A local OpenAI-compatible server answering POST /v1/responses in the Responses API's shape. */
export async function startOpenAIStub(): Promise<OpenAIStub> {
  const requests: RecordedRequest[] = [];
  let respond: (body: ResponsesRequestBody) => StubReply = () => ({ status: 500 });
  const app = express();
  app.use(express.json({ limit: '20mb' }));
  app.post('/v1/responses', (req, res) => {
    const body = req.body as ResponsesRequestBody;
    requests.push({ authorization: req.headers.authorization, body });
    const reply = respond(body);
    if ('status' in reply) {
      res.status(reply.status).json({ error: { message: 'stub failure', type: 'invalid_request_error' } });
      return;
    }
    res.json(responseObject(body, reply.text));
  });
  const server: RunningServer = await listen(app, 0, '127.0.0.1');
  return {
    baseURL: `${server.url}/v1`,
    requests,
    reply(next) {
      respond = next;
    },
    close: () => server.close(),
  };
}

function responseObject(body: ResponsesRequestBody, text: string) {
  return {
    id: 'resp_stub',
    object: 'response',
    created_at: Math.floor(Date.now() / 1000),
    status: 'completed',
    model: body.model,
    instructions: body.instructions ?? null,
    error: null,
    incomplete_details: null,
    metadata: {},
    parallel_tool_calls: true,
    temperature: 1,
    top_p: 1,
    tool_choice: 'auto',
    tools: [],
    output: [
      {
        type: 'message',
        id: 'msg_stub',
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text, annotations: [] }],
      },
    ],
    output_text: text,
    usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 },
  };
}
