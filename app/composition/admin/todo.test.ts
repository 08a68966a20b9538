import { describe, expect, it } from "vitest";
import { todoItems } from "./todo";
import { siteAddressNotice } from "./todo.server";

const none = {
  reports: 0,
  pending: 0,
  unanswered: 0,
  bookingRequests: 0,
  mailFailed: 0,
  backupProblem: null,
  backupChecks: { copyFailed: null, drillFailed: null, diskFullPercent: null },
  calendarsUnread: 0,
  unusualTraffic: null,
  setupFinished: true,
  examplesLeft: [],
  unpublished: false,
} as const;

describe("the panel's 'Da fare'", () => {
  it("is empty when nothing waits", () => {
    expect(todoItems(none)).toEqual([]);
  });

  it("lists what waits, most urgent first, in Italian singular and plural, each with where to go", () => {
    const items = todoItems({ ...none, reports: 2, pending: 1, unanswered: 3, mailFailed: 1, backupProblem: "stale" });
    expect(items.map((i) => [i.text, i.href])).toEqual([
      ["2 segnalazioni da esaminare.", "/admin/segnalazioni"],
      ["Una recensione attende la tua approvazione.", "/admin#recensioni"],
      ["Un'e-mail di avviso non è stata consegnata: il server di posta va controllato.", "/admin/inviti"],
      ["L'ultimo backup riuscito ha più di due giorni.", "/admin/backup"],
      ["3 recensioni recenti non hanno ancora una tua risposta (facoltativa).", "/admin/risposte"],
    ]);
  });
});

describe("the backup checks in 'Da fare'", () => {
  it("puts a failed drill first and in red with what failed, then a failed copy, then a disk 95% full", () => {
    const items = todoItems({
      ...none,
      backupChecks: {
        drillFailed: "manca db/004.copy nel file di backup",
        copyFailed: "copia in s3.example.it/copie/ non riuscita: HTTP 403",
        diskFullPercent: 96,
      },
    });
    expect(items.map((i) => [i.text, i.href, i.urgent ?? false])).toEqual([
      [
        "La prova settimanale di ripristino del backup non è riuscita: manca db/004.copy nel file di backup.",
        "/admin/backup",
        true,
      ],
      ["L'ultima copia del backup nel tuo spazio esterno (bucket) non è riuscita.", "/admin/backup", false],
      ["Il disco del sito è pieno al 96%: presto backup e foto verranno rifiutati.", "/admin/backup", true],
    ]);
  });
});

describe("the booking requests in 'Da fare'", () => {
  it("are counted in Italian singular and plural, leading to the agenda", () => {
    expect(todoItems({ ...none, bookingRequests: 1 })).toEqual([
      {
        text: "Una richiesta di prenotazione aspetta la tua risposta.",
        href: "/admin/agenda",
        action: "Conferma o rifiuta",
      },
    ]);
    expect(todoItems({ ...none, bookingRequests: 4 })[0]?.text).toBe(
      "4 richieste di prenotazione aspettano la tua risposta.",
    );
  });
});

describe("her calendars unread in 'Da fare'", () => {
  it("are counted in Italian singular and plural, leading to the calendars in the booking settings", () => {
    expect(todoItems({ ...none, calendarsUnread: 1 })).toEqual([
      {
        text: "Uno dei tuoi calendari non si legge da più di un giorno: valgono ancora gli impegni letti l'ultima volta.",
        href: "/admin/prenotazioni#altri-calendari-titolo",
        action: "Controlla i calendari",
      },
    ]);
    expect(todoItems({ ...none, calendarsUnread: 2 })[0]?.text).toMatch(/^2 dei tuoi calendari non si leggono/);
  });
});

describe("a day of unusual traffic in 'Da fare'", () => {
  it("names yesterday, its visitors and a typical day before, leading to the statistics", () => {
    expect(todoItems({ ...none, unusualTraffic: { day: "2099-03-10", visitors: 1250, median: 12.5 } })).toEqual([
      {
        text: "Ieri, martedì 10 marzo 2099, il sito ha avuto 1250 visitatori: più di tre volte un giorno tipico delle quattro settimane prima (12,5).",
        href: "/admin/statistiche?giorni=30",
        action: "Vedi da dove sono arrivati",
      },
    ]);
  });
});

describe("the site address warning", () => {
  const at = (url: string) => new Request(url);
  it("warns when no public address is set: links would point to localhost", () => {
    const notice = siteAddressNotice(
      { siteUrl: "http://localhost:3000", siteUrlConfigured: false },
      at("http://localhost:3000/admin"),
    );
    expect(notice?.title).toBe("Indirizzo del sito non impostato");
    expect(notice?.text).toContain("puntano a http://localhost:3000");
    expect(notice?.text).toContain("SITE_URL");
  });

  it("says nothing at the configured address, and names both when the panel is reached elsewhere", () => {
    const config = { siteUrl: "https://www.studio.it", siteUrlConfigured: true };
    expect(siteAddressNotice(config, at("https://www.studio.it/admin"))).toBeNull();
    expect(siteAddressNotice(config, at("http://203.0.113.5:3000/admin"))?.text).toBe(
      "Stai usando il pannello all'indirizzo 203.0.113.5:3000, ma l'indirizzo del sito impostato è www.studio.it: i link negli inviti e nelle e-mail useranno https://www.studio.it.",
    );
  });
});

describe("the first-run setup in 'Da fare'", () => {
  const left = [
    { label: "il nome", href: "/admin/contenuti/pratica" },
    { label: "l'indirizzo dello Studio di Monza", href: "/admin/contenuti/studi" },
  ];

  it("leads back to the setup until she ends it", () => {
    expect(todoItems({ ...none, setupFinished: false, examplesLeft: left })).toEqual([
      {
        text: "La configurazione iniziale non è finita: il sito mostra ancora dati d'esempio.",
        href: "/admin/configurazione",
        action: "Continua la configurazione",
      },
    ]);
  });

  it("then names each example detail still on the site, leading to the first one's form", () => {
    expect(todoItems({ ...none, examplesLeft: left })).toEqual([
      {
        text: "Sul sito restano dati d'esempio da sostituire: il nome, l'indirizzo dello Studio di Monza.",
        href: "/admin/contenuti/pratica",
        action: "Sostituiscili",
      },
    ]);
  });

  it("asks her to publish a site on a public address that is still in preparation", () => {
    expect(todoItems({ ...none, unpublished: true }).map((i) => [i.text, i.href, i.action])).toEqual([
      [
        "Il sito non è ancora pubblicato: i visitatori vedono solo «Sito in preparazione».",
        "/admin/pubblica",
        "Pubblica il sito",
      ],
    ]);
  });
});
