import { PASSWORD_RESET_MESSAGES } from "./messages";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The e-mail with the reset link, to the administrator's own address. */
export function passwordResetMail(link: string) {
  const lines = [
    "Hai chiesto di reimpostare la password del pannello del sito.",
    "Per scegliere una nuova password apri questo link entro 30 minuti (si può usare una volta sola):",
  ];
  const closing = [
    "Dopo il cambio tutte le sessioni aperte vengono chiuse; se hai attivato la verifica in due passaggi, all'accesso ti verrà chiesto anche il codice.",
    "Se non hai chiesto tu il cambio, ignora questa email: la password resta quella di prima.",
  ];
  const text = [...lines, "", link, "", ...closing, "", "Messaggio automatico del sito dello studio."].join("\n");
  const html = `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><title>${escapeHtml(PASSWORD_RESET_MESSAGES.mailSubject)}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2a24">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
<p><a href="${escapeHtml(link)}">Scegli una nuova password</a></p>
${closing.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
<p style="color:#5b6660;font-size:0.9em">Messaggio automatico del sito dello studio.</p>
</body></html>`;
  return { subject: PASSWORD_RESET_MESSAGES.mailSubject, text, html };
}
