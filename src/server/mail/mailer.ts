// Outgoing mail (password-reset codes, account notices). SMTP_URL set: sent over SMTP.
// Unset: each message is written as an .eml file under DATA_DIR/mail/ (name: UTC time +
// random part, so names sort by time and never clash). Keeps in memory only the promises
// of background sends still running, so close() can wait for them.
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative of `text` (notifications); every value in it escaped. */
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Sends now; rejects when the transport fails. */
  send(message: MailMessage): Promise<void>;
  /**
   * Sends without making the caller wait, logging failures: a reply must neither wait for
   * mail nor reveal through its timing whether a message went out.
   */
  sendInBackground(message: MailMessage): void;
  /** Waits for background sends, then releases the transport. */
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  /** Where .eml files go when there is no SMTP server. */
  mailDir: string;
  from: string;
  log: FastifyBaseLogger;
}

type Deliver = (message: MailMessage & { from: string }) => Promise<void>;

function emlFileName(now: Date): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  return `${stamp}-${randomBytes(6).toString('hex')}.eml`;
}

function fileDelivery(mailDir: string): { deliver: Deliver; close: () => void } {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    deliver: async (message) => {
      const info = await transport.sendMail(message);
      await fs.mkdir(mailDir, { recursive: true });
      await fs.writeFile(path.join(mailDir, emlFileName(new Date())), info.message as Buffer);
    },
    close: () => transport.close(),
  };
}

function smtpDelivery(smtpUrl: string): { deliver: Deliver; close: () => void } {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    deliver: async (message) => {
      await transport.sendMail(message);
    },
    close: () => transport.close(),
  };
}

export function createMailer(options: MailerOptions): Mailer {
  const delivery =
    options.smtpUrl === undefined ? fileDelivery(options.mailDir) : smtpDelivery(options.smtpUrl);
  const pending = new Set<Promise<void>>();
  const send = async (message: MailMessage) => {
    await delivery.deliver({ ...message, from: options.from });
    // The subject says what kind of mail it was; the address and text stay out of the logs.
    options.log.info({ subject: message.subject }, 'mail sent');
  };
  return {
    send,
    sendInBackground(message) {
      const sending = send(message).catch((err: unknown) => {
        options.log.error({ err, subject: message.subject }, 'mail failed');
      });
      pending.add(sending);
      void sending.finally(() => pending.delete(sending));
    },
    async close() {
      await Promise.all(pending);
      delivery.close();
    },
  };
}
