import type { Page } from "@playwright/test";
import { expect as baseExpect, test } from "../support/e2e-test";
import { defaultSiteContent } from "~/features/site-content/defaults";
import { FAQ_EXAMPLES } from "~/features/faq/examples";
import { ADMIN } from "../support/admin";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { sampleRecipe, seedPhotos, seedRecipes } from "../support/factory";
import { saveScreenshot } from "../support/screenshots";
import { expectSetupStep } from "../support/setup-steps";

/*
 * A new practitioner's walk, scripted: on a fresh site she does the setup with an invented identity
 * (her details, both studios renamed, her links, texts replaced or kept, her figures), keeps or edits
 * the example questions; then every public page, its JSON-LD and the sitemap are read against the
 * example's defaults: no example text, figure, question, studio key or link may be left.
 */
let server: AppServer;
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: "serial", timeout: 300_000 });
// Without motion: a field filled off screen is scrolled to smoothly (html's scroll-behavior), and a
// click aimed while that scroll still runs lands beside its button (seen in a trace: no save sent).
test.use({ viewport: { width: 390, height: 844 }, reducedMotion: "reduce" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const dataDir = newDataDir("e2e-setup-walk-", { admin: true });
  // A published recipe with its slideshow photo, so the home's recipe section has one to show (its screenshots).
  const [photo] = await seedPhotos(dataDir, 1);
  await seedRecipes(dataDir, [sampleRecipe({ slug: "insalata-di-farro", photoId: photo!.id })]);
  server = await startAppServer({ DATA_DIR: dataDir }, 90_000);
});
test.afterAll(() => server?.stop());

const HER = {
  name: "Dott.ssa Elena Marchetti",
  title: "Dietista",
  register: "Albo dei Dietisti dell'Ordine TSRM e PSTRP di Padova",
  registerNumber: "D_004471",
  vatNumber: "12345678903",
  legalName: "Elena Marchetti",
  patients: "150+",
  phone: "+39 049 876 5432",
  email: "studio@elenamarchetti.it",
  booking: "https://www.elenamarchetti.it/prenota",
  instagram: "https://www.instagram.com/elenamarchetti.dietista/",
  studios: [
    { name: "Studio di Padova", street: "Via Altinate 21", postalCode: "35121", city: "Padova", province: "PD" },
    { name: "Studio di Vicenza", street: "Corso Palladio 88", postalCode: "36100", city: "Vicenza", province: "VI" },
  ],
  tagline: "Dietista a Padova e Vicenza",
  heroTitle: "Mangiare bene, senza rinunce",
  servicesIntro: "Visite di persona e online, per adulti e ragazzi.",
  /** The example's "Nutrizione pediatrica" rewritten into her own service. */
  service: {
    title: "Alimentazione in gravidanza",
    description: "Indicazioni per la gravidanza e l'allattamento, in accordo con il ginecologo.",
  },
};

/** The example's texts she keeps as hers with one tap. */
const KEPT_TEXTS = ["heroIntro", "about"] as const;
/** The example services she keeps with one tap; "Nutrizione pediatrica" she rewrites, "Nutrizione sportiva" she removes. */
const KEPT_SERVICES = defaultSiteContent.services.slice(0, 2).concat(defaultSiteContent.services.slice(3, 5));
const REWRITTEN_SERVICE = defaultSiteContent.services[2]!;
const REMOVED_SERVICE = defaultSiteContent.services[5]!;
/** The example questions she saves as they are; the others she rewrites. */
const KEPT_QUESTIONS = FAQ_EXAMPLES.flatMap((group) => group.questions.map((q) => q.question)).slice(0, 2);
const EDITED_QUESTIONS = FAQ_EXAMPLES.flatMap((group) => group.questions.map((q) => q.question)).slice(2);

const field = (scope: Page | ReturnType<Page["locator"]>, label: string) => scope.getByLabel(label, { exact: true });

/** Everything of the example that, were it still on a public page, would be someone else's or not hers. */
function exampleLeftovers(): { what: string; pattern: RegExp }[] {
  const d = defaultSiteContent;
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const words = (what: string, text: string) => ({ what, pattern: new RegExp(`(?<![\\w-])${escape(text)}(?![\\w-])`) });
  const texts = Object.entries(d.texts)
    .filter(([key]) => !(KEPT_TEXTS as readonly string[]).includes(key))
    // As a page shows it: the first sentence is enough to recognise it, placeholders and all.
    .map(([key, text]) => words(`the example's ${key}`, text.split(/[.:]/)[0]!.replace(/\{[a-z]+\}/g, "")));
  return [
    words("the example's name", "Giulia Ferrari"),
    words("the example's title", d.practitioner.title),
    words("the example's register", d.practitioner.register),
    words("the example's register number", d.practitioner.registerNumber),
    words("the example's Partita IVA", d.business.vatNumber),
    words("the example's phone", d.contact.phone),
    words("the example's phone, as a link", d.contact.phone.replace(/[^\d+]/g, "")),
    words("the example's e-mail domain", "giuliaferrari"),
    ...d.studios.flatMap((s) => [
      words(`the example's studio name ${s.name}`, s.name),
      words(`the example's street ${s.street}`, s.street),
      words(`the example's postal code ${s.postalCode}`, s.postalCode),
      words(`the example's city ${s.city}`, s.city),
    ]),
    words("the example's booking site", d.links.booking),
    words("the example's profile", d.links.doctorProfile),
    words("the example's social link", d.links.social.url),
    words("the example's messaging link", d.links.messaging.url),
    { what: "the example's figure of patients", pattern: /(?<![\w-])200\+/ },
    { what: "the example's years of experience", pattern: /anni di esperienza/ },
    ...texts,
    ...EDITED_QUESTIONS.map((question) => words(`the example question «${question}»`, question)),
    ...[REWRITTEN_SERVICE, REMOVED_SERVICE].flatMap((service) => [
      words(`the example service ${service.title}`, service.title),
      words(`the example service's description ${service.title}`, service.description),
    ]),
  ];
}

/** A page's text with the entities React writes turned back into characters. */
const decoded = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The sitemap and every page it lists (with the booking and newsletter pages), as text. */
async function publicPages(): Promise<(readonly [string, string])[]> {
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const pages = await Promise.all(
    [...new Set([...paths, "/prenota", "/newsletter"])].map(
      async (path) => [path, decoded(await (await fetch(`${server.url}${path}`)).text())] as const,
    ),
  );
  return [["/sitemap.xml", sitemap], ...pages];
}

/** On step `n`: its address, and its own page drawn (a link tapped sooner is the previous step's). */
async function atStep(page: Page, slug: string, n: number, title: string) {
  await expect(page).toHaveURL(new RegExp(`/admin/configurazione/${slug}$`));
  await expectSetupStep(page, n, title);
}

test("a new practitioner's setup leaves nothing of the example on her public site", async ({ page }) => {
  await page.goto(`${server.url}/admin-login`);
  await field(page, "Email").fill(ADMIN.email);
  await field(page, "Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Accedi" }).click();
  await atStep(page, "chi-sei", 1, "Chi sei");
  const next = page.getByRole("button", { name: "Salva e continua" });

  // 1. Who she is, and the home's figures: one hers, one left out. Nothing to clear: the example is a hint.
  await saveScreenshot(page, "setup-who-390", { fullPage: true });
  await field(page, "Nome visualizzato").fill(HER.name);
  await field(page, "Titolo professionale").fill(HER.title);
  await field(page, "Albo professionale").fill(HER.register);
  await field(page, "Numero di iscrizione all'albo").fill(HER.registerNumber);
  await field(page, "Partita IVA").fill(HER.vatNumber);
  await field(page, "Intestatario della Partita IVA").fill(HER.legalName);
  await field(page, "Pazienti soddisfatti (facoltativo)").fill(HER.patients);
  await expect(field(page, "Anni di esperienza (facoltativo)")).toHaveValue("");
  await next.click();
  await atStep(page, "studi", 2, "I tuoi studi");

  // 2. Both studios, hers.
  for (const [i, studio] of HER.studios.entries()) {
    const group = page.getByRole("group", { name: `Studio ${i + 1}`, exact: true });
    await field(group, "Nome dello studio").fill(studio.name);
    await field(group, "Via e numero civico").fill(studio.street);
    await field(group, "CAP").fill(studio.postalCode);
    await field(group, "Città").fill(studio.city);
    await field(group, "Provincia").fill(studio.province);
  }
  await next.click();
  await atStep(page, "orari", 3, "Orari");
  await page.getByRole("link", { name: "Salta questo passo" }).click();
  await atStep(page, "contatti", 4, "Contatti");

  // 4. Her contacts; no doctor's profile and no messaging service (each left out).
  await field(page, "Telefono").fill(HER.phone);
  await field(page, "Email").fill(HER.email);
  await field(page, "Sito di prenotazione").fill(HER.booking);
  await expect(field(page, "Profilo per le prenotazioni (es. MioDottore)")).toHaveValue("");
  await field(page, "Link del profilo social").fill(HER.instagram);
  await field(page, "Nome del servizio di messaggi (facoltativo)").fill("");
  await next.click();
  await atStep(page, "ritratto", 5, "Ritratto");
  await page.getByRole("link", { name: "Salta questo passo" }).click();
  await atStep(page, "testi", 6, "Testi della home");

  // 6. Texts: three her own, two of the example's kept with one tap each.
  await saveScreenshot(page, "setup-texts-390", { fullPage: true });
  await field(page, "Motto della pagina iniziale").fill(HER.tagline);
  await field(page, "Titolo principale della home").fill(HER.heroTitle);
  await field(page, "Introduzione della pagina dei servizi").fill(HER.servicesIntro);
  for (const label of ["Presentazione sotto il titolo", "Chi sono"]) {
    await page.getByRole("checkbox", { name: new RegExp(`^Tieni il testo d'esempio\\s*: ${label}$`) }).check();
    await expect(field(page, label)).not.toHaveValue("");
  }
  await next.click();
  await atStep(page, "servizi", 7, "Servizi");

  // 7. Services: four of the example's kept with one tap each, one rewritten into hers, one removed.
  await expect(page.getByRole("region", { name: "Esempi da sostituire" })).toContainText("6 dati");
  await page.getByRole("button", { name: `Rimuovi: ${REMOVED_SERVICE.title}` }).click();
  await expect(page.locator(".service-list__item")).toHaveCount(5);
  for (const service of KEPT_SERVICES)
    await page
      .getByRole("checkbox", { name: new RegExp(`^Tieni il servizio d'esempio\\s*: ${service.title}$`) })
      .check();
  const rewritten = page.locator(".service-list__item").nth(2);
  await field(rewritten, "Titolo").fill(HER.service.title);
  await field(rewritten, "Descrizione").fill(HER.service.description);
  // Hers now: nothing of it left to keep.
  await expect(rewritten.getByRole("checkbox")).toHaveCount(0);
  await saveScreenshot(page, "setup-services-390", { fullPage: true });
  await next.click();
  await expect(page).toHaveURL(/\/configurazione\/fine$/);
  // Left: only the example questions, which the setup does not ask about.
  const left = page.getByRole("region", { name: "Esempi da sostituire" });
  await left.locator("summary").click();
  await expect(left.getByRole("listitem")).toHaveText(
    FAQ_EXAMPLES.flatMap((g) => g.questions.map((q) => `la domanda d'esempio «${q.question}»`)),
  );
  await page.getByRole("button", { name: "Concludi la configurazione" }).click();
  await expect(page).toHaveURL(`${server.url}/admin`);

  // The questions: two kept as they are, two rewritten.
  for (const question of [...KEPT_QUESTIONS, ...EDITED_QUESTIONS]) {
    await page.goto(`${server.url}/admin/domande`);
    await page.getByRole("link", { name: `Modifica: ${question}` }).click();
    await expect(field(page, "Domanda")).toHaveValue(question);
    if (EDITED_QUESTIONS.includes(question)) {
      await field(page, "Domanda").fill(`${question.replace(/\?$/, "")} nel mio studio?`);
      await page.locator(".rich-text__content").click();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type("Te lo spiego alla prima visita, con calma.");
    }
    await page.getByRole("button", { name: "Salva la domanda" }).click();
    await expect(page).toHaveURL(new RegExp(`^${server.url}/admin/domande#domanda-`));
  }

  // The closing screen, looked at again: nothing of the example left.
  await page.goto(`${server.url}/admin/configurazione/fine`);
  await expect(page.getByText("Sul sito non resta nessun dato d'esempio.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Esempi da sostituire" })).toHaveCount(0);
  for (const width of [320, 390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await saveScreenshot(page, `setup-closing-${width}`, { fullPage: true });
  }

  // Every public page (its JSON-LD with it) and the sitemap, against the example.
  const bodies = await publicPages();
  expect(bodies.map(([where]) => where)).toEqual(
    expect.arrayContaining(["/home", "/services", "/privacy", "/domande-frequenti", "/studi/studio-di-padova"]),
  );
  const found = bodies.flatMap(([where, body]) =>
    exampleLeftovers()
      .filter(({ pattern }) => pattern.test(body))
      .map(({ what }) => `${where}: ${what}`),
  );
  expect(found).toEqual([]);

  // What she gave is there instead.
  const home = await (await fetch(`${server.url}/home`)).text();
  for (const hers of [HER.name, HER.title, HER.registerNumber, HER.tagline, `${HER.patients}</span>`])
    expect(decoded(home)).toContain(hers);
  // Her services: the four she kept, and hers.
  const services = decoded(await (await fetch(`${server.url}/services`)).text());
  for (const hers of [...KEPT_SERVICES.map((service) => service.description), HER.service.description])
    expect(services).toContain(hers);
  expect(decoded(home)).toContain("Credo in un'alimentazione che si possa seguire davvero");

  // The home's recipe section at each width.
  await page.goto(`${server.url}/home`);
  for (const width of [320, 390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const section = page.locator("#ricette");
    await section.scrollIntoViewIfNeeded();
    await saveScreenshot(section, `home-recipes-${width}`);
  }
});

// Her studios renamed: no address, text or structured data names them by the example's keys. (The
// key stays their id in the data a page hydrates from, which no visitor reads.)
test("her renamed studios are named by her names in every link, text and structured data", async () => {
  const keys = defaultSiteContent.studios.map((studio) => studio.key);
  const said = (body: string) => body.replace(/<script(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g, "");
  const found = (await publicPages()).flatMap(([where, body]) =>
    keys.filter((key) => new RegExp(`(?<![\\w-])${key}(?![\\w-])`).test(said(body))).map((key) => `${where}: ${key}`),
  );
  expect(found).toEqual([]);
});
