import { z } from "zod";

/** "Invia un'e-mail di prova": the button's form, checked by the browser and the server alike. */
export const testMailSchema = z.object({ intent: z.literal("email-prova") });
