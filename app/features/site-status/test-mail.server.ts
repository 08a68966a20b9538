import type { MailSettings } from "~/core/config/env.server";
import { refused, type Result, succeeded } from "~/core/result";
import { bounded, failed } from "./check";
import { smtpTestSend } from "./smtp-check.server";

const SEND_BOUND_MS = 30_000;

/** "Invia un'e-mail di prova": one message to the address her notices go to, sent now, the server's answer kept. */
export async function sendTestMail(deps: {
  mail: MailSettings | undefined;
  /** Where the site's notices go (MAIL_TO, or the practice address). */
  recipient: () => Promise<string | null>;
  siteUrl: string;
  settingsWhere: string;
}): Promise<Result<{ to: string }, "mailOff" | "noRecipient" | "refused", string>> {
  if (!deps.mail) return refused("mailOff");
  const to = await deps.recipient();
  if (!to) return refused("noRecipient");
  const check = await bounded(SEND_BOUND_MS, smtpTestSend(deps.mail, to, deps.siteUrl, deps.settingsWhere), () =>
    failed("smtp", "Invio delle e-mail", "Il server di posta non ha risposto in 30 secondi.", "Controlla SMTP_URL."),
  );
  return check.state === "ok" ? succeeded({ to }) : refused("refused", `${check.detail} ${check.fix ?? ""}`.trim());
}
