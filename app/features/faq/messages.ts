import { refusalTable } from "~/core/forms/refusals";

/** The FAQ's Italian messages: her screens' answers and their field rules. */
export const FAQ_MESSAGES = {
  created: "Domanda aggiunta: è visibile su /domande-frequenti",
  saved: "Domanda salvata",
  deleted: "Domanda eliminata",
  moved: "Ordine aggiornato",
  atEdge: "La domanda è già in quella posizione.",
  groupAtEdge: "Il gruppo è già in quella posizione.",
  groupAdded: "Gruppo aggiunto",
  groupRenamed: "Gruppo rinominato",
  groupDeleted: "Gruppo eliminato",
  deleteQuestion: "Sei sicuro di voler eliminare questa domanda? Non si può annullare.",
  deleteGroupQuestion: "Sei sicuro di voler eliminare questo gruppo?",
  notFound: "La domanda non esiste più: la lista è stata aggiornata.",
  groupNotFound: "Il gruppo non esiste più: la lista è stata aggiornata.",
  groupGone: "Il gruppo scelto non esiste più: scegline un altro.",
  groupNotEmpty: "Il gruppo contiene ancora delle domande: spostale in un altro gruppo o eliminale prima.",
  nameTaken: "Esiste già un gruppo con questo nome: scegline un altro.",
  noGroup: "Crea prima un gruppo, poi aggiungi le domande.",
  invalid: "Controlla i campi evidenziati: la domanda non è stata salvata.",
  groupInvalid: "Scrivi il nome del gruppo (al massimo 80 caratteri).",
  failed: "Errore durante il salvataggio: riprova.",

  questionMissing: "Scrivi la domanda.",
  groupMissing: "Scegli il gruppo della domanda.",
  answerEmpty: "Scrivi la risposta.",
  answerTooLong: "La risposta è troppo lunga: accorciala o dividila in due domande.",
  answerInvalid: "La risposta contiene elementi non ammessi: ricarica la pagina e riprova.",
  exampleNotice:
    "Le domande segnate «Esempio» sono state scritte per iniziare: riscrivile con le tue parole (salvandole non sono più esempi) o eliminale.",
} as const;

/** Why a change to her questions or groups was refused: what the screen says, and the status. */
export const FAQ_REFUSALS = refusalTable({
  notFound: { message: FAQ_MESSAGES.notFound, status: 404 },
  groupGone: { message: FAQ_MESSAGES.groupGone, status: 409 },
  groupNotFound: { message: FAQ_MESSAGES.groupNotFound, status: 404 },
  groupNotEmpty: { message: FAQ_MESSAGES.groupNotEmpty, status: 409 },
  nameTaken: { message: FAQ_MESSAGES.nameTaken, status: 409 },
  atEdge: { message: FAQ_MESSAGES.atEdge, status: 409 },
  groupAtEdge: { message: FAQ_MESSAGES.groupAtEdge, status: 409 },
});

export const QUESTION_MAX_LENGTH = 200;
export const GROUP_NAME_MAX_LENGTH = 80;
/** How many questions the home page shows at most. */
export const HOME_FAQ_COUNT = 5;
