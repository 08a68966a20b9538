import { expect, test, type Page } from "../support/e2e-test";
import { FAQ_MESSAGES } from "~/features/faq/messages";
import { signInAsAdmin } from "../support/admin-browser";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { waitForHydration } from "../support/hydration";
import { expectToast } from "../support/toasts";
import { PASTED_HTML, PASTED_SCRIPT, PASTED_TEXT, pasteHtml } from "../support/rich-text";
import { viewports } from "../support/viewports";

/*
 * On her phone she adds a question whose answer has a list, moves it up, shows it
 * on the home page; it is on /domande-frequenti in her order, in the FAQPage structured data, with
 * and without JavaScript; what she pasted (a script among it) is text there, never code.
 */
let server: AppServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = newDataDir("e2e-faq-", { admin: true });
  server = await startAppServer({ DATA_DIR: dataDir });
});

test.afterAll(async () => {
  await server?.stop();
});

const QUESTION = "Posso venire con un accompagnatore?";
const EXAMPLES = [
  "Quanto dura la prima visita?",
  "Serve l'impegnativa del medico?",
  "Come mi preparo alla prima visita?",
];

/** The questions of the page's first group, as shown. */
const firstGroupQuestions = (page: Page) => page.locator(".faq-group").first().locator(".faq-item__question");

/** The FAQPage structured data of the page, parsed. */
async function faqJsonLd(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const items = blocks.flatMap((text) => [JSON.parse(text)].flat()) as { "@type": string }[];
  return {
    types: items.map((item) => item["@type"]),
    faq: items.find((item) => item["@type"] === "FAQPage") as
      | { mainEntity: { "@type": string; name: string; acceptedAnswer: { "@type": string; text: string } }[] }
      | undefined,
  };
}

test("on a phone she adds a question with a list, moves it up and shows it on the home page; the FAQ page follows", async ({
  page,
  browser,
}) => {
  test.slow();
  await page.setViewportSize(viewports[0]);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signInAsAdmin(page, server);
  await page.locator(".admin-menu__button").click();
  await page
    .getByRole("navigation", { name: "Sezioni del pannello" })
    .getByRole("link", { name: "Domande frequenti" })
    .click();
  await expect(page.getByRole("heading", { name: "Domande frequenti", level: 1 })).toBeVisible();
  // A first start's questions are there, marked as examples.
  await expect(page.getByText(FAQ_MESSAGES.exampleNotice)).toBeVisible();
  const firstGroup = page.locator(".faq-admin__group").first();
  await expect(firstGroup.locator(".faq-admin__text")).toHaveText(EXAMPLES);
  await expect(firstGroup.locator(".faq-admin__badge", { hasText: "Esempio" })).toHaveCount(3);

  // A public page stays open, to see it follow her changes without a reload.
  const visitor = await browser.newPage({ viewport: viewports[0] });
  await visitor.goto(`${server.url}/domande-frequenti`);
  await waitForHydration(visitor);
  await expect(firstGroupQuestions(visitor)).toHaveText(EXAMPLES);

  await page.getByRole("link", { name: "Nuova domanda" }).click();
  await expect(page.getByRole("heading", { name: "Nuova domanda", level: 1 })).toBeVisible();
  await page.getByLabel("Domanda", { exact: true }).fill(QUESTION);
  await expect(page.getByLabel("Gruppo")).toHaveValue(/[0-9a-f-]{36}/);
  const editor = page.locator(".rich-text__content");
  await editor.click();
  await page.keyboard.type("Certo. Ti chiedo solo di:");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Elenco", exact: true }).click();
  await page.keyboard.type("avvisarmi quando prenoti");
  await page.keyboard.press("Enter");
  await page.keyboard.type("arrivare qualche minuto prima");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await pasteHtml(page, PASTED_HTML, PASTED_TEXT);
  await expect(editor.locator("script")).toHaveCount(0);
  await page.getByLabel("Mostra in home").check();
  await expectNoAxeViolations(page, { include: "main" });
  await page.getByRole("button", { name: "Salva la domanda" }).click();
  await expectToast(page, FAQ_MESSAGES.created);
  await expect(page).toHaveURL(/\/admin\/domande#domanda-[0-9a-f-]{36}$/);
  await expect(firstGroup.locator(".faq-admin__text")).toHaveText([...EXAMPLES, QUESTION]);

  // Up one place.
  await page.getByRole("button", { name: `Sposta su: ${QUESTION}` }).click();
  await expectToast(page, FAQ_MESSAGES.moved);
  const ordered = [EXAMPLES[0]!, EXAMPLES[1]!, QUESTION, EXAMPLES[2]!];
  await expect(firstGroup.locator(".faq-admin__text")).toHaveText(ordered);
  await expectNoAxeViolations(page, { include: "main" });

  // The open public page followed, without a reload.
  await expect(firstGroupQuestions(visitor)).toHaveText(ordered);
  await visitor.close();

  // The public page, at both sizes: her order, the list, the pasted script as text, the structured data.
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await page.goto(`${server.url}/domande-frequenti`);
    await expect(page.getByRole("heading", { name: "Domande frequenti", level: 1 })).toBeVisible();
    await expect(firstGroupQuestions(page)).toHaveText(ordered);
    const item = page.locator(".faq-item", { has: page.getByRole("heading", { name: QUESTION }) });
    await expect(item.locator("ul > li")).toHaveText(["avvisarmi quando prenoti", "arrivare qualche minuto prima"]);
    await expect(item.getByText(`Testo incollato ${PASTED_SCRIPT}`)).toBeVisible();
    await expect(item.locator("script, [onerror], img")).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();

    const { types, faq } = await faqJsonLd(page);
    expect(types).toEqual(expect.arrayContaining(["FAQPage", "BreadcrumbList"]));
    const shown = await page.locator(".faq-item__question").allTextContents();
    expect(faq!.mainEntity.map((q) => q.name)).toEqual(shown);
    const entry = faq!.mainEntity.find((q) => q.name === QUESTION)!;
    expect(entry["@type"]).toBe("Question");
    expect(entry.acceptedAnswer["@type"]).toBe("Answer");
    expect(entry.acceptedAnswer.text).toContain("Certo. Ti chiedo solo di:");
    expect(entry.acceptedAnswer.text).toContain("arrivare qualche minuto prima");
    expect(entry.acceptedAnswer.text).toContain(`Testo incollato ${PASTED_SCRIPT}`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/domande-frequenti$/);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", /\/domande-frequenti$/);
    await expectNoAxeViolations(page);
  }
  expect(dialogs).toEqual([]);

  // The home page's short set has it, linked to its answer; the footer links to the page.
  await page.setViewportSize(viewports[0]);
  await page.goto(`${server.url}/home`);
  const homeSet = page.getByRole("region", { name: "Domande frequenti" });
  await expect(homeSet.getByRole("link", { name: QUESTION })).toHaveAttribute(
    "href",
    /^\/domande-frequenti#domanda-[0-9a-f-]{36}$/,
  );
  await expect(homeSet.getByRole("link", { name: "Tutte le domande frequenti" })).toBeVisible();
  await expect(page.locator("footer").getByRole("link", { name: "Domande frequenti" })).toHaveAttribute(
    "href",
    "/domande-frequenti",
  );
  await expectNoAxeViolations(page);
  expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).toContain("/domande-frequenti</loc>");

  // Without JavaScript: the page reads the same, and her up and down buttons still work.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    viewport: viewports[0],
    storageState: await page.context().storageState(),
  });
  const plainPage = await plain.newPage();
  await plainPage.goto(`${server.url}/home`);
  await plainPage.getByRole("region", { name: "Domande frequenti" }).getByRole("link", { name: QUESTION }).click();
  await expect(plainPage).toHaveURL(/\/domande-frequenti#domanda-/);
  await expect(plainPage.locator(".faq-item", { hasText: QUESTION }).locator("li")).toHaveCount(2);
  await plainPage.goto(`${server.url}/admin/domande`);
  await plainPage.getByRole("button", { name: `Sposta giù: ${QUESTION}` }).click();
  await expect(plainPage.getByTestId("toast").filter({ hasText: FAQ_MESSAGES.moved })).toBeVisible();
  await expect(plainPage.locator(".faq-admin__group").first().locator(".faq-admin__text")).toHaveText([
    ...EXAMPLES,
    QUESTION,
  ]);
  await plain.close();

  // Deleted after a confirmation: gone from her list and the page.
  await page.goto(`${server.url}/admin/domande`);
  await waitForHydration(page);
  await page.getByRole("button", { name: `Elimina la domanda: ${QUESTION}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Elimina" }).click();
  await expectToast(page, FAQ_MESSAGES.deleted);
  await expect(firstGroup.locator(".faq-admin__text")).toHaveText(EXAMPLES);
  await page.goto(`${server.url}/domande-frequenti`);
  await expect(page.getByRole("heading", { name: QUESTION })).toHaveCount(0);
});
