import { z } from "zod";

/** "Pubblica il sito" and "Rimetti in preparazione": one form each, one field (decision 73). */
export const publicationSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("publish") }),
  z.object({ intent: z.literal("unpublish") }),
]);

export const PUBLICATION_MESSAGES = {
  published: "Il sito è pubblicato: da adesso tutti lo vedono.",
  unpublished: "Il sito è di nuovo in preparazione: i visitatori vedono solo «Sito in preparazione».",
  unpublishQuestion:
    "Rimettere il sito in preparazione? I visitatori vedranno solo la pagina «Sito in preparazione» finché non lo pubblichi di nuovo.",
  /** The legal details still the example's, named: "il nome, la Partita IVA". */
  legalLeft: (labels: readonly string[]) =>
    `Non puoi ancora pubblicare il sito: ${labels.length === 1 ? "questo dato è" : "questi dati sono"} ancora d'esempio e per legge devono essere i tuoi: ${labels.join(", ")}.`,
} as const;
