import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface LocalSmtpServer {
  url: string;
  /** Every message the server accepted, parsed. */
  received: ParsedMail[];
  /** Deliveries refused with 451 ("try again later"). */
  refusals: number;
  /** How many of the next deliveries to refuse; Infinity refuses them all. */
  refuseNext: number;
  close(): Promise<void>;
}

/** A real SMTP server on a free port (the smtp-server package) that accepts or refuses as told. */
export async function startLocalSmtpServer(): Promise<LocalSmtpServer> {
  const smtp: LocalSmtpServer = {
    url: '',
    received: [],
    refusals: 0,
    refuseNext: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (smtp.refuseNext > 0) {
          smtp.refuseNext -= 1;
          smtp.refusals += 1;
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            smtp.received.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  smtp.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return smtp;
}
