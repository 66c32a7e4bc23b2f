import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the capture server received it, with its MIME parts decoded. */
export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpCapture {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  readonly url: string;
  readonly messages: CapturedMail[];
  /** Resolves with the next message sent to `to` (or already received and not yet taken). */
  nextMessage(to: string, timeoutMs?: number): Promise<CapturedMail>;
  /** While true, every message is refused with a 550, as a failing mail server would. */
  rejectAll: boolean;
  close(): Promise<void>;
}

/** Decodes quoted-printable (RFC 2045 §6.7) into UTF-8 text. */
export function decodeQuotedPrintable(input: string): string {
  const softBreaksRemoved = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < softBreaksRemoved.length; i += 1) {
    const char = softBreaksRemoved[i];
    const hex = softBreaksRemoved.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const index = raw.search(/\r?\n\r?\n/);
  const head = index === -1 ? raw : raw.slice(0, index);
  const body = index === -1 ? '' : raw.slice(index).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64') return Buffer.from(part.body, 'base64').toString('utf8');
  return part.body;
}

/** Collects the text/plain and text/html bodies of a (possibly nested multipart) message. */
function collectBodies(part: Part, out: { text: string; html: string }): void {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collectBodies(splitPart(section.replace(/^\r?\n/, '')), out);
    }
    return;
  }
  if (type.toLowerCase().startsWith('text/html')) out.html += decodeBody(part);
  else if (type.toLowerCase().startsWith('text/plain')) out.text += decodeBody(part);
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): CapturedMail {
  const top = splitPart(raw);
  const bodies = { text: '', html: '' };
  collectBodies(top, bodies);
  return {
    from: top.headers.get('from') ?? envelope.from,
    to: envelope.to,
    subject: top.headers.get('subject') ?? '',
    ...bodies,
    raw,
  };
}

/** A real SMTP server on a free local port that keeps every message it accepts. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const taken = new Set<CapturedMail>();
  const waiters: Array<{ to: string; resolve: (mail: CapturedMail) => void }> = [];
  const state = { rejectAll: false };

  const deliver = (mail: CapturedMail) => {
    messages.push(mail);
    const waiter = waiters.find((w) => mail.to.includes(w.to));
    if (waiter) {
      waiters.splice(waiters.indexOf(waiter), 1);
      taken.add(mail);
      waiter.resolve(mail);
    }
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.rejectAll) {
          const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
          callback(error);
          return;
        }
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        deliver(parseMail(Buffer.concat(chunks).toString('utf8'), envelope));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get rejectAll() {
      return state.rejectAll;
    },
    set rejectAll(value: boolean) {
      state.rejectAll = value;
    },
    nextMessage(to, timeoutMs = 10_000) {
      const ready = messages.find((m) => m.to.includes(to) && !taken.has(m));
      if (ready) {
        taken.add(ready);
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const waiter = { to, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const index = waiters.indexOf(waiter);
          if (index === -1) return;
          waiters.splice(index, 1);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs).unref();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The sign-in link in a captured mail's text body. */
export function signInLinkFrom(mail: CapturedMail): string {
  const match = /https?:\/\/\S+\/finishSignUp\?token=[A-Za-z0-9_-]+/.exec(mail.text);
  if (!match) throw new Error(`no sign-in link in mail:\n${mail.text}`);
  return match[0];
}
