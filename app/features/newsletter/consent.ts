/** The consent wording under the form until she writes her own (no zod: public pages import this). */
export const DEFAULT_CONSENT_TEXT =
  "Acconsento a ricevere la newsletter dello studio (articoli, ricette e novità) all'indirizzo indicato. Puoi disiscriverti in ogni momento dal link in fondo a ogni e-mail.";

/** The longest e-mail address the form takes (RFC 5321's path). */
export const EMAIL_MAX = 254;
export const CONSENT_MAX = 1000;
export const SUBJECT_MAX = 150;
/** How long a confirmation link works; a pending address is deleted once it has expired (privacy page). */
export const PENDING_DAYS = 7;
