import { refusalTable } from "~/core/forms/refusals";

/** Sign-in messages (those in docs/product.md verbatim); shared by the server and the page. */
export const LOGIN_MESSAGES = {
  missingFields: "Inserisci email e password",
  success: "Login effettuato con successo!",
  /** One message for a wrong email and a wrong password, so accounts cannot be discovered. */
  invalidCredentials: "Email o password non corretti",
  throttled: "Troppi tentativi di accesso non riusciti. Per sicurezza l'accesso è bloccato: riprova tra 15 minuti.",
  /** The account's limit is full (strangers may have filled it): the second factor still opens the way. */
  accountThrottled:
    "Troppi tentativi di accesso non riusciti per questo account. Se hai attivato la verifica in due passaggi, " +
    "inserisci anche il codice di verifica per accedere subito; altrimenti riprova tra un'ora.",
  /** Too many passwords being checked at this moment (the server's memory is kept for the site). */
  busy: "Troppi accessi in questo momento: riprova tra qualche secondo.",
  generic: "Errore durante il login",
  missingCode: "Inserisci il codice di verifica",
  invalidCode: "Codice non valido o già usato. Riprova.",
  codeExpired: "La verifica è scaduta: accedi di nuovo.",
} as const;

/** Why a sign-in step was refused: what the page says, and the status. */
export const LOGIN_REFUSALS = refusalTable({
  invalidCredentials: { message: LOGIN_MESSAGES.invalidCredentials, status: 401 },
  throttled: { message: LOGIN_MESSAGES.throttled, status: 429 },
  accountThrottled: { message: LOGIN_MESSAGES.accountThrottled, status: 429 },
  busy: { message: LOGIN_MESSAGES.busy, status: 429 },
  invalidCode: { message: LOGIN_MESSAGES.invalidCode, status: 401 },
  codeExpired: { message: LOGIN_MESSAGES.codeExpired, status: 401 },
});

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

/** "Password dimenticata?": the request for a link, the link itself, the new password. */
export const PASSWORD_RESET_MESSAGES = {
  emailRequired: "Inserisci l'indirizzo email dell'amministratore",
  emailInvalid: "Inserisci un indirizzo email valido",
  /** The same answer whether or not the address is the administrator's: nobody learns which it is. */
  requested:
    "Se l'indirizzo è quello dell'amministratore, tra poco riceverai un'email con un link per scegliere una " +
    "nuova password. Il link vale 30 minuti e si può usare una volta sola. Controlla anche la posta indesiderata.",
  throttled: "Troppe richieste in poco tempo. Per sicurezza attendi un'ora prima di chiederne un'altra.",
  mailOff: "L'invio di email non è configurato su questo sito, quindi il link non può essere inviato.",
  linkUsed: "Questo link è già stato usato. Se ti serve di nuovo, chiedi un nuovo link.",
  linkExpired: "Questo link è scaduto: vale 30 minuti. Chiedi un nuovo link, arriverà in pochi istanti.",
  linkUnknown:
    "Questo link non è valido. Controlla di averlo aperto per intero dall'email, oppure chiedi un nuovo link.",
  changed: "Password aggiornata. Accedi con la nuova password.",
  mailSubject: "Reimposta la password del sito",
} as const;

/** Why no reset link was sent: what the page says, and the status. */
export const PASSWORD_RESET_REFUSALS = refusalTable({
  mailOff: { message: PASSWORD_RESET_MESSAGES.mailOff, status: 503 },
  throttled: { message: PASSWORD_RESET_MESSAGES.throttled, status: 429 },
});

/** Why a reset link no longer works, by its state. */
export const RESET_LINK_MESSAGES = {
  used: PASSWORD_RESET_MESSAGES.linkUsed,
  expired: PASSWORD_RESET_MESSAGES.linkExpired,
  unknown: PASSWORD_RESET_MESSAGES.linkUnknown,
} as const;
