import type { ReportReason } from "~/core/db/schema";
import { REPORT_REASON_LABELS } from "./messages";

interface NoticeReview {
  id: string;
  name: string;
  rating: number;
  content: string;
  verified: boolean;
}

interface Notice {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const stars = (rating: number) => `${"★".repeat(rating)}${"☆".repeat(5 - rating)} (${rating} su 5)`;

function render(
  subject: string,
  intro: string,
  rows: [string, string][],
  action: { label: string; url: string },
): Notice {
  const text = [
    intro,
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    "",
    `${action.label}: ${action.url}`,
    "",
    "Messaggio automatico del sito dello studio.",
  ].join("\n");
  const html = `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2a24">
<p>${escapeHtml(intro)}</p>
<table role="presentation" style="border-collapse:collapse">
${rows
  .map(
    ([label, value]) =>
      `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
  )
  .join("\n")}
</table>
<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>
<p style="color:#5b6660;font-size:0.9em">Messaggio automatico del sito dello studio.</p>
</body></html>`;
  return { subject, text, html };
}

const reviewRows = (review: NoticeReview): [string, string][] => [
  ["Nome", review.name],
  ["Voto", stars(review.rating)],
  ["Verificata", review.verified ? "Sì, inviata con un tuo invito" : "No"],
  ["Testo", review.content],
];

/** The e-mail to the practitioner about a new review. */
export function newReviewNotice(
  review: NoticeReview,
  options: { adminUrl: string; waitsForApproval: boolean },
): Notice {
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
): Notice {
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
