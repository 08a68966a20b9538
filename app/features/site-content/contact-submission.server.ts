import type { Logger } from "pino";
import { renderMail } from "~/core/mail/mail-layout";
import type { Mailer } from "~/core/mail/mailer.server";
import type { RateLimiter } from "~/core/server/rate-limit.server";
import { type Result, refused, succeeded } from "~/core/result";
import { type ContactMessage, contactBody, contactSubject } from "./contact-mailto";

/** Messages accepted per visitor address per hour. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 };

/** The e-mail the practitioner receives: the visitor's words as typed, and her address to answer. */
export const contactMail = (message: ContactMessage) =>
  renderMail({
    subject: contactSubject(message.name),
    // The same words as the mail-to link's body: her message, then her name and address.
    blocks: [{ paragraphs: [contactBody(message)] }],
    footer: `Messaggio inviato dal modulo di contatto del sito. Rispondi a: ${message.email}`,
  });

/** Why a message was not queued: the address's limit is full, or queueing failed (logged). */
export type ContactRefusal = "rateLimited" | "failed";

/**
 * A visitor's message through the site (when e-mail is configured), as the contact form's schema
 * parsed it: limited per address, then queued in the outbox, so a mail server that is down loses
 * nothing (the worker retries).
 */
export async function submitContactMessage(
  deps: { mailer: Mailer; rateLimiter: RateLimiter; logger: Logger },
  input: { message: ContactMessage; clientIp: string },
): Promise<Result<undefined, ContactRefusal>> {
  let counted: Awaited<ReturnType<RateLimiter["take"]>> | null = null;
  try {
    counted = await deps.rateLimiter.take(`contact:ip:${input.clientIp}`, CONTACT_RATE_LIMIT);
    if (!counted.allowed) return refused("rateLimited");
    await deps.mailer.queue(contactMail(input.message));
  } catch (error) {
    deps.logger.error({ err: error }, "queueing a contact message failed");
    if (counted?.allowed) await deps.rateLimiter.forgive(counted).catch(() => {});
    return refused("failed");
  }
  deps.mailer.kick();
  deps.logger.info("contact message queued");
  return succeeded();
}
