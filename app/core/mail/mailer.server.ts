import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { MailSettings } from "~/core/config/env.server";
import type { OutboxMail } from "~/core/db/schema";
import type { Executor } from "~/core/db/database.server";
import type { MailMessage, MailOutbox } from "./outbox.server";

/** Sends one message; throws when the mail server is unreachable or refuses it. */
interface MailTransport {
  send(mail: OutboxMail, from: string): Promise<void>;
  close(): void;
}

class MailRefusedError extends Error {
  override name = "MailRefusedError";
  /** The SMTP reply code, when the server answered. */
  readonly responseCode: number | undefined;
  constructor(message: string, responseCode: number | undefined) {
    super(message);
    this.responseCode = responseCode;
  }
}

/** nodemailer over SMTP_URL, as every mail of the site goes (the outbox's worker, the site's status test). */
export function openSmtp(smtpUrl: string) {
  return nodemailer.createTransport({
    url: smtpUrl,
    // Short timeouts: a dead server costs a retry, not a worker stuck for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}

/** Over SMTP with nodemailer; the outbox id becomes the Message-ID, so a repeat is recognisable as one. */
function createSmtpTransport(smtpUrl: string): MailTransport {
  const transport = openSmtp(smtpUrl);
  return {
    async send(mail, from) {
      try {
        await transport.sendMail({
          from,
          to: mail.recipient,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          replyTo: mail.replyTo ?? undefined,
          headers: mail.headers ?? undefined,
          attachments: mail.attachments?.map((file) => ({ ...file })) ?? [],
          messageId: `<${mail.id}@outbox.studio-nutrizione>`,
        });
      } catch (error) {
        const e = error as { message?: string; responseCode?: number };
        throw new MailRefusedError(e.message ?? String(error), e.responseCode);
      }
    },
    close: () => transport.close(),
  };
}

/**
 * Permanent refusals are given up at once; everything else (server down,
 * 4xx, wrong password the operator will fix) is retried with backoff.
 */
function isPermanent(error: unknown): boolean {
  const code = error instanceof MailRefusedError ? error.responseCode : undefined;
  return code !== undefined && code >= 500 && ![530, 534, 535].includes(code);
}

export interface Mailer {
  /** False without SMTP_URL and MAIL_FROM: nothing is queued or sent. */
  readonly enabled: boolean;
  /**
   * Where notices go: MAIL_TO, or else the practice address as published now, read through
   * `executor` when given (a caller's transaction never waits for a second connection).
   */
  recipient(executor?: Executor): Promise<string | null>;
  /** Queues a notice for the practitioner, in the caller's transaction when one is given. */
  queue(message: Omit<MailMessage, "recipient">, executor?: Executor): Promise<void>;
  /**
   * Queues a message for one given address (a patient's booking, an account's password reset link),
   * in the caller's transaction when one is given. Its Reply-To is the practice address (read as
   * `recipient`'s fallback is): a reply reaches the practice, not the site's sending address.
   */
  queueTo(recipient: string, message: Omit<MailMessage, "recipient">, executor?: Executor): Promise<void>;
  /** A message was committed: send now rather than at the next poll. */
  kick(): void;
  status(): ReturnType<MailOutbox["status"]>;
  /** Deletes the outbox's copies kept long enough (sent, or given up); run hourly by the server. */
  purgeOld(): Promise<number>;
  close(): Promise<void>;
}

interface MailerOptions {
  outbox: MailOutbox;
  settings: MailSettings | undefined;
  /**
   * The practice address, used when MAIL_TO is unset (read when a notice is queued: she may change
   * it), through the queueing transaction's executor when there is one.
   */
  fallbackRecipient: string | ((executor?: Executor) => Promise<string>);
  logger: Logger;
  transport?: MailTransport;
  /** How often the worker looks for due messages (other instances' and retries). */
  pollMs?: number;
}

/**
 * The notices queue and its worker. Every app instance runs a worker; rows
 * are claimed with FOR UPDATE SKIP LOCKED, so each message goes to one of them.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { outbox, settings, logger } = options;
  if (!settings) {
    return {
      enabled: false,
      recipient: async () => null,
      queue: async () => {},
      queueTo: async () => {},
      kick: () => {},
      status: () => outbox.status(),
      purgeOld: () => outbox.purgeOld(),
      close: async () => {},
    };
  }
  const { fallbackRecipient } = options;
  const practiceAddress = async (executor?: Executor) =>
    typeof fallbackRecipient === "string" ? fallbackRecipient : await fallbackRecipient(executor);
  const recipient = async (executor?: Executor) => settings.to ?? (await practiceAddress(executor));
  const transport = options.transport ?? createSmtpTransport(settings.smtpUrl);
  let closed = false;
  let again = false;
  let draining: Promise<void> | null = null;

  const sendDue = async () => {
    for (;;) {
      if (closed) return;
      const [mail] = await outbox.claimDue(1);
      if (!mail) return;
      try {
        await transport.send(mail, settings.from);
        await outbox.markSent(mail.id);
        logger.info({ mailId: mail.id }, "notice e-mail sent");
      } catch (error) {
        const permanent = isPermanent(error);
        await outbox.markFailed(mail, error instanceof Error ? error.message : String(error), permanent);
        logger.warn({ mailId: mail.id, attempts: mail.attempts, permanent, err: error }, "notice e-mail not sent");
      }
    }
  };

  const drain = () => {
    if (draining) {
      again = true;
      return;
    }
    draining = sendDue()
      .catch((error) => logger.error({ err: error }, "mail worker failed"))
      .finally(() => {
        draining = null;
        if (again && !closed) {
          again = false;
          drain();
        }
      });
  };

  const timer = setInterval(drain, options.pollMs ?? 5_000);
  timer.unref();
  drain();

  return {
    enabled: true,
    recipient,
    queue: async (message, executor) =>
      void (await outbox.enqueue({ ...message, recipient: await recipient(executor) }, executor)),
    queueTo: async (to, message, executor) =>
      void (await outbox.enqueue({ ...message, recipient: to, replyTo: await practiceAddress(executor) }, executor)),
    kick: drain,
    status: () => outbox.status(),
    purgeOld: () => outbox.purgeOld(),
    async close() {
      closed = true;
      clearInterval(timer);
      await draining;
      transport.close();
    },
  };
}
