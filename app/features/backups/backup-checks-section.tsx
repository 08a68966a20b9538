import type { BackupChecksView } from "./checks-status.server";

/**
 * Decision 76 on the backup screen: the disk warning, the encryption, the last copy in her bucket and
 * the last weekly restore drill, each in a sentence.
 */
export function BackupChecksSection({ checks }: { checks: BackupChecksView }) {
  const { encrypted, bucket, lastCopy, lastDrill, diskPercent, diskWarning } = checks;
  return (
    <section className="admin-section" aria-labelledby="backup-copie-titolo">
      <h2 id="backup-copie-titolo" className="admin-section__title">
        Copie fuori dal server e prova di ripristino
      </h2>
      {diskWarning ? (
        <p className="admin-notice admin-notice--error" role="alert">
          {diskWarning}
        </p>
      ) : null}
      {lastDrill && !lastDrill.ok ? (
        <div className="admin-notice admin-notice--error" role="alert">
          <p className="backup-status__text">
            La prova di ripristino del {lastDrill.at} non è riuscita: il backup potrebbe non essere utilizzabile. Avvisa
            chi gestisce il sito.
          </p>
          <p className="backup-status__text">{lastDrill.detail}</p>
        </div>
      ) : null}
      <dl className="backup-status">
        <dt>Cifratura</dt>
        <dd>
          {encrypted
            ? "Ogni backup è cifrato con la tua passphrase: senza di essa nessuno può leggerlo, nemmeno tu. Conservala in un posto sicuro; se la cambi, tieni anche la vecchia: i backup fatti prima si aprono solo con quella."
            : "Disattivata: i backup contengono i dati dei pazienti in chiaro. Chi gestisce il sito può impostare una passphrase (BACKUP_PASSPHRASE)."}
        </dd>
        <dt>Copia esterna</dt>
        <dd>
          {!bucket
            ? "Nessuna: i backup restano solo su questo server e andrebbero persi con lui."
            : !lastCopy
              ? `Nello spazio ${bucket}: nessuna copia ancora, la prima dopo il prossimo backup.`
              : lastCopy.ok
                ? `Nello spazio ${bucket}: ultima copia il ${lastCopy.at}${lastCopy.size ? ` (${lastCopy.size})` : ""}. Si conservano 7 copie giornaliere, 4 settimanali e 12 mensili.`
                : `Nello spazio ${bucket}: l'ultima copia, il ${lastCopy.at}, non è riuscita.`}
          {lastCopy && !lastCopy.ok && lastCopy.detail ? (
            <span className="backup-status__detail">{lastCopy.detail}</span>
          ) : null}
        </dd>
        <dt>Prova di ripristino</dt>
        <dd>
          {!lastDrill
            ? "Ogni settimana il sito ripristina l'ultimo backup in una copia di prova e lo verifica: non è ancora stata fatta."
            : lastDrill.ok
              ? `Riuscita il ${lastDrill.at}: ${lastDrill.detail ?? "backup ripristinato e verificato"}.`
              : `Non riuscita il ${lastDrill.at}.`}
        </dd>
        <dt>Disco</dt>
        <dd>{diskPercent === null ? "Spazio non leggibile." : `Pieno al ${diskPercent}%.`}</dd>
      </dl>
    </section>
  );
}
