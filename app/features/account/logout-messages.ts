/**
 * What logging out says, either way. Apart from the sign-in messages: the header's logout button is on
 * every public page, and this is all its code needs.
 */
export const LOGOUT_MESSAGES = {
  success: "Logout effettuato con successo",
  failure: "Errore durante il logout",
} as const;
