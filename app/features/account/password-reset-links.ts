/** Where "Password dimenticata?" lives: beside the sign-in page, and where its e-mailed links point. */
export const FORGOT_PASSWORD_PATH = "/admin-login/password-dimenticata";
export const NEW_PASSWORD_PATH = "/admin-login/nuova-password";

/** What a reset link is now: to be used, already used, expired, or not one of ours. */
export type ResetLinkState = "valid" | "used" | "expired" | "unknown";
