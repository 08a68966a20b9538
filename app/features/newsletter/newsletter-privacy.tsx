import { PENDING_DAYS } from "./consent";

/** The privacy page's words on the newsletter (decision 64). */
export function NewsletterPrivacy() {
  return (
    <>
      <h3 id="newsletter">Newsletter</h3>
      <p>
        Se ti iscrivi alla newsletter, tratto solo il tuo indirizzo email, per inviarti articoli, ricette e novità del
        sito. La base giuridica è il tuo consenso, che dai spuntando la casella del modulo e confermando con il link che
        ti invio per email (doppia conferma): conservo, insieme all'indirizzo, il testo del consenso che hai visto e la
        data della conferma. Il modulo non chiede nessun altro dato e non lascia cookie nel tuo browser; per limitare
        gli abusi il sito conta le iscrizioni per indirizzo IP e per indirizzo email, senza collegarle all'iscrizione.
      </p>
      <p>
        Un indirizzo non confermato è cancellato dopo {PENDING_DAYS} giorni. Un indirizzo confermato resta finché non ti
        disiscrivi: ogni email ha in fondo un link per farlo, anche con un solo clic dal tuo programma di posta. Quando
        ti disiscrivi il tuo indirizzo è cancellato subito; resta solo la data della disiscrizione, senza nulla che ti
        identifichi, perché il link continui a risponderti. Le copie delle newsletter nella coda di invio sono
        cancellate come le altre email del sito (30 giorni dopo l'invio). Puoi revocare il consenso in ogni momento,
        senza che ciò tocchi la liceità degli invii precedenti. Gli iscritti sono nel database del sito e nelle sue
        copie di backup.
      </p>
    </>
  );
}
