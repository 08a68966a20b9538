import type { ReportReason } from "~/core/db/report-reasons";

export const REPORT_DETAILS_MAX = 500;

/** Shown in the report form, in this order. */
export const reportReasonOptions: { value: ReportReason; label: string }[] = [
  { value: "offensive", label: "Offensiva o inappropriata" },
  { value: "false", label: "Falsa o ingannevole" },
  { value: "personal_data", label: "Contiene dati personali o sulla salute" },
  { value: "other", label: "Altro" },
];

export const reportMessages = {
  sent: "Grazie: la segnalazione è stata inviata allo studio, che la esaminerà.",
  reasonMissing: "Scegli il motivo della segnalazione.",
  detailsTooLong: `I dettagli possono avere al massimo ${REPORT_DETAILS_MAX} caratteri.`,
  rateLimited: "Hai inviato troppe segnalazioni. Riprova più tardi.",
  notFound: "Questa recensione non è più disponibile.",
  failed: "Non è stato possibile inviare la segnalazione. Riprova tra qualche minuto.",
} as const;

export interface ReportActionResult {
  ok: boolean;
  message: string;
}
