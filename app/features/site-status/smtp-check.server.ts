// The site's mail server, as the site's mails reach it (SMTP_URL, MAIL_FROM): a login, or a test
// message sent at once (not through the outbox, whose retries would hide the answer).
import type { MailSettings } from "~/core/config/env.server";
import { renderMail } from "~/core/mail/mail-layout";
import { openSmtp } from "~/core/mail/mailer.server";
import { failed, passed, type Check, warned } from "./check";

const TITLE = "Invio delle e-mail";

export function mailOff(settingsWhere: string): Check {
  return warned(
    "smtp",
    TITLE,
    "Le e-mail sono spente: il sito non manda avvisi, conferme di prenotazione né newsletter.",
    `Scrivi SMTP_URL e MAIL_FROM (dal fornitore della posta) ${settingsWhere}.`,
  );
}

function refusedBy(error: unknown, settingsWhere: string): Check {
  const e = error as { code?: string; responseCode?: number; message?: string };
  const login = e.code === "EAUTH" || e.responseCode === 535;
  // The server's own words, without the address it was given (it may hold the password).
  const said = (e.message ?? String(error)).replace(/smtps?:\/\/\S+/g, "SMTP_URL").slice(0, 300);
  return failed(
    "smtp",
    TITLE,
    login
      ? `Il server di posta rifiuta utente e password (${said}).`
      : `Il server di posta non risponde o rifiuta (${said}).`,
    login
      ? `Correggi utente e password in SMTP_URL ${settingsWhere}.`
      : `Controlla l'indirizzo e la porta in SMTP_URL (587 con smtp://, 465 con smtps://) ${settingsWhere}, e che il fornitore del VPS non blocchi quella porta.`,
  );
}

/** Connects and logs in, sends nothing. */
export async function smtpLoginCheck(settings: MailSettings, settingsWhere: string): Promise<Check> {
  const transport = openSmtp(settings.smtpUrl);
  try {
    await transport.verify();
    return passed("smtp", TITLE, "Il server di posta accetta il sito (accesso riuscito).");
  } catch (error) {
    return refusedBy(error, settingsWhere);
  } finally {
    transport.close();
  }
}

/** Sends one test message to `to` now, and says whether the mail server took it. */
export async function smtpTestSend(
  settings: MailSettings,
  to: string,
  siteUrl: string,
  settingsWhere: string,
): Promise<Check> {
  const transport = openSmtp(settings.smtpUrl);
  const mail = renderMail({
    subject: "Prova di invio dal sito",
    blocks: [
      {
        paragraphs: [
          `Questa e-mail di prova arriva dal sito ${siteUrl}: se la leggi, l'invio funziona.`,
          "Se è finita nello spam, controlla i record SPF, DKIM e DMARC in Stato del sito.",
        ],
      },
    ],
  });
  try {
    const info = await transport.sendMail({
      from: settings.from,
      to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    return passed(
      "smtp",
      TITLE,
      `E-mail di prova consegnata al server di posta per ${to} (${String(info.response ?? "").slice(0, 120)}).`,
    );
  } catch (error) {
    return refusedBy(error, settingsWhere);
  } finally {
    transport.close();
  }
}
