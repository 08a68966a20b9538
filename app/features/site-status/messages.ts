/** What "Stato del sito" says about its test e-mail. */
export const SITE_STATUS_MESSAGES = {
  sent: (to: string) =>
    `E-mail di prova consegnata al server di posta per ${to}: controlla che arrivi (anche nello spam).`,
  mailOff: "Le e-mail sono spente: imposta SMTP_URL e MAIL_FROM, poi riavvia il sito.",
  noRecipient:
    "Non c'è un indirizzo a cui mandarla: scrivi l'e-mail dello studio in Contenuti del sito, o imposta MAIL_TO.",
  refused: (why: string) => `L'e-mail di prova non è partita. ${why}`,
  fallback: "Richiesta non valida: ricarica la pagina e riprova.",
} as const;
