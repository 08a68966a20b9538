// The one shell of the site's e-mails (decision 48): a mail is written as blocks, and rendered here
// to plain text and to simple HTML, everything escaped. Features say what a mail says, never how.

/** A rendered mail, ready for the outbox with its recipient. */
export interface Mail {
  subject: string;
  text: string;
  html: string;
}

export interface MailLink {
  label: string;
  url: string;
}

/**
 * A text the site's own renderer already wrote as HTML (a rich-text document through React, every
 * word escaped) with its plain-text reading: never HTML anyone typed.
 */
export interface RenderedMarkup {
  html: string;
  text: string;
}

/**
 * A part of the mail, in order: paragraphs (a line break inside one is kept), labelled rows
 * ("Quando: …"), links (an action the reader can take), or rendered rich text.
 */
export type MailBlock =
  | { paragraphs: string[] }
  | { rows: [label: string, value: string][] }
  | { links: MailLink[] }
  | { markup: RenderedMarkup };

export interface MailContent {
  /** The subject, also the HTML page's title. */
  subject: string;
  blocks: MailBlock[];
  /** The small print at the end; by default, that the mail was sent by the site. */
  footer?: string;
}

export const AUTOMATIC_MAIL_FOOTER = "Messaggio automatico del sito dello studio.";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function blockText(block: MailBlock): string[] {
  if ("paragraphs" in block) return block.paragraphs;
  if ("rows" in block) return block.rows.map(([label, value]) => `${label}: ${value}`);
  if ("markup" in block) return block.markup.text.trim() ? [block.markup.text] : [];
  return block.links.map((link) => `${link.label}: ${link.url}`);
}

function blockHtml(block: MailBlock): string {
  if ("paragraphs" in block)
    return block.paragraphs.map((text) => `<p>${escapeHtml(text).replaceAll("\n", "<br>\n")}</p>`).join("\n");
  if ("rows" in block)
    return `<table role="presentation" style="border-collapse:collapse">
${block.rows
  .map(
    ([label, value]) =>
      `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
  )
  .join("\n")}
</table>`;
  if ("markup" in block) return block.markup.html;
  return block.links.map((link) => `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`).join("\n");
}

/** The mail as plain text and HTML; an empty block is left out of both. */
export function renderMail(content: MailContent): Mail {
  const footer = content.footer ?? AUTOMATIC_MAIL_FOOTER;
  const blocks = content.blocks.filter((block) => blockText(block).length > 0);
  const text = [...blocks.flatMap((block) => [...blockText(block), ""]), footer].join("\n");
  const html = `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2a24">
${blocks.map(blockHtml).join("\n")}
<p style="color:#5b6660;font-size:0.9em">${escapeHtml(footer)}</p>
</body></html>`;
  return { subject: content.subject, text, html };
}
