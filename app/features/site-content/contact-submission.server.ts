import type { Logger } from "pino";
import { type ActionResult, firstError } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import type { Mailer } from "~/core/mail/mailer.server";
import type { RateLimiter } from "~/core/server/rate-limit.server";
import { type ContactMessage, contactBody, contactSubject } from "./contact-mailto";
import { contactSchema } from "./contact-schema";
import { CONTACT_FORM_MESSAGES } from "./messages";

/** Messages accepted per visitor address per hour. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 };

export type ContactSubmission = ActionResult & { status: 200 | 400 | 429 | 500 };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The e-mail the practitioner receives: the visitor's words as typed, and her address to answer. */
export function contactMail(message: ContactMessage) {
  const subject = contactSubject(message.name);
  const text = `${contactBody(message)}\n\n—\nMessaggio inviato dal modulo di contatto del sito. Rispondi a: ${message.email}`;
  const html = `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2a24">
<p style="white-space:pre-wrap">${escapeHtml(message.message)}</p>
<p>${escapeHtml(message.name)}<br><a href="mailto:${escapeHtml(message.email)}">${escapeHtml(message.email)}</a></p>
<p style="color:#5b665f;font-size:0.9em">Messaggio inviato dal modulo di contatto del sito.</p>
</body></html>`;
  return { subject, text, html };
}

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
