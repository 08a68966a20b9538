import { z } from "zod";
import { multiLine, oneLine } from "~/core/forms/field-rules";
import { CONTACT_EMAIL_MAX, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX } from "./contact-limits";
import { CONTACT_FORM_MESSAGES } from "./messages";

/** The contact form as the site receives it when e-mail is configured. */
export const contactSchema = z.object({
  name: oneLine(
    z
      .string({ error: CONTACT_FORM_MESSAGES.nameRequired })
      .trim()
      .min(1, { error: CONTACT_FORM_MESSAGES.nameRequired })
      .max(CONTACT_NAME_MAX, { error: CONTACT_FORM_MESSAGES.nameTooLong }),
  ),
  email: z
    .string({ error: CONTACT_FORM_MESSAGES.emailInvalid })
    .trim()
    .max(CONTACT_EMAIL_MAX, { error: CONTACT_FORM_MESSAGES.emailInvalid })
    .pipe(z.email({ error: CONTACT_FORM_MESSAGES.emailInvalid })),
  message: multiLine(
    z
      .string({ error: CONTACT_FORM_MESSAGES.messageRequired })
      .trim()
      .min(1, { error: CONTACT_FORM_MESSAGES.messageRequired })
      .max(CONTACT_MESSAGE_MAX, { error: CONTACT_FORM_MESSAGES.messageTooLong }),
  ),
});
