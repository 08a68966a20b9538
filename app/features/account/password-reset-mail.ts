import { renderMail } from "~/core/mail/mail-layout";
import { PASSWORD_RESET_MESSAGES } from "./messages";

/** The e-mail with the reset link, to the administrator's own address. */
export const passwordResetMail = (link: string) =>
  renderMail({
    subject: PASSWORD_RESET_MESSAGES.mailSubject,
    blocks: [
      {
        paragraphs: [
          "Hai chiesto di reimpostare la password del pannello del sito.",
          "Per scegliere una nuova password apri questo link entro 30 minuti (si può usare una volta sola):",
        ],
      },
      { links: [{ label: "Scegli una nuova password", url: link }] },
      {
        paragraphs: [
          "Dopo il cambio tutte le sessioni aperte vengono chiuse; se hai attivato la verifica in due passaggi, all'accesso ti verrà chiesto anche il codice.",
          "Se non hai chiesto tu il cambio, ignora questa email: la password resta quella di prima.",
        ],
      },
    ],
  });
