import { SMTPServer } from 'smtp-server';

export interface MailPart {
  headers: Record<string, string>;
  contentType: string;
  filename: string | null;
  body: Buffer;
}

export interface ReceivedMail {
  envelopeTo: string[];
  raw: string;
  headers: Record<string, string>;
  subject: string;
  messageId: string;
  parts: MailPart[];
  text: string;
  html: string;
  attachments: MailPart[];
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

const decodeWords = (s: string): string =>
  s.replace(/=\?([^?]+)\?([BQbq])\?([^?]*)\?=\s*/g, (_, _cs, enc: string, text: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : Buffer.from(decodeQp(text.replace(/_/g, ' ')), 'latin1').toString('utf8'),
  );

function decodeQp(s: string): string {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** A small MIME reader: enough for what nodemailer writes (multipart, base64, quoted-printable). */
function parsePart(raw: string): MailPart[] {
  const split = raw.indexOf('\r\n\r\n');
  const headers = parseHeaders(split < 0 ? raw : raw.slice(0, split));
  const body = split < 0 ? '' : raw.slice(split + 4);
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const pieces = body.split(`--${boundary}`).slice(1);
    return pieces.filter((p) => !p.startsWith('--')).flatMap((p) => parsePart(p.replace(/^\r\n/, '')));
  }
  const enc = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const buf = enc === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : enc === 'quoted-printable' ? Buffer.from(decodeQp(body), 'latin1') : Buffer.from(body, 'latin1');
  const filename = /filename="?([^";]+)"?/i.exec(headers['content-disposition'] ?? '')?.[1] ?? /name="?([^";]+)"?/i.exec(contentType)?.[1] ?? null;
  return [{ headers, contentType: contentType.split(';')[0].trim().toLowerCase(), filename, body: buf }];
}

export function parseMail(raw: string, envelopeTo: string[] = []): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const headers = parseHeaders(raw.slice(0, split));
  const parts = parsePart(raw);
  const textPart = parts.find((p) => p.contentType === 'text/plain' && !p.filename);
  const htmlPart = parts.find((p) => p.contentType === 'text/html' && !p.filename);
  return {
    envelopeTo,
    raw,
    headers,
    subject: decodeWords(headers.subject ?? ''),
    messageId: headers['message-id'] ?? '',
    parts,
    text: textPart ? textPart.body.toString('utf8') : '',
    html: htmlPart ? htmlPart.body.toString('utf8') : '',
    attachments: parts.filter((p) => p.filename),
  };
}

export interface SmtpSink {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** The next `n` messages are refused with a 451 (temporary failure). */
  rejectNext(n: number): void;
  /**
   * The next message is held before the server answers it (its sender waits) until `release()`; `held` resolves
   * once it arrived. It is kept in `messages` when released.
   */
  holdNext(): { held: Promise<void>; release(): void };
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 (smtp-server) that keeps every message it accepts. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  let reject = 0;
  let hold: { arrived: () => void; released: Promise<void> } | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (reject > 0) {
          reject--;
          const err = Object.assign(new Error('Try again later'), { responseCode: 451 });
          return callback(err);
        }
        const mail = parseMail(Buffer.concat(chunks).toString('latin1'), session.envelope.rcptTo.map((r) => r.address));
        const held = hold;
        hold = undefined;
        if (!held) {
          messages.push(mail);
          return callback();
        }
        held.arrived();
        void held.released.then(() => {
          messages.push(mail);
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const actual = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    messages,
    rejectNext: (n) => (reject = n),
    holdNext() {
      let arrived!: () => void;
      let release!: () => void;
      const held = new Promise<void>((r) => (arrived = r));
      hold = { arrived, released: new Promise<void>((r) => (release = r)) };
      return { held, release };
    },
    async waitFor(count, timeoutMs = 20_000) {
      const started = Date.now();
      while (messages.length < count) {
        if (Date.now() - started > timeoutMs) throw new Error(`expected ${count} messages, got ${messages.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
