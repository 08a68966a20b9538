// Every form of the site, public and admin, posted with field names that ask the form layer for huge
// arrays (`zz[10000000]`, `studios[100000].name`) and with values the database refuses: each answer
// stays small, sends back no field its form does not name, and the server process serving them
// lives on. Before, one such field made a 30 MB answer and a gigabyte of memory, or killed the process.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_HOURS_FORM_FIELDS } from "~/features/site-content/editor.server";
import { CONTENT_MESSAGES } from "~/features/site-content/messages";
import { TEXT_MESSAGES } from "~/core/forms/field-rules";
import { adminCreate, jpeg } from "../support/admin";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { serverProcesses } from "../support/processes";
import { fillTimeToken, postReview, uniqueName } from "../support/reviews";

const ADMIN = { email: "ostile@studio.test", password: "password-dei-moduli-ostili-1" };
const STALE_FORM_MESSAGE = CONTENT_MESSAGES.staleForm;
/** What no form names: none of it may come back in an answer. */
const UNKNOWN = "campo_inatteso";
const UNKNOWN_VALUE = "valore_inatteso";
const HOSTILE: [string, string][] = [
  [`${UNKNOWN}[10000000]`, UNKNOWN_VALUE],
  ["zz[100000000]", UNKNOWN_VALUE],
  ["studios[100000].name", UNKNOWN_VALUE],
  ["hours[99999].ranges[99999].opens", UNKNOWN_VALUE],
  ["services[100000].title", UNKNOWN_VALUE],
  ["__intent__", JSON.stringify({ type: "update", payload: { name: "studios[100000].name", value: UNKNOWN_VALUE } })],
  ["__state__", JSON.stringify({ validated: { [UNKNOWN]: true } })],
];
/** A refused upload's data answer is a few KB; before, 30 MB. */
const MAX_ANSWER_BYTES = 64 * 1024;
/**
 * What a refusal may add to the page (or the data) it answers with: the reply, each field cut to its
 * maximum. Measured against the same page, which grows with the site (before, a refusal was 30 MB).
 */
const REPLY_ALLOWANCE_BYTES = 16 * 1024;
const A_UUID = "0b5e6a52-8f53-4d57-9a53-3a1f0f2c1e11";

const peakMemoryMb = (pid: number) =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

describe("forms posted with hostile field names and values", () => {
  let server: AppServer;
  let cookie: string;
  let worker: number;

  beforeAll(async () => {
    const dataDir = newDataDir("hostile-forms-", { migrated: true });
    const created = adminCreate({ DATA_DIR: dataDir }, ["--email", ADMIN.email, "--new"], ADMIN.password);
    expect(created.code, created.stderr).toBe(0);
    server = await startAppServer({ DATA_DIR: dataDir, REVIEWS_RATE_LIMIT: "1000" });
    const login = await fetch(`${server.url}/admin-login`, {
      method: "POST",
      body: new URLSearchParams(ADMIN),
      headers: { Origin: server.url },
      redirect: "manual",
    });
    cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("admin_session="))!
      .split(";")[0]!;
    worker = serverProcesses(server.process.pid!)[0]!;
  }, 120_000);
  afterAll(() => server?.stop());

  const post = (pathname: string, body: URLSearchParams | FormData, admin = true) =>
    fetch(server.url + pathname, {
      method: "POST",
      body,
      headers: { Origin: server.url, ...(admin ? { Cookie: cookie } : {}) },
      redirect: "manual",
    });
  const withHostile = (fields: [string, string][]) => new URLSearchParams([...fields, ...HOSTILE]);
  /** The same form sent by the page's script: React Router's `.data` URL of the route. */
  const asData = (pathname: string) => pathname.replace(/(\?|$)/, ".data$1");

  /** The version the editor was loaded from (its hidden field). */
  async function contentVersion(): Promise<string> {
    const page = await (await fetch(`${server.url}/admin/contenuti/testi`, { headers: { Cookie: cookie } })).text();
    return /name="version" value="(\d+)"/.exec(page)![1]!;
  }

  async function publishedReviewId(): Promise<string> {
    const name = uniqueName("Recensione da segnalare");
    expect(await postReview(server.url, { name })).toBe(303);
    const page = await (await fetch(`${server.url}/reviews`)).text();
    const card = page.indexOf(name);
    return [...page.slice(0, card).matchAll(/id="recensione-([0-9a-f-]{36})"/g)].at(-1)![1]!;
  }

  async function expectBoundedRefusal(response: Response, pathname: string, admin: boolean) {
    const body = await response.text();
    expect(response.status, body.slice(0, 500)).toBeLessThan(500);
    const plain = await fetch(server.url + pathname, { headers: admin ? { Cookie: cookie } : {}, redirect: "manual" });
    expect(body.length).toBeLessThan((await plain.text()).length + REPLY_ALLOWANCE_BYTES);
    expect(body).not.toContain(UNKNOWN);
    expect(body).not.toContain(UNKNOWN_VALUE);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }

  const forms: { form: string; path: string; admin?: boolean; fields: () => Promise<[string, string][]> }[] = [
    {
      form: "review (without consent)",
      path: "/reviews",
      admin: false,
      fields: async () => [
        ["name", "Anna"],
        ["content", "Bene"],
        ["rating", "5"],
        ["modulo_aperto", await fillTimeToken(server.url)],
      ],
    },
    { form: "review report", path: `/reviews/${A_UUID}/segnala`, admin: false, fields: async () => [["details", "x"]] },
    {
      form: "review report (by script)",
      path: `/reviews/${A_UUID}/segnala`,
      admin: false,
      fields: async () => [["_risposta", "dati"]],
    },
    { form: "login", path: "/admin-login", admin: false, fields: async () => [["email", ""]] },
    { form: "practice details", path: "/admin/contenuti/pratica", fields: async () => [["version", "1"]] },
    { form: "studios", path: "/admin/contenuti/studi", fields: async () => [["version", "1"]] },
    { form: "opening hours", path: "/admin/contenuti/orari", fields: async () => [["version", "1"]] },
    { form: "texts", path: "/admin/contenuti/testi", fields: async () => [["version", "1"]] },
    { form: "services", path: "/admin/contenuti/servizi", fields: async () => [["version", "1"]] },
    { form: "portrait focus", path: "/admin/contenuti/ritratto", fields: async () => [["version", "1"]] },
    {
      form: "portrait removal",
      path: "/admin/contenuti/ritratto",
      fields: async () => [
        ["intent", "remove"],
        ["version", "x"],
      ],
    },
    { form: "version restore", path: "/admin/contenuti/versioni/1", fields: async () => [["restore", "x"]] },
    {
      form: "photo title",
      path: "/admin/foto",
      fields: async () => [
        ["intent", "retitle"],
        ["id", A_UUID],
        ["title", "t".repeat(200)],
      ],
    },
    {
      form: "moderation",
      path: "/admin/recensioni",
      fields: async () => [
        ["intent", "review-status"],
        ["id", "x"],
      ],
    },
    {
      form: "reply",
      path: "/admin/recensioni",
      fields: async () => [
        ["intent", "reply-save"],
        ["reviewId", A_UUID],
      ],
    },
    {
      form: "invitation",
      path: "/admin/inviti",
      fields: async () => [
        ["intent", "create"],
        ["note", "n".repeat(300)],
      ],
    },
    {
      form: "account",
      path: "/admin/account",
      fields: async () => [
        ["intent", "password"],
        ["next", "corta"],
      ],
    },
    {
      form: "reports",
      path: "/admin/recensioni",
      fields: async () => [
        ["intent", "hide-reported"],
        ["id", "x"],
      ],
    },
  ];

  it.each(forms.map((f) => [f.form, f] as const))(
    "%s: a small refusal without the unknown fields, as a page and as data",
    async (_, { path: pathname, admin = true, fields }) => {
      await expectBoundedRefusal(await post(pathname, withHostile(await fields()), admin), pathname, admin);
      await expectBoundedRefusal(
        await post(asData(pathname), withHostile(await fields()), admin),
        asData(pathname),
        admin,
      );
    },
  );

  it("multipart forms (review, photo upload, portrait upload) drop the unknown fields too", async () => {
    const multipart = (fields: [string, string][], file?: [string, Blob]) => {
      const form = new FormData();
      for (const [name, value] of [...fields, ...HOSTILE]) form.append(name, value);
      if (file) form.append(file[0], file[1], "foto.jpg");
      return form;
    };
    const token = await fillTimeToken(server.url);
    const review = [
      ["name", "Anna"],
      ["content", "Bene"],
      ["rating", "5"],
      ["modulo_aperto", token],
    ] as [string, string][];
    await expectBoundedRefusal(await post("/reviews", multipart(review), false), "/reviews", false);
    await expectBoundedRefusal(await post("/reviews.data", multipart(review), false), "/reviews.data", false);
    await expectBoundedRefusal(await post("/admin/foto", multipart([["title", "Senza foto"]])), "/admin/foto", true);
    const portrait = multipart([["version", "1"]]);
    await expectBoundedRefusal(await post("/admin/contenuti/ritratto", portrait), "/admin/contenuti/ritratto", true);
  });

  it("an 11 MB photo with `zz[1000000]` and no start token: a small 413 that keeps only the named fields", async () => {
    const form = new FormData();
    form.set("name", "Anna");
    form.set(`${UNKNOWN}[1000000]`, UNKNOWN_VALUE);
    form.set("photo", new Blob([new Uint8Array(11 * 1024 * 1024)], { type: "image/jpeg" }), "grande.jpg");
    const response = await post("/reviews.data", form, false);
    expect(response.status).toBe(413);
    const body = await response.text();
    expect(body).toContain("L'immagine deve essere inferiore a 5MB");
    expect(body).toContain("Anna");
    expect(body.length).toBeLessThan(MAX_ANSWER_BYTES);
    expect(body).not.toContain(UNKNOWN);
  });

  it("a form of more fields than any of ours is refused unread, urlencoded or multipart", async () => {
    const many = new URLSearchParams([["version", "1"]]);
    for (let i = 0; i < 150; i++) many.append(`f${i}`, "x");
    const urlencoded = await post("/admin/contenuti/pratica.data", many);
    expect(urlencoded.status).toBe(413);
    expect(await urlencoded.text()).toContain("Il modulo inviato è troppo grande.");
    // The hours form (a week per studio) has a cap of its own, counted from its fields.
    for (let i = 150; i < MAX_HOURS_FORM_FIELDS; i++) many.append(`f${i}`, "x");
    const hours = await post("/admin/contenuti/orari.data", many);
    expect(hours.status).toBe(413);
    expect(await hours.text()).toContain("Il modulo inviato è troppo grande.");

    const parts = new FormData();
    for (let i = 0; i < 80; i++) parts.append(`f${i}`, "x");
    const multipart = await post("/reviews", parts, false);
    expect(multipart.status).toBe(413);
    expect(await multipart.text()).toContain("Il modulo inviato è troppo grande.");
  });

  it("a version or restore number past PostgreSQL's integer is refused in Italian, not a server error", async () => {
    const version = await contentVersion();
    const studio = [
      ["studios[0].name", "Studio Centro"],
      ["studios[0].street", "Via Roma 1"],
      ["studios[0].postalCode", "20100"],
      ["studios[0].city", "Milano"],
      ["studios[0].province", "MI"],
    ];
    const save = await post("/admin/contenuti/studi.data", new URLSearchParams([["version", "2147483648"], ...studio]));
    expect(save.status).toBe(400);
    expect(await save.text()).toContain(STALE_FORM_MESSAGE);

    for (const [restore, base] of [
      ["1e20", version],
      ["2147483648", version],
      ["1", "2147483648"],
    ]) {
      const restored = await post(
        "/admin/contenuti/versioni/1.data",
        new URLSearchParams({ restore: restore!, version: base! }),
      );
      expect(restored.status).toBe(400);
      expect(await restored.text()).toContain("Questa versione non è più disponibile.");
    }

    const removal = await post(
      "/admin/contenuti/ritratto.data",
      new URLSearchParams({ intent: "remove", version: "1e20" }),
    );
    expect(removal.status).toBe(400);
    expect(await removal.text()).toContain(STALE_FORM_MESSAGE);

    const upload = new FormData();
    upload.set("version", "2147483648");
    upload.set("image", new Blob([new Uint8Array(await jpeg(400, 500))], { type: "image/jpeg" }), "ritratto.jpg");
    const uploaded = await post("/admin/contenuti/ritratto.data", upload);
    expect(uploaded.status).toBe(400);
    expect(await uploaded.text()).toContain(STALE_FORM_MESSAGE);
    // Nothing was published meanwhile.
    expect(await contentVersion()).toBe(version);
  });

  it("NUL and other control characters in report, content, invitation and reply fields: an Italian 400", async () => {
    const reviewId = await publishedReviewId();
    const report = await post(
      `/reviews/${reviewId}/segnala.data`,
      new URLSearchParams({ reason: "other", details: "Dettagli\u0000nascosti" }),
      false,
    );
    expect(report.status).toBe(400);
    expect(await report.text()).toContain(TEXT_MESSAGES.multiLine);

    const version = await contentVersion();
    const texts = await post(
      "/admin/contenuti/testi.data",
      new URLSearchParams({
        version,
        "texts.tagline": "Motto\u0000",
        "texts.heroTitle": "Titolo",
        "texts.heroIntro": "Presentazione\u0007",
        "texts.about": "Chi sono",
        "texts.servicesIntro": "Servizi",
      }),
    );
    expect(texts.status).toBe(400);
    const textsBody = await texts.text();
    expect(textsBody).toContain(TEXT_MESSAGES.oneLine);
    expect(textsBody).toContain(TEXT_MESSAGES.multiLine);

    const invitation = await post(
      "/admin/inviti.data",
      new URLSearchParams({ intent: "create", patientName: "Mario\u0000", note: "Visita\ndel lunedì" }),
    );
    expect(invitation.status).toBe(400);
    expect(await invitation.text()).toContain(TEXT_MESSAGES.oneLine);

    const reply = await post(
      "/admin/recensioni.data",
      new URLSearchParams({ intent: "reply-save", reviewId, content: "Grazie\u0000!" }),
    );
    expect(reply.status).toBe(400);
    expect(await reply.text()).toContain(TEXT_MESSAGES.multiLine);

    const login = await post(
      "/admin-login.data",
      new URLSearchParams({ email: `${ADMIN.email}\u0000`, password: ADMIN.password }),
      false,
    );
    expect(login.status).toBe(400);
    expect(await (await fetch(`${server.url}/healthz`)).text()).toBeTruthy();
    // The content did not change.
    expect(await contentVersion()).toBe(version);
  });

  it("a review name with a line break, or a review with a NUL, is refused and not published", async () => {
    const token = await fillTimeToken(server.url);
    const send = (name: string, content: string) =>
      post(
        "/reviews.data",
        new URLSearchParams({ name, content, rating: "5", consent: "on", modulo_aperto: token }),
        false,
      );
    const broken = await send("Mario\nRossi", "Tutto bene.");
    expect(broken.status).toBe(400);
    expect(await broken.text()).toContain(TEXT_MESSAGES.oneLine);
    const nul = await send("Mario Nul", "Tutto\u0000bene.");
    expect(nul.status).toBe(400);
    expect(await nul.text()).toContain(TEXT_MESSAGES.multiLine);
    const page = await (await fetch(`${server.url}/reviews`)).text();
    expect(page).not.toContain("Mario Nul");
    expect(page).not.toContain("Rossi");
    // Line breaks inside the review itself are still the visitor's own.
    expect((await send("Mario Bianchi", "Prima riga.\r\nSeconda riga.")).status).toBe(200);
  });

  it("the process that served every one of these is the one that started, its memory never near the attack's", () => {
    expect(serverProcesses(server.process.pid!)).toEqual([worker]);
    expect(server.output()).not.toContain("server process exited");
    // One `zz[10000000]` took a process to over a gigabyte before; a process of this site idles near 100 MB.
    expect(peakMemoryMb(worker)).toBeLessThan(400);
  });
});
