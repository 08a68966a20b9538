import type { Logger } from "pino";
import { type ActionResult, firstError } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { renderMail } from "~/core/mail/mail-layout";
import type { Mailer } from "~/core/mail/mailer.server";
import type { RateLimiter } from "~/core/server/rate-limit.server";
import { type ContactMessage, contactBody, contactSubject } from "./contact-mailto";
import { contactSchema } from "./contact-schema";
import { CONTACT_FORM_MESSAGES } from "./messages";

/** Messages accepted per visitor address per hour. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 };

export type ContactSubmission = ActionResult & { status: 200 | 400 | 429 | 500 };

/** The e-mail the practitioner receives: the visitor's words as typed, and her address to answer. */
export const contactMail = (message: ContactMessage) =>
  renderMail({
    subject: contactSubject(message.name),
    // The same words as the mail-to link's body: her message, then her name and address.
    blocks: [{ paragraphs: [contactBody(message)] }],
    footer: `Messaggio inviato dal modulo di contatto del sito. Rispondi a: ${message.email}`,
  });

/**
 * A visitor's message through the site (when e-mail is configured): checked by the schema, limited
 * per address, then queued in the outbox, so a mail server that is down loses nothing (the worker retries).
 */
export async function submitContactMessage(
  deps: { mailer: Mailer; rateLimiter: RateLimiter; logger: Logger },
  input: { form: FormData; clientIp: string },
): Promise<ContactSubmission> {
  const submission = parseSubmission(input.form, contactSchema);
  if (submission.status !== "success") {
    if (!(await deps.rateLimiter.countRefusal(input.clientIp)))
      return { ok: false, status: 429, message: CONTACT_FORM_MESSAGES.rateLimited };
    return {
      ok: false,
      status: 400,
      message: firstError(submission.error)?.[1] ?? CONTACT_FORM_MESSAGES.failed,
      reply: submission.reply(),
    };
  }
  let counted: Awaited<ReturnType<RateLimiter["take"]>> | null = null;
  try {
    counted = await deps.rateLimiter.take(`contact:ip:${input.clientIp}`, CONTACT_RATE_LIMIT);
    if (!counted.allowed) return { ok: false, status: 429, message: CONTACT_FORM_MESSAGES.rateLimited };
    await deps.mailer.queue(contactMail(submission.value));
  } catch (error) {
    deps.logger.error({ err: error }, "queueing a contact message failed");
    if (counted?.allowed) await deps.rateLimiter.forgive(counted).catch(() => {});
    return { ok: false, status: 500, message: CONTACT_FORM_MESSAGES.failed };
  }
  deps.mailer.kick();
  deps.logger.info("contact message queued");
  return { ok: true, status: 200, message: CONTACT_FORM_MESSAGES.sent };
}
