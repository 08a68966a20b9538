import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { type Mail, type RenderedMarkup, renderMail } from "~/core/mail/mail-layout";
import { documentText, type RichTextDocument } from "~/ui/rich-text/document";
import { RichTextNodes } from "~/ui/rich-text/body";

/** The e-mail of the double opt-in: only the link; nothing is sent until it is opened. */
export const confirmationMail = (input: { practitionerName: string; confirmUrl: string; validDays: number }): Mail =>
  renderMail({
    subject: "Conferma l'iscrizione alla newsletter",
    blocks: [
      {
        paragraphs: [
          `Hai chiesto di ricevere la newsletter di ${input.practitionerName}.`,
          `Per confermare apri il link qui sotto entro ${input.validDays} giorni. Se non sei stato tu, ignora questa e-mail: senza conferma il tuo indirizzo viene cancellato.`,
        ],
      },
      { links: [{ label: "Conferma l'iscrizione", url: input.confirmUrl }] },
    ],
  });

/** A newsletter's body as the mail's HTML (the site's renderer: every word escaped) and as plain text. */
export function renderedBody(body: RichTextDocument): RenderedMarkup {
  return { html: renderToStaticMarkup(createElement(RichTextNodes, { document: body })), text: documentText(body) };
}

/**
 * One subscriber's copy: the body, a visible unsubscribe link, and the RFC 8058 headers by which a
 * mail program unsubscribes in one click (a POST to the same address).
 */
export function newsletterMail(input: { subject: string; body: RenderedMarkup; unsubscribeUrl: string }) {
  const mail = renderMail({
    subject: input.subject,
    blocks: [
      { markup: input.body },
      { links: [{ label: "Disiscriviti dalla newsletter", url: input.unsubscribeUrl }] },
    ],
    footer: "Ricevi questa e-mail perché ti sei iscritto alla newsletter dal sito dello studio.",
  });
  return {
    ...mail,
    headers: {
      "List-Unsubscribe": `<${input.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
