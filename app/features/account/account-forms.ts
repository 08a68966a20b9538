import { GENERIC_FAILURE } from "~/core/forms/action-result";
import { z } from "zod";
import type { ActionResult } from "~/core/forms/action-result";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_RESET_MESSAGES, PASSWORD_RULE_MESSAGES } from "./messages";

export const ACCOUNT_MESSAGES = {
  currentRequired: "Inserisci la password attuale",
  currentWrong: "La password attuale non è corretta",
  mismatch: "Le due nuove password non coincidono",
  passwordChanged: "Password aggiornata. Le altre sessioni sono state disconnesse.",
  totpStarted: "Scansiona il codice QR con l'app di autenticazione, poi inserisci il codice che mostra.",
  totpCodeRequired: "Inserisci il codice a 6 cifre che mostra l'app",
  totpCodeWrong: "Codice non valido. Controlla che l'ora del telefono sia corretta e riprova.",
  totpEnabled: "Verifica in due passaggi attivata. Conserva i codici di recupero.",
  totpCancelled: "Attivazione annullata",
  totpDisabled: "Verifica in due passaggi disattivata",
  codesRegenerated: "Nuovi codici di recupero generati: quelli precedenti non valgono più.",
  othersSignedOut: "Le altre sessioni sono state disconnesse",
  noOthers: "Non ci sono altre sessioni attive",
  generic: GENERIC_FAILURE,
} as const;

/** The password she signs in with: asked again before any change to how she signs in. */
const currentPassword = z
  .string({ error: ACCOUNT_MESSAGES.currentRequired })
  .max(MAX_PASSWORD_LENGTH, { error: ACCOUNT_MESSAGES.currentWrong });

/** A new password within the length rules, typed twice: the same rules for a change and a reset. */
const newPasswordFields = {
  next: z
    .string({ error: PASSWORD_RULE_MESSAGES.tooShort })
    .min(MIN_PASSWORD_LENGTH, { error: PASSWORD_RULE_MESSAGES.tooShort })
    .max(MAX_PASSWORD_LENGTH, { error: PASSWORD_RULE_MESSAGES.tooLong }),
  confirm: z.string({ error: ACCOUNT_MESSAGES.mismatch }).max(MAX_PASSWORD_LENGTH, ACCOUNT_MESSAGES.mismatch),
};
const typedAlike = (value: { next: string; confirm: string }) => value.next === value.confirm;
const typedAlikeError = { path: ["confirm"], error: ACCOUNT_MESSAGES.mismatch };

/** "Cambia password": the current one, a new one within the length rules, typed twice alike. */
export const passwordChangeSchema = z
  .object({ intent: z.literal("password"), current: currentPassword, ...newPasswordFields })
  .refine(typedAlike, typedAlikeError);

/** "Scegli una nuova password" from a reset link: the link's token and the new password, as for a change. */
export const passwordResetSchema = z
  .object({ token: z.string().max(100), ...newPasswordFields })
  .refine(typedAlike, typedAlikeError);

/** The code of the authenticator app, six digits (a space in the middle as some apps show it). */
const totpCode = z
  .string({ error: ACCOUNT_MESSAGES.totpCodeRequired })
  .regex(/^\s*\d{3}\s?\d{3}\s*$/, { error: ACCOUNT_MESSAGES.totpCodeWrong });

/** Two-factor sign-in: start, confirm with a code, cancel, turn off, new recovery codes. */
export const twoFactorSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("totp-start") }),
  z.object({ intent: z.literal("totp-confirm"), code: totpCode }),
  z.object({ intent: z.literal("totp-cancel") }),
  z.object({ intent: z.literal("totp-disable"), password: currentPassword }),
  z.object({ intent: z.literal("recovery-codes"), password: currentPassword }),
]);

/** "Disconnetti le altre sessioni". */
const sessionsSchema = z.object({ intent: z.literal("logout-others") });

/** Every form of the account screen; `intent` says which. */
export const accountActionSchema = z.discriminatedUnion("intent", [
  passwordChangeSchema,
  ...twoFactorSchema.options,
  sessionsSchema,
]);

type AccountAction = z.infer<typeof accountActionSchema>;
export type AccountIntent = AccountAction["intent"];

/** The form a submission came from, when it is one of this screen's (its fields may still be refused). */
export function accountIntentOf(payload: Record<string, unknown>): AccountIntent | undefined {
  return accountActionSchema.options.map((o) => o.shape.intent.value).find((i) => i === payload.intent);
}

/** What the account screen shows after a change: the result, for which form, and which field it is about. */
export type AccountResult = ActionResult & { intent: AccountIntent; recoveryCodes?: string[]; field?: string };

/** "Password dimenticata?": the address to send the link to. */
export const passwordForgotSchema = z.object({
  email: z
    .string({ error: PASSWORD_RESET_MESSAGES.emailRequired })
    .trim()
    .max(254, { error: PASSWORD_RESET_MESSAGES.emailInvalid })
    .pipe(z.email({ error: PASSWORD_RESET_MESSAGES.emailInvalid })),
});
