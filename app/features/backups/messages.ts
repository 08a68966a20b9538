import { formatCount } from "~/core/format/italian-format";

/** How long a backup took, in words: "meno di un secondo", "1 secondo", "42 secondi", "2 minuti e 5 secondi". */
export function describeDuration(ms: number): string {
  if (ms < 1000) return "meno di un secondo";
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const secondsText = `${formatCount(rest)} ${rest === 1 ? "secondo" : "secondi"}`;
  if (minutes === 0) return secondsText;
  const minutesText = `${formatCount(minutes)} ${minutes === 1 ? "minuto" : "minuti"}`;
  return rest === 0 ? minutesText : `${minutesText} e ${secondsText}`;
}

/** What the backup screen says about "Esegui backup ora". */
export const BACKUP_MESSAGES = {
  done: (size: string, duration: string) => `Backup completato: ${size}, in ${duration}.`,
  alreadyRunning: "C'è già un backup in corso. Attendi che finisca, poi ricarica la pagina per vederlo.",
  failed:
    "Il backup non è riuscito. I dati del sito non sono stati toccati: riprova tra qualche minuto " +
    "e, se succede ancora, avvisa chi gestisce il sito.",
  running: "Backup in corso: può richiedere qualche minuto. Puoi restare su questa pagina.",
} as const;
