import { countOf } from "~/core/format/plural";
/** Whether the practitioner gets e-mail notices, and whether any are stuck. */
interface MailStatusView {
  enabled: boolean;
  recipient: string | null;
  waiting: number;
  failed: number;
  lastError: string | null;
}

export function MailStatus({ status }: { status: MailStatusView }) {
  if (!status.enabled) {
    return (
      <p className="admin-notice admin-mail-status">
        <strong>Notifiche e-mail disattivate.</strong> Per ricevere un'e-mail a ogni nuova recensione o segnalazione,
        chi gestisce il server deve impostare SMTP_URL e MAIL_FROM (vedi README).
      </p>
    );
  }
  return (
    <p className="admin-notice admin-mail-status">
      <strong>Notifiche e-mail attive</strong> verso {status.recipient}.
      {status.waiting > 0
        ? ` ${countOf(status.waiting, ["messaggio", "messaggi"])} in attesa di invio${status.lastError ? " (il server di posta non risponde: nuovo tentativo a breve)" : ""}.`
        : null}
      {status.failed > 0
        ? ` ${status.failed === 1 ? "1 messaggio non è stato consegnato" : `${status.failed} messaggi non sono stati consegnati`}: controlla le impostazioni SMTP.`
        : null}
    </p>
  );
}

export async function readMailStatus(mailer: {
  enabled: boolean;
  recipient(): Promise<string | null>;
  status(): Promise<{ waiting: number; failed: number; lastError: string | null }>;
}): Promise<MailStatusView> {
  const counts = await mailer.status();
  return { enabled: mailer.enabled, recipient: await mailer.recipient(), ...counts };
}
