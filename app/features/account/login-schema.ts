import { z } from "zod";
import { oneLine } from "~/core/forms/field-rules";
import type { ActionResult } from "~/core/forms/action-result";
import { LOGIN_MESSAGES } from "./messages";

/** The two steps of signing in, as the page shows them. */
export type LoginStep = "password" | "code";

/** What the login page shows after a refused attempt: the step to show and the email as typed. */
export type LoginResult = ActionResult & {
  step: LoginStep;
  email: string;
  /** The password step also asks for the second factor (the account's limit is full; decision 45). */
  withCode?: boolean;
};

const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

/** Step one: email and password (one message for either missing, as the form shows it once). */
export const passwordStepSchema = z.object({
  intent: z.literal("password").default("password"),
  // One line: the address is looked up and counted in the database, which refuses NUL.
  email: oneLine(
    required(LOGIN_MESSAGES.missingFields).max(320, { error: LOGIN_MESSAGES.invalidCredentials }),
    LOGIN_MESSAGES.invalidCredentials,
  ),
  // Not trimmed: spaces may be part of a password.
  password: z.string({ error: LOGIN_MESSAGES.missingFields }).min(1, { error: LOGIN_MESSAGES.missingFields }).max(1000),
  /** Asked only once the account's limit is full: the second factor, sent with the password. */
  code: oneLine(
    z.string().trim().max(40, { error: LOGIN_MESSAGES.invalidCode }),
    LOGIN_MESSAGES.invalidCode,
  ).optional(),
});

/** Step two: the authenticator's code or a recovery code; or giving up. */
export const codeStepSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("code"),
    code: oneLine(
      required(LOGIN_MESSAGES.missingCode).max(40, { error: LOGIN_MESSAGES.invalidCode }),
      LOGIN_MESSAGES.invalidCode,
    ),
  }),
  z.object({ intent: z.literal("cancel") }),
]);

/** Every post of the sign-in page: a form without `intent` is the password step (a script's, or an older page's). */
export const loginSchema = z.discriminatedUnion("intent", [passwordStepSchema, ...codeStepSchema.options]);
export type LoginInput = z.output<typeof loginSchema>;
