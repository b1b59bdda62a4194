import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

/** A multipart form with the photo in `palmImage`, encoded once, as a browser sends it. */
export function palmForm(photo: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----palm${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="palmImage"; filename="palm.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface RawUpload {
  socket: Socket;
  /** Resolves with all the server has sent once it matches `pattern`; rejects if the socket closes first. */
  waitFor(pattern: RegExp): Promise<string>;
  /** Resolves with all the server sent, once the connection has closed. */
  closed: Promise<string>;
  /** The final (non-1xx) status the server answered, once it has. */
  status(): number | undefined;
  /** A header of the final answer, once it has been received. */
  header(name: string): string | undefined;
  /** The final answer's body, once it has been received. */
  body(): string;
}

/**
 * POST /api/reading over a plain socket from `localAddress` (any 127.x.y.z on loopback), so a test
 * controls each byte: the head goes at once, then the first `sendBytes` bytes of the body (all by
 * default); the test writes or withholds the rest. The request asks for `Connection: close`, so
 * `closed` marks the end of the answer.
 */
export function rawUpload(
  url: string,
  options: {
    localAddress: string;
    form: { body: Buffer; contentType: string };
    sendBytes?: number;
    headers?: Record<string, string>;
  },
): RawUpload {
  const target = new URL(url);
  const { form } = options;
  const socket = connect({
    host: target.hostname,
    port: Number(target.port),
    localAddress: options.localAddress,
  });
  socket.on('error', () => undefined);
  const headers = {
    Host: target.host,
    'Content-Type': form.contentType,
    'Content-Length': String(form.body.length),
    Connection: 'close',
    ...options.headers,
  };
  const head = `POST /api/reading HTTP/1.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;
  socket.write(head);
  const sendBytes = options.sendBytes ?? form.body.length;
  if (sendBytes > 0) socket.write(form.body.subarray(0, sendBytes));

  let received = '';
  const watchers = new Set<() => void>();
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1');
    for (const watcher of watchers) watcher();
  });
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  const finalAnswer = () => {
    const match = /HTTP\/1\.1 ([2-5]\d\d)[^\r]*\r\n([\s\S]*?)\r\n\r\n([\s\S]*)$/.exec(received);
    return match ? { status: Number(match[1]), head: match[2]!, body: match[3]! } : undefined;
  };

  return {
    socket,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (!pattern.test(received)) return false;
          watchers.delete(check);
          resolve(received);
          return true;
        };
        if (check()) return;
        watchers.add(check);
        void closed.then(() => {
          if (!check()) reject(new Error(`the connection closed before ${pattern} arrived: ${received}`));
        });
      }),
    closed,
    status: () => finalAnswer()?.status,
    header: (name) =>
      new RegExp(`^${name}: *(.*)$`, 'im').exec(finalAnswer()?.head ?? '')?.[1]?.trim() ?? undefined,
    body: () => finalAnswer()?.body ?? '',
  };
}
