import { z } from "zod";
import type { ActionResult } from "~/forms/action-result";
import { MAX_PASSWORD_LENGTH } from "../messages";

// Missing fields arrive as "" so each action can say which one is missing, in its own words.
const text = z.string().max(MAX_PASSWORD_LENGTH * 2).default("");

/** "Cambia password". */
export const passwordChangeSchema = z.object({ intent: z.literal("password"), current: text, next: text, confirm: text });

/** Two-factor sign-in: start, confirm with a code, cancel, turn off, new recovery codes. */
export const twoFactorSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("totp-start") }),
  z.object({ intent: z.literal("totp-confirm"), code: text }),
  z.object({ intent: z.literal("totp-cancel") }),
  z.object({ intent: z.literal("totp-disable"), password: text }),
  z.object({ intent: z.literal("recovery-codes"), password: text }),
]);

/** "Disconnetti le altre sessioni". */
export const sessionsSchema = z.object({ intent: z.literal("logout-others") });

/** Every form of the account screen; `intent` says which. */
export const accountActionSchema = z.discriminatedUnion("intent", [
  passwordChangeSchema,
  ...twoFactorSchema.options,
  sessionsSchema,
]);

export type AccountAction = z.infer<typeof accountActionSchema>;
export type AccountIntent = AccountAction["intent"];

/** What the account screen shows after a change: the result, for which form, and which field it is about. */
export type AccountResult = ActionResult & { intent: AccountIntent; recoveryCodes?: string[]; field?: string };

export const ACCOUNT_MESSAGES = {
  currentRequired: "Inserisci la password attuale",
  currentWrong: "La password attuale non è corretta",
  mismatch: "Le due nuove password non coincidono",
  passwordChanged: "Password aggiornata. Le altre sessioni sono state disconnesse.",
  totpStarted: "Scansiona il codice QR con l'app di autenticazione, poi inserisci il codice che mostra.",
  totpCodeWrong: "Codice non valido. Controlla che l'ora del telefono sia corretta e riprova.",
  totpEnabled: "Verifica in due passaggi attivata. Conserva i codici di recupero.",
  totpCancelled: "Attivazione annullata",
  totpDisabled: "Verifica in due passaggi disattivata",
  codesRegenerated: "Nuovi codici di recupero generati: quelli precedenti non valgono più.",
  othersSignedOut: "Le altre sessioni sono state disconnesse",
  noOthers: "Non ci sono altre sessioni attive",
  generic: "Si è verificato un errore",
} as const;

