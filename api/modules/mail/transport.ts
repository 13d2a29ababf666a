import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { log } from '../../lib/log';

/** A message ready to leave: the outbox row plus the sender. */
export interface MailMessage {
  id: string;
  kind: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null | undefined;
  replyTo?: string | null | undefined;
  /** When the outbox row was queued: the file's name starts with it (oldest first, and stable). */
  createdAt?: Date | undefined;
}

export interface MailTransport {
  readonly name: 'file' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * The Message-ID is the outbox row's id, the same at every delivery of that row: a message delivered
 * twice (SMTP) is recognised as one by the receiving servers and mail programs.
 */
function toNodemailer(message: MailMessage, domain: string) {
  return {
    messageId: `<${message.id}@${domain}>`,
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
  };
}

function domainOf(address: string): string {
  return /@([^>\s]+)>?\s*$/.exec(address)?.[1] ?? 'localhost';
}

/**
 * The default transport: each message becomes an .eml file in `folder` (`<DATA_DIR>/mail/`), which
 * any mail program opens, plus one log line naming it.
 */
export function fileTransport(folder: string): MailTransport {
  const composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    name: 'file',
    async send(message) {
      const info = await composer.sendMail(toNodemailer(message, domainOf(message.from)));
      await mkdir(folder, { recursive: true, mode: 0o700 });
      // Named by the outbox row (when it was queued, and its id), never by the time of delivery:
      // a row delivered again (its connection lost before it was marked sent) replaces its own
      // file instead of adding a second one (issue 36 point 12).
      const stamp = message.createdAt
        ? `${message.createdAt.toISOString().replace(/[:.]/g, '-')}-`
        : '';
      const name = `${stamp}${message.kind}-${message.id}.eml`;
      const file = join(folder, name);
      // Written beside it, then renamed: a failed write (a full disk) leaves no empty .eml behind.
      const partial = join(folder, `.${name}.partial`);
      try {
        await writeFile(partial, info.message as Buffer, { mode: 0o600 });
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      log('info', 'mail written', { to: message.to, subject: message.subject, file });
    },
    close() {
      composer.close();
    },
  };
}

/** Real delivery through the SMTP server of `SMTP_URL` (smtp://user:pass@host:587). */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(message) {
      const info = await transporter.sendMail(toNodemailer(message, domainOf(message.from)));
      log('info', 'mail sent', { to: message.to, subject: message.subject, id: info.messageId });
    },
    close() {
      transporter.close();
    },
  };
}

export function mailTransportFor(settings: { smtpUrl: string | undefined; dataDir: string }) {
  return settings.smtpUrl
    ? smtpTransport(settings.smtpUrl)
    : fileTransport(join(settings.dataDir, 'mail'));
}
