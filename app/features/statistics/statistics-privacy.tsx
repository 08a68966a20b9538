import { RETENTION_YEARS } from "./retention";

/** The privacy page's words on the visit statistics (decision 59). */
export function StatisticsPrivacy({ keepAll }: { keepAll: boolean }) {
  return (
    <>
      <h3 id="statistiche">Statistiche di visita, senza cookie</h3>
      <p>
        Per sapere quali pagine vengono lette, il sito conta le visite da solo, sul proprio server: nessun cookie,
        nessuno script nel tuo browser, nessun servizio esterno. Per ogni giorno conserva soltanto dei totali: quante
        volte è stata vista ciascuna pagina e da quanti visitatori diversi, da quale sito si è arrivati (solo il suo
        nome, per esempio Google o Instagram), i parametri di campagna del link (<code>utm_source</code> e{" "}
        <code>utm_campaign</code>), il tipo di dispositivo (telefono, tablet o computer) e quante volte è stato scelto
        un orario nella pagina Prenota (solo il numero, non chi né quale orario). Non sono contati i programmi
        automatici, come quelli dei motori di ricerca, né le mie visite da amministratrice.
      </p>
      <p>
        Per contare una sola volta chi legge più pagine nello stesso giorno, il sito calcola un'impronta (un hash) dal
        tuo indirizzo IP, dal tuo browser e da un numero casuale che cambia ogni giorno. Il tuo indirizzo IP e il tuo
        browser non vengono conservati: quando una pagina ti arriva già pronta dal server HTTPS del sito, restano in un
        file di servizio solo per il tempo di contare la visita (meno di un secondo, qualche secondo nei momenti di
        traffico intenso), poi il file viene svuotato. Il numero del giorno e le impronte sono cancellati pochi minuti
        dopo la mezzanotte e non entrano nei backup: da quel momento nessuno, nemmeno chi gestisce il sito, può capire
        se due visite di giorni diversi vengono dalla stessa persona.
      </p>
      <p>
        I totali non permettono di riconoscere nessuno, non sono condivisi con altri e servono solo a me per capire cosa
        interessa a chi visita il sito.{" "}
        {keepAll
          ? "Ho scelto di conservarli anche oltre i due anni, per confrontare gli anni fra loro."
          : `Sono cancellati dopo ${RETENTION_YEARS} anni.`}{" "}
        Trattandosi di dati ridotti al minimo, aggregati e non condivisi, secondo le Linee guida del Garante questa
        misurazione è equiparata ai cookie tecnici e non richiede il tuo consenso.
      </p>
    </>
  );
}
