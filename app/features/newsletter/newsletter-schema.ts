import { z } from "zod";
import { multiLine, oneLine } from "~/core/forms/field-rules";
import { richTextField } from "~/ui/rich-text/document-schema";
import { CONSENT_MAX, EMAIL_MAX, SUBJECT_MAX } from "./consent";
import { NEWSLETTER_MESSAGES as M } from "./messages";

/** The subscription form: an address and the consent box (no other field: no health data here). */
export const subscribeSchema = z.object({
  email: z
    .string({ error: M.emailMissing })
    .trim()
    .min(1, { error: M.emailMissing })
    .max(EMAIL_MAX, { error: M.emailInvalid })
    .pipe(z.email({ error: M.emailInvalid })),
  consent: z.literal("si", { error: M.consentMissing }),
});

const subject = oneLine(
  z
    .string({ error: M.subjectMissing })
    .trim()
    .min(1, { error: M.subjectMissing })
    .max(SUBJECT_MAX, { error: M.subjectTooLong }),
);
const body = richTextField({ empty: M.bodyEmpty, tooLong: M.bodyTooLong, invalid: M.bodyInvalid });

/** The draft she writes: saved (with its preview) or sent to her as a test. */
export const newsletterDraftSchema = z.object({ intent: z.enum(["save", "test"]), subject, body });

/** Her screen: the consent wording, the draft (saved, tested, sent), or a draft of the new articles. */
export const newsletterAdminSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("consent"),
    consentText: multiLine(
      z
        .string({ error: M.consentMissingAdmin })
        .trim()
        .min(1, { error: M.consentMissingAdmin })
        .max(CONSENT_MAX, { error: M.consentTooLong }),
    ),
  }),
  newsletterDraftSchema,
  z.object({ intent: z.literal("send"), campaignId: z.guid() }),
  z.object({ intent: z.literal("compose") }),
]);
