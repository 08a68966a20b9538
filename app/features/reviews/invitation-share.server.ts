import QRCode from "qrcode";

/** The link a patient opens: the reviews page with the token, scrolled to the form. */
export function invitationLink(siteUrl: string, token: string): string {
  return `${siteUrl}/reviews?invito=${token}#lascia-recensione`;
}

/** A message ready to paste into WhatsApp, an SMS or an e-mail. */
export function invitationMessage(
  link: string,
  options: { practitionerName: string; patientName: string | null; validDays: number },
) {
  const greeting = options.patientName ? `Gentile ${options.patientName},` : "Gentile paziente,";
  return [
    greeting,
    `grazie per la fiducia. Se le va, può lasciare una recensione sulla visita con questo link personale (vale ${options.validDays} giorni e una sola volta):`,
    link,
    "La recensione sarà pubblicata con il nome che sceglierà; non è necessario scrivere nulla sulla sua salute.",
    `Un caro saluto,`,
    options.practitionerName,
  ].join("\n");
}

/** The QR code as a PNG data: URL (shown on screen and offered as a download). */
export function invitationQrPng(link: string): Promise<string> {
  return QRCode.toDataURL(link, { errorCorrectionLevel: "M", margin: 2, width: 480 });
}
