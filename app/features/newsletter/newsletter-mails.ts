import { nameAfter } from "~/core/format/italian-format";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import type { StoredImage } from "~/core/db/schema";
import { type Mail, type RenderedMarkup, renderMail } from "~/core/mail/mail-layout";
import type { PublicImage } from "~/core/media/public-image";
import { documentImageIds, documentText, type RichTextDocument } from "~/ui/rich-text/document";
import { RichTextNodes } from "~/ui/rich-text/body";

/** The e-mail of the double opt-in: only the link; nothing is sent until it is opened. */
export const confirmationMail = (input: { practitionerName: string; confirmUrl: string; validDays: number }): Mail =>
  renderMail({
    subject: "Conferma l'iscrizione alla newsletter",
    blocks: [
      {
        paragraphs: [
          `Hai chiesto di ricevere la newsletter ${nameAfter("di", input.practitionerName)}.`,
          `Per confermare apri il link qui sotto entro ${input.validDays} giorni. Se non sei stato tu, ignora questa e-mail: senza conferma il tuo indirizzo viene cancellato.`,
        ],
      },
      { links: [{ label: "Conferma l'iscrizione", url: input.confirmUrl }] },
    ],
  });

/** The widest an image is drawn in a mail (the usual width of a mail's column), in CSS pixels. */
const MAIL_IMAGE_WIDTH = 600;

/**
 * Where a mail's images are fetched from: the site's own public address, only with https (a mail
 * program shows no image from an http address, or warns); null when it is not so.
 */
export const mailImageBase = (siteUrl: string, siteUrlConfigured: boolean): string | null =>
  siteUrlConfigured && siteUrl.startsWith("https://") ? siteUrl : null;

/** Whether a newsletter can be mailed as she wrote it: an image needs the site's https address. */
export const imagesMailable = (body: RichTextDocument, base: string | null) =>
  base !== null || documentImageIds(body).length === 0;

/**
 * Each stored image as a mail shows it: an absolute address on the site (its /media route serves
 * every storage), the smallest rendition sharp at twice the drawn width, drawn at most 600 px wide.
 */
export function mailImages(images: Readonly<Record<string, StoredImage>>, base: string): Record<string, PublicImage> {
  return Object.fromEntries(
    Object.entries(images).map(([id, image]) => {
      const variant = image.variants.find((v) => v.width >= 2 * MAIL_IMAGE_WIDTH) ?? image.variants.at(-1)!;
      const width = Math.min(MAIL_IMAGE_WIDTH, variant.width);
      return [
        id,
        {
          src: new URL(`/media/${variant.key}`, base).href,
          srcSet: "",
          width,
          height: Math.round((variant.height * width) / variant.width),
        },
      ];
    }),
  );
}

/**
 * A newsletter's body as the mail's HTML (the site's renderer: every word escaped) and as plain text,
 * where each image is "[Immagine: <its description>]". `images`: from mailImages(); one missing is left out.
 */
export function renderedBody(body: RichTextDocument, images: Record<string, PublicImage> = {}): RenderedMarkup {
  return {
    html: renderToStaticMarkup(createElement(RichTextNodes, { document: body, images })),
    text: documentText(body, (alt) => `[Immagine: ${alt}]`),
  };
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
