import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, localPeers, remotePeers, type RunningServer } from '../src';

const PROMPTS = { main: 'main prompt', visual: 'visual prompt', test: 'scratch prompt' };
const PALM_IMAGE = { width: 800, height: 600, srcset: { webp: '/p/480.webp 480w', jpeg: '/p/480.jpg 480w' } };
const PAGE = {
  preview: {
    title: 'A reading',
    description: 'Lines',
    imagePath: '/card.png',
    imageAlt: 'card',
    palmImage: PALM_IMAGE,
  },
  view: {
    id: 'SharedReading000000000',
    status: 'processing',
    palmUrl: '/p',
    palmImage: PALM_IMAGE,
    reading: null,
    error: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    completedAt: null,
    imageRemovedAfterDays: null,
    unlock: null,
  },
  sharing: { shared: true, includePhoto: false, owner: true, emailAvailable: false },
};
const TOKEN = 'internal-token-0123456789';

describe('local peers', () => {
  it('call whichever service provided them, looked up at call time', async () => {
    const { peers, provide } = localPeers();
    const verify = peers.verifySession;
    provide({ verifySession: (id) => Promise.resolve(id === 'good') });
    provide({ runtimePrompts: () => Promise.resolve(PROMPTS) });
    expect(await verify('good')).toBe(true);
    expect(await verify('bad')).toBe(false);
    expect(await peers.runtimePrompts()).toEqual(PROMPTS);
  });

  it('say which peer no service of the process provides', async () => {
    const { peers } = localPeers();
    await expect(peers.reportPage('id', undefined)).rejects.toThrow(
      /no service in this process provides reportPage/,
    );
    await expect(peers.verifySession('id')).rejects.toThrow(/provides verifySession/);
  });
});

describe('remote peers', () => {
  let server: RunningServer;
  const seen: { token?: string; cookie?: string; authorization?: string } = {};

  beforeAll(async () => {
    const app = express();
    app.get('/api/prompts/runtime', (req, res) => {
      seen.token = req.get('x-internal-token');
      res.json(PROMPTS);
    });
    app.get('/api/reading/:id/page', (req, res) => {
      seen.cookie = req.get('cookie');
      if (req.params.id === 'shared') res.json(PAGE);
      else res.status(404).end();
    });
    app.get('/api/admin/session', (req, res) => {
      seen.authorization = req.get('authorization');
      res.status(req.get('authorization') === 'Bearer good' ? 204 : 401).end();
    });
    server = await listen(app, 0, '127.0.0.1');
  });
  afterAll(() => server.close());

  it('ask each service over HTTP, with the internal token, the visitor’s cookie and the session', async () => {
    const peers = remotePeers({
      ADMIN_AUTH_URL: server.url,
      PROMPT_URL: server.url,
      READING_URL: server.url,
      INTERNAL_TOKEN: TOKEN,
    });
    expect(await peers.runtimePrompts()).toEqual(PROMPTS);
    expect(seen.token).toBe(TOKEN);
    expect(await peers.reportPage('shared', 'owner=abc')).toEqual(PAGE);
    expect(seen.cookie).toBe('owner=abc');
    expect(await peers.reportPage('private', undefined)).toBeNull();
    expect(await peers.verifySession('good')).toBe(true);
    expect(seen.authorization).toBe('Bearer good');
    expect(await peers.verifySession('bad')).toBe(false);
  });

  it('fail closed on a session check that gets no clear yes, and say which service answered an error', async () => {
    const broken = express();
    broken.use((_req, res) => {
      res.status(500).end();
    });
    const down = await listen(broken, 0, '127.0.0.1');
    try {
      const peers = remotePeers({ ADMIN_AUTH_URL: down.url, PROMPT_URL: down.url, READING_URL: down.url });
      expect(await peers.verifySession('good')).toBe(false);
      await expect(peers.runtimePrompts()).rejects.toThrow('the prompt service answered 500');
      await expect(peers.reportPage('shared', undefined)).rejects.toThrow('the reading service answered 500');
    } finally {
      await down.close();
    }
    // Nobody listens there any more: still a "no", never an open door.
    expect(await remotePeers({ ADMIN_AUTH_URL: down.url }).verifySession('good')).toBe(false);
  });

  it('name the setting a process lacks to reach a peer, only when it asks', async () => {
    const peers = remotePeers({});
    await expect(peers.runtimePrompts()).rejects.toThrow(/PROMPT_URL is not set/);
    await expect(peers.reportPage('id', undefined)).rejects.toThrow(/READING_URL is not set/);
    await expect(peers.verifySession('id')).rejects.toThrow(/ADMIN_AUTH_URL is not set/);
  });
});
