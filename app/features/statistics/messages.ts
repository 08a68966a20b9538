/** The "Statistiche" screen's answers, in Italian. */
export const STATISTICS_MESSAGES = {
  checkFields: "Scegli per quanto tempo conservare le statistiche.",
  keptAll: "Fatto: le statistiche restano conservate finché non cambi scelta.",
  keptTwoYears: "Fatto: le statistiche più vecchie di due anni saranno eliminate.",
} as const;
