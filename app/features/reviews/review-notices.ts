import type { ReportReason } from "./report-reasons";
import { type Mail, type MailLink, renderMail } from "~/core/mail/mail-layout";
import { REPORT_REASON_LABELS } from "./messages";

interface NoticeReview {
  id: string;
  name: string;
  rating: number;
  content: string;
  verified: boolean;
}

const stars = (rating: number) => `${"★".repeat(rating)}${"☆".repeat(5 - rating)} (${rating} su 5)`;

/** Every review mail's shape: what happened, the review's rows, and where to act on it. */
const render = (subject: string, intro: string, rows: [string, string][], action: MailLink): Mail =>
  renderMail({ subject, blocks: [{ paragraphs: [intro] }, { rows }, { links: [action] }] });

const reviewRows = (review: NoticeReview): [string, string][] => [
  ["Nome", review.name],
  ["Voto", stars(review.rating)],
  ["Verificata", review.verified ? "Sì, inviata con un tuo invito" : "No"],
  ["Testo", review.content],
];

/** The e-mail to the practitioner about a new review. */
export function newReviewNotice(review: NoticeReview, options: { adminUrl: string; waitsForApproval: boolean }): Mail {
  const subject = options.waitsForApproval
    ? `Nuova recensione da approvare: ${review.name} (${review.rating}/5)`
    : `Nuova recensione pubblicata: ${review.name} (${review.rating}/5)`;
  const intro = options.waitsForApproval
    ? "È arrivata una nuova recensione. Resta nascosta finché non la approvi."
    : "È arrivata una nuova recensione, già visibile sul sito. Puoi nasconderla o eliminarla dal pannello.";
  return render(subject, intro, reviewRows(review), {
    label: options.waitsForApproval ? "Approva o nascondi nel pannello" : "Gestisci nel pannello",
    url: options.adminUrl,
  });
}

/** The e-mail to the practitioner about a visitor's report; it never says who reported. */
export function reportNotice(
  review: NoticeReview,
  report: { reason: ReportReason; details: string | null },
  options: { adminUrl: string },
): Mail {
  const rows = reviewRows(review);
  rows.push(["Motivo della segnalazione", REPORT_REASON_LABELS[report.reason]]);
  if (report.details) rows.push(["Dettagli", report.details]);
  return render(
    `Recensione segnalata: ${review.name} (${review.rating}/5)`,
    "Un visitatore ha segnalato una recensione. Puoi nasconderla, eliminarla o ignorare la segnalazione.",
    rows,
    { label: "Apri le segnalazioni nel pannello", url: options.adminUrl },
  );
}
