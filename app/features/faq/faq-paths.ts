/** The FAQ's addresses: the public page, a question's place on it, her screens. */
export const FAQ_PATH = "/domande-frequenti";
export const ADMIN_FAQ = "/admin/domande";

export const questionAnchor = (id: string) => `domanda-${id}`;
