import type { ReactNode } from "react";
import { Link } from "react-router";
import { Stylesheet } from "~/ui/stylesheet";
import privacyStyles from "~/styles/privacy.css?url";
import { formatAddress, type PageContent } from "./site-content";

/** Change together with the text below. */
export const PRIVACY_LAST_UPDATED = "2 dicembre 2026";

const newTab = <span className="visually-hidden"> (si apre in una nuova scheda)</span>;

/** Information notice under GDPR arts. 13–14 and the Garante's cookie guidelines (10 June 2021). */
export function PrivacyNotice({
  content,
  retentionMonths,
  contactBySite,
  bookingDetails,
  waitingListExpiryDays,
  visitStatistics,
  newsletter,
  backupCopies,
}: {
  content: PageContent;
  /** How long booked appointments are kept (the booking settings'). */
  retentionMonths: number;
  /** E-mail is configured: the contact form sends through the site (and its outbox) rather than the visitor's mail program. */
  contactBySite: boolean;
  /** What the booking feature adds about its own data (the online visits' provider…), after the booking paragraph. */
  bookingDetails?: ReactNode;
  /** After how many days a waiting list entry is deleted (the booking settings'). */
  waitingListExpiryDays: number;
  /** What the visit statistics keep, at the end of the cookie section: they need no cookie. */
  visitStatistics?: ReactNode;
  /** What the newsletter keeps, after the contact messages. */
  newsletter?: ReactNode;
  /** Who else holds the backups' encrypted copies (decision 76), among the recipients. */
  backupCopies?: ReactNode;
}) {
  const { practitioner, business, contact, studios } = content;
  const email = <a href={`mailto:${contact.email}`}>{contact.email}</a>;

  return (
    <article className="page prose privacy">
      <Stylesheet href={privacyStyles} />
      <header>
        <h1>Informativa sulla privacy e sui cookie</h1>
        <p className="privacy__updated">Ultimo aggiornamento: {PRIVACY_LAST_UPDATED}</p>
        <p>
          Questa informativa spiega come vengono trattati i dati personali di chi visita questo sito, lascia una
          recensione, prenota una visita o mi contatta, ai sensi degli articoli 13 e 14 del Regolamento (UE) 2016/679
          (GDPR) e del D.Lgs. 196/2003 (Codice in materia di protezione dei dati personali).
        </p>
      </header>

      <nav className="privacy__toc" aria-label="Indice dell'informativa">
        <ol>
          <li>
            <a href="#titolare">Titolare del trattamento</a>
          </li>
          <li>
            <a href="#dati">Quali dati tratto</a>
          </li>
          <li>
            <a href="#finalita">Finalità e basi giuridiche</a>
          </li>
          <li>
            <a href="#conservazione">Per quanto tempo</a>
          </li>
          <li>
            <a href="#destinatari">A chi sono comunicati</a>
          </li>
          <li>
            <a href="#diritti">I tuoi diritti</a>
          </li>
          <li>
            <a href="#cookie">Cookie</a>
          </li>
        </ol>
      </nav>

      <section id="titolare" aria-labelledby="titolare-title">
        <h2 id="titolare-title">1. Titolare del trattamento</h2>
        <p>
          Il titolare del trattamento è {practitioner.name} ({business.legalName}), {practitioner.title}, iscritta all'
          {practitioner.register} con il n. {practitioner.registerNumber}, P.IVA {business.vatNumber}, con studio in{" "}
          {formatAddress(studios[0]!)}.
        </p>
        <p>Per qualsiasi domanda sui tuoi dati puoi scrivere a {email}.</p>
      </section>

      <section id="dati" aria-labelledby="dati-title">
        <h2 id="dati-title">2. Quali dati tratto</h2>
        <h3>Dati di navigazione</h3>
        <p>
          Il server che ospita il sito registra, per il suo funzionamento e la sua sicurezza, l'indirizzo della pagina
          richiesta, l'esito della richiesta e l'ora. L'indirizzo IP è usato anche per limitare l'invio ripetuto di
          recensioni e i tentativi di accesso all'area riservata (protezione da spam e abusi). Questi dati non servono a
          identificarti e non sono usati per profilazione.
        </p>
        <p>
          Finché il sito è in preparazione, chi lo visita vede solo una pagina d'attesa: oltre ai dati di navigazione
          qui sopra non viene raccolto nulla e le visite non sono contate.
        </p>
        <h3>Recensioni</h3>
        <p>
          Se lasci una recensione tratto il nome che indichi (puoi usare solo il nome e l'iniziale del cognome, o un
          soprannome), il testo, il voto e l'eventuale foto. Le foto vengono ricodificate e private dei metadati (per
          esempio la posizione GPS) prima di essere salvate. La recensione, con nome, voto, testo, foto e data, viene
          pubblicata sul sito ed è visibile a tutti.
        </p>
        <p>
          Una recensione può contenere informazioni sulla tua salute, che il GDPR considera &laquo;categorie
          particolari&raquo; di dati (art. 9): per questo la pubblico solo con il tuo consenso esplicito, che dai
          spuntando l'apposita casella nel modulo. Ti invito comunque a non scrivere dettagli clinici.
        </p>
        <h3 id="prenotazioni">Prenotazioni dal sito</h3>
        <p>
          Se prenoti una visita dal sito tratto il nome e cognome, l'indirizzo email, il numero di telefono, la nota
          facoltativa che scrivi, la sede, il tipo di visita, il giorno e l'orario scelti. Servono solo a fissare la
          visita, a confermartela, a ricordartela il giorno prima e a permetterti di annullarla o spostarla dal link che
          ricevi per email. Dopo una visita che si è svolta posso inviarti una sola volta, per email, un link personale
          per lasciare una recensione (anche in automatico il giorno dopo): l'email contiene solo il tuo nome e il link,
          e la recensione scritta con quel link è segnata come verificata. Ti chiedo di non scrivere nella nota dati
          sulla salute: ne parleremo durante la visita. Gli appuntamenti sono cancellati automaticamente una volta
          trascorso il periodo di conservazione indicato più sotto.
        </p>
        {bookingDetails}
        <h3 id="lista-attesa">Lista d'attesa</h3>
        <p>
          Se ti metti in lista d'attesa tratto il nome e cognome, l'indirizzo email, la sede, il tipo di visita, i
          giorni della settimana e le fasce della giornata che ti vanno bene, e la data di iscrizione: nessun dato sulla
          salute. Servono solo a scriverti, quando si libera un orario adatto, un'email con un link personale valido
          qualche ora per prenotarlo (del link il sito conserva solo un'impronta cifrata). L'iscrizione è cancellata
          automaticamente dopo {waitingListExpiryDays} giorni, oppure appena prenoti quella visita; puoi chiedermi di
          cancellarla prima in qualsiasi momento.
        </p>
        <h3>Messaggi e richieste di contatto</h3>
        <p>
          {contactBySite ? (
            <>
              Il modulo di contatto invia il messaggio tramite questo sito: il nome, l'indirizzo email e il testo che
              scrivi sono messi nella coda di invio delle email del sito e da lì inviati a me, che ti rispondo
              all'indirizzo indicato. La copia nella coda di invio è cancellata automaticamente 30 giorni dopo l'invio
              (90 giorni se l'email non è stata recapitata); fino ad allora resta nel database del sito e nelle sue
              copie di backup. Per limitare gli abusi il sito conta gli invii per indirizzo IP, senza collegarlo al
              messaggio. Lo stesso vale per le telefonate e i messaggi che mi invii.
            </>
          ) : (
            <>
              Il modulo di contatto non invia nulla a questo sito: apre il tuo programma di posta con il messaggio
              pronto, e tratto i dati (nome, indirizzo email, testo) solo quando ricevo la tua email. Lo stesso vale per
              le telefonate e i messaggi che mi invii.
            </>
          )}
        </p>
        {newsletter}
        <h3>Area riservata</h3>
        <p>
          Per l'amministratrice del sito tratto l'indirizzo email, la password (conservata solo in forma cifrata con
          funzione di hash) e, per ogni sessione, il browser usato, l'indirizzo IP e le date di accesso, per proteggere
          l'account da accessi non autorizzati.
        </p>
        <p>
          I dati che riguardano visite, piani alimentari e salute dei pazienti non passano da questo sito: li tratto in
          studio, con un'informativa specifica consegnata alla prima visita.
        </p>
      </section>

      <section id="finalita" aria-labelledby="finalita-title">
        <h2 id="finalita-title">3. Finalità e basi giuridiche</h2>
        <div className="table-wrap" role="region" aria-labelledby="finalita-table" tabIndex={0}>
          <table>
            <caption id="finalita-table" className="visually-hidden">
              Finalità del trattamento e relative basi giuridiche
            </caption>
            <thead>
              <tr>
                <th scope="col">Finalità</th>
                <th scope="col">Base giuridica</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>Far funzionare il sito, proteggerlo da abusi e attacchi</td>
                <td>Legittimo interesse del titolare (art. 6, par. 1, lett. f GDPR)</td>
              </tr>
              <tr>
                <td>Pubblicare la tua recensione</td>
                <td>
                  Tuo consenso (art. 6, par. 1, lett. a) e, per gli eventuali dati sulla salute, consenso esplicito
                  (art. 9, par. 2, lett. a GDPR)
                </td>
              </tr>
              <tr>
                <td>
                  Gestire la prenotazione di una visita dal sito (conferma, promemoria, annullamento o spostamento)
                </td>
                <td>Misure precontrattuali adottate su tua richiesta (art. 6, par. 1, lett. b GDPR)</td>
              </tr>
              <tr>
                <td>Rispondere alle tue richieste e fissare un appuntamento</td>
                <td>Misure precontrattuali adottate su tua richiesta (art. 6, par. 1, lett. b GDPR)</td>
              </tr>
              <tr>
                <td>Gestire l'accesso all'area riservata</td>
                <td>Legittimo interesse alla sicurezza del sito (art. 6, par. 1, lett. f GDPR)</td>
              </tr>
              <tr>
                <td>Adempiere a obblighi di legge (per esempio fiscali) e difendere un diritto in giudizio</td>
                <td>Obbligo legale e legittimo interesse (art. 6, par. 1, lett. c e f GDPR)</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p>
          Fornire i dati è facoltativo; senza il nome e il testo, però, non è possibile pubblicare una recensione, e
          senza un recapito non posso risponderti. Non prendo decisioni automatizzate e non faccio profilazione.
        </p>
      </section>

      <section id="conservazione" aria-labelledby="conservazione-title">
        <h2 id="conservazione-title">4. Per quanto tempo conservo i dati</h2>
        <ul>
          <li>Registri tecnici del server: per il tempo necessario alla sicurezza, di norma non oltre 30 giorni.</li>
          <li>Indirizzi IP usati contro lo spam e i tentativi di accesso: al massimo 24 ore.</li>
          <li>
            Recensioni: finché restano pubblicate. Se tolgo le recensioni dal sito, quelle ricevute restano conservate,
            non visibili, finché non le mostro di nuovo. Puoi chiederne la rimozione in qualsiasi momento, anche
            revocando il consenso; la rimuovo con la foto allegata.
          </li>
          <li>
            Email e richieste di contatto: per il tempo necessario a rispondere e gestire l'eventuale appuntamento, e
            comunque non oltre 24 mesi, salvo obblighi di legge.
          </li>
          <li>
            Copie delle email che il sito invia (conferme e promemoria delle visite, messaggi del modulo di contatto):
            30 giorni dopo l'invio, 90 giorni se l'email non è stata recapitata.
          </li>
          <li>
            Prenotazioni dal sito: fino a {retentionMonths} mesi dopo la data della visita, poi sono cancellate
            automaticamente.
          </li>
          <li>
            Lista d'attesa: {waitingListExpiryDays} giorni dall'iscrizione, o fino alla prenotazione della visita, poi è
            cancellata automaticamente.
          </li>
          <li>Dati dell'area riservata: finché l'account esiste; le sessioni scadono e vengono cancellate.</li>
        </ul>
      </section>

      <section id="destinatari" aria-labelledby="destinatari-title">
        <h2 id="destinatari-title">5. A chi sono comunicati i dati</h2>
        <p>
          I dati sono trattati da me e dal fornitore che ospita il sito, nominato responsabile del trattamento (art. 28
          GDPR). Non vendo né cedo i dati a terzi e non li trasferisco fuori dall'Unione europea. Le recensioni
          pubblicate sono visibili a chiunque visiti il sito.
        </p>
        {backupCopies}
        <p>
          I collegamenti a servizi esterni (mappe, prenotazione online, Instagram, WhatsApp) si aprono solo se li
          scegli: da quel momento si applicano le informative di quei servizi, che agiscono come titolari autonomi.
          Questo sito non carica alcuna risorsa da server di terzi.
        </p>
      </section>

      <section id="diritti" aria-labelledby="diritti-title">
        <h2 id="diritti-title">6. I tuoi diritti</h2>
        <p>In base agli articoli 15–22 del GDPR puoi chiedere in qualsiasi momento:</p>
        <ul>
          <li>l'accesso ai tuoi dati e una copia degli stessi (art. 15);</li>
          <li>la rettifica dei dati inesatti (art. 16);</li>
          <li>la cancellazione (art. 17), per esempio la rimozione della tua recensione;</li>
          <li>la limitazione del trattamento (art. 18);</li>
          <li>la portabilità dei dati che mi hai fornito (art. 20);</li>
          <li>di opporti al trattamento basato sul legittimo interesse (art. 21);</li>
          <li>di non essere sottoposto a decisioni basate unicamente su un trattamento automatizzato (art. 22).</li>
        </ul>
        <p>
          Puoi revocare il consenso in qualsiasi momento, senza pregiudicare la liceità del trattamento svolto prima
          della revoca (art. 7, par. 3). Per esercitare i tuoi diritti scrivi a {email}: ti rispondo entro un mese.
        </p>
        <p>
          Se ritieni che il trattamento violi la normativa, puoi proporre reclamo al{" "}
          <a href="https://www.garanteprivacy.it/" target="_blank" rel="noopener noreferrer">
            Garante per la protezione dei dati personali
            {newTab}
          </a>{" "}
          (art. 77 GDPR) o rivolgerti all'autorità giudiziaria.
        </p>
      </section>

      <section id="cookie" aria-labelledby="cookie-title">
        <h2 id="cookie-title">7. Cookie</h2>
        <p>
          Questo sito usa solo cookie tecnici, necessari al suo funzionamento. Non usa cookie di profilazione, di
          statistica o di terze parti. Per questo, come previsto dalle Linee guida del Garante del 10 giugno 2021, non è
          richiesto il tuo consenso e non viene mostrato alcun banner.
        </p>
        <div className="table-wrap" role="region" aria-labelledby="cookie-table" tabIndex={0}>
          <table>
            <caption id="cookie-table" className="visually-hidden">
              Cookie tecnici usati dal sito
            </caption>
            <thead>
              <tr>
                <th scope="col">Cookie</th>
                <th scope="col">A cosa serve</th>
                <th scope="col">Durata</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>
                  <code>admin_session</code>
                </td>
                <td>
                  Mantiene l'accesso all'area riservata di chi amministra il sito. Viene impostato solo dopo il login;
                  chi visita il sito non lo riceve.
                </td>
                <td>Fino all'uscita, o dopo 7 giorni senza utilizzo</td>
              </tr>
              <tr>
                <td>
                  <code>admin_device</code>
                </td>
                <td>
                  Ricorda il browser da cui chi amministra il sito ha già effettuato l'accesso, perché i tentativi
                  falliti di altre persone non le impediscano di accedere. Viene impostato solo dopo il login; chi
                  visita il sito non lo riceve.
                </td>
                <td>1 anno, o fino al cambio della password</td>
              </tr>
              <tr>
                <td>
                  <code>flash</code>
                </td>
                <td>
                  Mostra un messaggio di conferma o di errore dopo l'invio di un modulo (per esempio una recensione).
                </td>
                <td>60 secondi, poi viene cancellato</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p>
          Puoi cancellare o bloccare i cookie dalle impostazioni del browser; bloccando i cookie tecnici l'area
          riservata non funziona.
        </p>
        {visitStatistics}
      </section>

      <p className="privacy__back">
        <Link to="/home" className="arrow-link">
          Torna alla home
        </Link>
      </p>
    </article>
  );
}
