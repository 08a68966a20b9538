import { describe, expect, it } from "vitest";
import { AUTOMATIC_MAIL_FOOTER, renderMail } from "./mail-layout";

const hostile = `Eva <b>"O'Neil"</b> & co`;
const escaped = "Eva &lt;b&gt;&quot;O&#39;Neil&quot;&lt;/b&gt; &amp; co";

describe("the site's e-mail layout", () => {
  const mail = renderMail({
    subject: `Nuova recensione: ${hostile}`,
    blocks: [
      { paragraphs: [`Gentile ${hostile},`, "ecco i dettagli."] },
      {
        rows: [
          ["Nome", hostile],
          ["Nota", "riga uno\nriga due"],
        ],
      },
      { links: [{ label: "Apri <qui>", url: "https://studio.test/a?x=1&y=2" }] },
    ],
  });

  it("writes the plain text as typed: paragraphs, labelled rows and links, then the footer", () => {
    expect(mail.subject).toBe(`Nuova recensione: ${hostile}`);
    expect(mail.text).toBe(
      [
        `Gentile ${hostile},`,
        "ecco i dettagli.",
        "",
        `Nome: ${hostile}`,
        "Nota: riga uno\nriga due",
        "",
        "Apri <qui>: https://studio.test/a?x=1&y=2",
        "",
        AUTOMATIC_MAIL_FOOTER,
      ].join("\n"),
    );
  });

  it("escapes everything it is given in the HTML, the title, rows and links included", () => {
    expect(mail.html).toContain('<html lang="it">');
    expect(mail.html).toContain(`<title>Nuova recensione: ${escaped}</title>`);
    expect(mail.html).toContain(`<p>Gentile ${escaped},</p>`);
    expect(mail.html).toContain(`>Nome</th><td style="padding:4px 0;white-space:pre-wrap">${escaped}</td>`);
    expect(mail.html).toContain('<a href="https://studio.test/a?x=1&amp;y=2">Apri &lt;qui&gt;</a>');
    expect(mail.html).not.toContain("<b>");
    expect(mail.html).not.toContain("<qui>");
  });

  it("keeps a paragraph's line breaks, takes the footer it is given, and leaves out empty blocks", () => {
    const contact = renderMail({
      subject: "Messaggio",
      blocks: [{ paragraphs: [`Ciao\n\n${hostile}`] }, { rows: [] }, { links: [] }],
      footer: `Rispondi a: ${hostile}`,
    });
    expect(contact.text).toBe(`Ciao\n\n${hostile}\n\nRispondi a: ${hostile}`);
    expect(contact.html).toContain(`<p>Ciao<br>\n<br>\n${escaped}</p>`);
    expect(contact.html).toContain(`0.9em">Rispondi a: ${escaped}</p>`);
    expect(contact.html).not.toContain("<table");
    expect(contact.html).not.toContain(AUTOMATIC_MAIL_FOOTER);
  });
});
