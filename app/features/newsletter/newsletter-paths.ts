/** The newsletter's public addresses (no zod, no server code: public pages import this). */
export const NEWSLETTER_PATH = "/newsletter";
export const confirmPath = (token: string) => `${NEWSLETTER_PATH}/conferma/${token}`;
export const unsubscribePath = (token: string) => `${NEWSLETTER_PATH}/disiscriviti/${token}`;
