/**
 * The privacy page's sentence on the copies away from the machine (decision 76), shown only when
 * the site makes them: who holds them, that they are encrypted, and for how long at most.
 */
export function BackupCopiesPrivacy({ host }: { host: string }) {
  return (
    <p>
      Le copie di sicurezza (backup) del sito sono cifrate con una chiave che conosco solo io e conservate anche presso
      un fornitore di spazio di archiviazione ({host}), nominato responsabile del trattamento, che senza la chiave non
      può leggerle. Ne conservo una per ciascuno degli ultimi 7 giorni, delle ultime 4 settimane e degli ultimi 12 mesi:
      la più vecchia ha al massimo un anno, poi è cancellata.
    </p>
  );
}
