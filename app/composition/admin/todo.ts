import { formatCount, formatDecimal, formatItalianDay } from "~/core/format/italian-format";
import type { TodoItem } from "~/ui/admin/todo-list";
import type { AdminTodo } from "./todo.server";
import { SETUP_PATH } from "~/features/site-content/editor-groups";

/** "Pubblica il sito" (decision 73). */
export const PUBLISH_PATH = "/admin/pubblica";

const many = (n: number, one: string, more: string) => (n === 1 ? one : more.replace("#", String(n)));

/** The "Da fare" lines for what the layout counted, most urgent first. */
export function todoItems(todo: AdminTodo): TodoItem[] {
  const items: TodoItem[] = [];
  if (todo.reports > 0)
    items.push({
      text: many(todo.reports, "Una segnalazione da esaminare.", "# segnalazioni da esaminare."),
      href: "/admin/segnalazioni",
      action: "Esamina",
    });
  if (todo.bookingRequests > 0)
    items.push({
      text: many(
        todo.bookingRequests,
        "Una richiesta di prenotazione aspetta la tua risposta.",
        "# richieste di prenotazione aspettano la tua risposta.",
      ),
      href: "/admin/agenda",
      action: "Conferma o rifiuta",
    });
  if (todo.pending > 0)
    items.push({
      text: many(
        todo.pending,
        "Una recensione attende la tua approvazione.",
        "# recensioni attendono la tua approvazione.",
      ),
      href: "/admin#recensioni",
      action: "Approva o nascondi",
    });
  if (todo.mailFailed > 0)
    items.push({
      text: many(
        todo.mailFailed,
        "Un'e-mail di avviso non è stata consegnata: il server di posta va controllato.",
        "# e-mail di avviso non sono state consegnate: il server di posta va controllato.",
      ),
      href: "/admin/inviti",
      action: "Vedi lo stato",
    });
  if (todo.calendarsUnread > 0)
    items.push({
      text: many(
        todo.calendarsUnread,
        "Uno dei tuoi calendari non si legge da più di un giorno: valgono ancora gli impegni letti l'ultima volta.",
        "# dei tuoi calendari non si leggono da più di un giorno: valgono ancora gli impegni letti l'ultima volta.",
      ),
      href: "/admin/prenotazioni#altri-calendari-titolo",
      action: "Controlla i calendari",
    });
  if (todo.backupProblem)
    items.push({
      text:
        todo.backupProblem === "failed"
          ? "L'ultimo backup non è riuscito."
          : "L'ultimo backup riuscito ha più di due giorni.",
      href: "/admin/backup",
      action: "Vai ai backup",
    });
  // Decision 76: a backup that would not restore comes first among them, in red.
  if (todo.backupChecks.drillFailed)
    items.push({
      text: `La prova settimanale di ripristino del backup non è riuscita: ${todo.backupChecks.drillFailed}.`,
      href: "/admin/backup",
      action: "Vai ai backup",
      urgent: true,
    });
  if (todo.backupChecks.copyFailed)
    items.push({
      text: "L'ultima copia del backup nel tuo spazio esterno (bucket) non è riuscita.",
      href: "/admin/backup",
      action: "Vai ai backup",
    });
  if (todo.backupChecks.diskFullPercent !== null)
    items.push({
      text: `Il disco del sito è pieno al ${todo.backupChecks.diskFullPercent}%: presto backup e foto verranno rifiutati.`,
      href: "/admin/backup",
      action: "Vai ai backup",
      urgent: true,
    });
  // The setup until she ends it, then what of the example is still on the site, by name.
  if (!todo.setupFinished)
    items.push({
      text: "La configurazione iniziale non è finita: il sito mostra ancora dati d'esempio.",
      href: SETUP_PATH,
      action: "Continua la configurazione",
    });
  else if (todo.examplesLeft[0])
    items.push({
      text: `Sul sito restano dati d'esempio da sostituire: ${todo.examplesLeft.map((e) => e.label).join(", ")}.`,
      href: todo.examplesLeft[0].href,
      action: "Sostituiscili",
    });
  // Decision 73: on a public address, visitors see only "Sito in preparazione" until she publishes.
  if (todo.unpublished)
    items.push({
      text: "Il sito non è ancora pubblicato: i visitatori vedono solo «Sito in preparazione».",
      href: PUBLISH_PATH,
      action: "Pubblica il sito",
    });
  if (todo.unanswered > 0)
    items.push({
      text: many(
        todo.unanswered,
        "Una recensione recente non ha ancora una tua risposta (facoltativa).",
        "# recensioni recenti non hanno ancora una tua risposta (facoltativa).",
      ),
      href: "/admin/risposte",
      action: "Rispondi",
    });
  // News rather than work, so last.
  if (todo.unusualTraffic) {
    const { day, visitors, median } = todo.unusualTraffic;
    items.push({
      text: `Ieri, ${formatItalianDay(day)}, il sito ha avuto ${formatCount(visitors)} visitatori: più di tre volte un giorno tipico delle quattro settimane prima (${formatDecimal(median, 1)}).`,
      href: "/admin/statistiche?giorni=30",
      action: "Vedi da dove sono arrivati",
    });
  }
  return items;
}
