/** Sign-in messages (those in docs/product.md verbatim); shared by the server and the page. */
export const LOGIN_MESSAGES = {
  missingFields: "Inserisci email e password",
  success: "Login effettuato con successo!",
  /** One message for a wrong email and a wrong password, so accounts cannot be discovered. */
  invalidCredentials: "Email o password non corretti",
  throttled: "Troppi tentativi di accesso non riusciti. Per sicurezza l'accesso è bloccato: riprova tra 15 minuti.",
  generic: "Errore durante il login",
  missingCode: "Inserisci il codice di verifica",
  invalidCode: "Codice non valido o già usato. Riprova.",
  codeExpired: "La verifica è scaduta: accedi di nuovo.",
} as const;

/** Passwords have at least 10 characters. */
export const MIN_PASSWORD_LENGTH = 10;
/** Beyond this, hashing becomes a denial-of-service lever. */
export const MAX_PASSWORD_LENGTH = 200;

/** What a new password that breaks the rules is told. */
export const PASSWORD_RULE_MESSAGES = {
  tooShort: `La password deve avere almeno ${MIN_PASSWORD_LENGTH} caratteri`,
  tooLong: `La password può avere al massimo ${MAX_PASSWORD_LENGTH} caratteri`,
  controlCharacters:
    "La password non può contenere caratteri di controllo (un a capo, una tabulazione, il tasto Esc…): " +
    "al momento dell'accesso non si potrebbero digitare",
} as const;
