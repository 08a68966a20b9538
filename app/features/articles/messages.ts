import { refusalTable } from "~/core/forms/refusals";

/** The articles' Italian messages: the editor's answers, its field rules, the public pages' words. */
export const ARTICLE_MESSAGES = {
  created: "Bozza salvata",
  saved: "Modifiche salvate",
  published: "Articolo pubblicato: è visibile su /articoli",
  scheduled: "Articolo programmato: comparirà su /articoli all'ora indicata",
  unpublished: "Articolo ritirato: ora è una bozza",
  deleted: "Articolo eliminato",
  restored: "Versione ripristinata: controllala e salva per pubblicarla",
  deleteQuestion: "Sei sicuro di voler eliminare questo articolo? Non si può annullare.",
  deleteFailed: "Errore durante l'eliminazione dell'articolo: riprova.",
  unreadable:
    "Il testo di questo articolo non si può leggere (salvato con troppi livelli annidati): riscrivilo e salvalo, oppure eliminalo.",
  notFound: "L'articolo non esiste più: la lista è stata aggiornata.",
  versionNotFound: "Questa versione non esiste più.",
  invalid: "Controlla i campi evidenziati: l'articolo non è stato salvato.",
  failed: "Errore durante il salvataggio dell'articolo: riprova.",
  imageFailed: "Non è stato possibile caricare l'immagine: riprova.",
  imageMissing: "Scegli un'immagine.",
  bodyEmpty: "Scrivi il testo dell'articolo.",
  bodyTooLong: "L'articolo è troppo lungo: dividilo in due articoli.",
  bodyInvalid: "Il testo dell'articolo contiene elementi non ammessi: ricarica la pagina e riprova.",

  titleMissing: "Indica il titolo dell'articolo.",
  slugFormat:
    "L'indirizzo può contenere solo lettere minuscole senza accenti, cifre e trattini (es. colazione-equilibrata).",
  slugTaken: "Esiste già un articolo con questo indirizzo: cambialo.",
  excerptMissing: "Scrivi un breve riassunto: compare nell'elenco degli articoli e nei risultati di ricerca.",
  categoriesMissing: "Scegli almeno una categoria.",
  publishAtInvalid: "Indica data e ora di pubblicazione, ad esempio 15/03/2027 alle 08:00, oppure lascia vuoto.",
  coverAltMissing: "Descrivi l'immagine di copertina per chi non la vede.",
  coverGone: "L'immagine di copertina non esiste più: caricane un'altra.",

  healthAdvertising:
    "Pubblicità sanitaria: un articolo informa. Non promettere risultati (dimagrimento, guarigione, effetti «detox» o «brucia grassi»), non promuovere offerte o sconti e non citare pazienti.",
  medicalNotice:
    "Le informazioni di questo articolo sono di carattere generale e non sostituiscono una visita o un piano alimentare personalizzato.",
} as const;

/** Why a save was refused: what the editor says, and the status. */
export const ARTICLE_REFUSALS = refusalTable({
  notFound: { message: ARTICLE_MESSAGES.notFound, status: 404 },
  slugTaken: { message: ARTICLE_MESSAGES.slugTaken, status: 409 },
  imageGone: { message: ARTICLE_MESSAGES.imageFailed, status: 400 },
  coverGone: { message: ARTICLE_MESSAGES.coverGone, status: 400 },
});

export const TITLE_MAX_LENGTH = 140;
export const EXCERPT_MAX_LENGTH = 300;
export const ALT_MAX_LENGTH = 300;
