import { refusalTable } from "~/core/forms/refusals";

/** The recipes' Italian messages: the editor's answers, its field rules and the public pages' notices. */
export const RECIPE_MESSAGES = {
  created: "Ricetta salvata",
  saved: "Modifiche salvate",
  published: "Ricetta pubblicata: è visibile su /ricette",
  deleted: "Ricetta eliminata",
  deleteQuestion: "Sei sicuro di voler eliminare questa ricetta? La foto resta nella presentazione della home.",
  notFound: "La ricetta non esiste più: la lista è stata aggiornata.",
  invalid: "Controlla i campi evidenziati: la ricetta non è stata salvata.",
  failed: "Errore durante il salvataggio della ricetta: riprova.",
  deleteFailed: "Errore durante l'eliminazione della ricetta: riprova.",
  cropsFailed: "Non è stato possibile preparare le immagini della ricetta dalla foto: riprova.",

  photoMissing: "Carica una foto della ricetta, oppure scegline una della presentazione.",
  altMissing: "Descrivi la foto in poche parole: la legge chi non può vederla.",
  photoGone: "La foto scelta non esiste più: scegline un'altra.",
  photoTaken: "Questa foto ha già una ricetta: scegline un'altra o modifica quella ricetta.",
  titleMissing: "Indica il titolo della ricetta.",
  slugFormat:
    "L'indirizzo può contenere solo lettere minuscole senza accenti, cifre e trattini (es. insalata-di-farro).",
  slugTaken: "Esiste già una ricetta con questo indirizzo: cambialo.",
  descriptionMissing: "Scrivi una breve descrizione: compare nell'elenco delle ricette e nei risultati di ricerca.",
  categoryMissing: "Scegli la categoria.",
  cuisineMissing: "Indica la cucina (es. Italiana).",
  servingsInvalid: "Indica per quante porzioni è la ricetta: un numero intero da 1 a 50.",
  prepInvalid: "Indica il tempo di preparazione in minuti: un numero intero da 0 a 2880.",
  cookInvalid: "Indica il tempo di cottura in minuti (0 se non serve cottura): un numero intero fino a 2880.",
  portionInvalid: "Il peso di una porzione è in grammi: un numero intero da 1 a 5000, oppure lascialo vuoto.",
  ingredientsMissing: "Aggiungi almeno un ingrediente.",
  ingredientName: "Scrivi l'ingrediente, oppure rimuovi la riga.",
  quantityInvalid: "Scrivi la quantità come numero, ad esempio 200, 1,5 o 1/2.",
  quantityMissing: "Indica la quantità, oppure scegli «q.b.» come unità.",
  quantityWithQb: "Con «q.b.» la quantità non serve: cancellala o scegli un'altra unità.",
  unitInvalid: "Scegli un'unità dall'elenco.",
  stepsMissing: "Scrivi il procedimento: un passaggio per riga.",
  stepsTooMany: "Al massimo 30 passaggi: unisci quelli più brevi.",
  stepTooLong: "Un passaggio può avere al massimo 600 caratteri: dividilo su più righe.",
  nutrientInvalid:
    "Scrivi un numero non negativo con al massimo un decimale (due per il sale), ad esempio 12 o 12,5, oppure lascia vuoto.",
  energyInvalid: "Scrivi l'energia come numero intero, ad esempio 420, oppure lascia vuoto.",
  energyMissing: "Indica l'energia in kcal: è il primo valore della tabella nutrizionale.",
  energyMismatch: "kJ e kcal non corrispondono (1 kcal = 4,184 kJ): controlla i due valori, o lascia vuoti i kJ.",
  saturatesOverFat: "I grassi saturi non possono superare i grassi totali.",
  sugarsOverCarbohydrate: "Gli zuccheri non possono superare i carboidrati totali.",
  statusInvalid: "Scegli se salvare la ricetta come bozza o pubblicarla.",

  healthClaims:
    "Pubblicità sanitaria: descrivi la ricetta senza promettere risultati (dimagrimento, guarigione, effetti «detox» o «brucia grassi») e senza riferimenti a pazienti.",
  nutritionHint:
    "Per una porzione, come nell'etichetta europea; tutti facoltativi, ma se ne indichi uno serve l'energia in kcal. Sul sito compaiono come valori indicativi, anche per 100 g se indichi il peso della porzione.",
  indicativeValues:
    "Valori indicativi, calcolati sugli ingredienti della ricetta: variano con i prodotti usati e le quantità effettive. Non sostituiscono un piano alimentare personalizzato.",
} as const;

/** Why a save was refused: what the editor says, and the status. */
export const RECIPE_REFUSALS = refusalTable({
  notFound: { message: RECIPE_MESSAGES.notFound, status: 404 },
  photoMissing: { message: RECIPE_MESSAGES.photoMissing, status: 400 },
  altMissing: { message: RECIPE_MESSAGES.altMissing, status: 400 },
  photoGone: { message: RECIPE_MESSAGES.photoGone, status: 400 },
  slugTaken: { message: RECIPE_MESSAGES.slugTaken, status: 400 },
  // Taken by another save at the same moment: the database's unique index decided.
  slugConflict: { message: RECIPE_MESSAGES.slugTaken, status: 409 },
  photoTaken: { message: RECIPE_MESSAGES.photoTaken, status: 409 },
  cropsFailed: { message: RECIPE_MESSAGES.cropsFailed, status: 500 },
  // The image pipeline's own sentence replaces this one (the result's detail).
  imageBusy: { message: RECIPE_MESSAGES.failed, status: 503 },
});

export const TITLE_MAX_LENGTH = 120;
/** The description of her own photo of the recipe. */
export const IMAGE_ALT_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 300;
export const NOTE_MAX_LENGTH = 1000;
export const STEP_MAX_LENGTH = 600;
export const MAX_STEPS = 30;
export const MAX_INGREDIENTS = 60;
