import { expect, test } from "../support/e2e-test";
import { expectNoAxeViolations } from "../support/axe";

// The accessibility check every other spec relies on: it must fail on a real violation.
test("the axe check reports an image without a text alternative, and passes the page once it has one", async ({
  page,
}) => {
  const pageWith = (image: string) =>
    `<!doctype html><html lang="it"><head><title>Prova</title></head><body><main><h1>Prova</h1>${image}</main></body></html>`;
  const pixel = "data:image/gif;base64,R0lGODlhAQABAAAAACw=";
  await page.setContent(pageWith(`<img src="${pixel}">`));
  const failure = await expectNoAxeViolations(page).catch((error: Error) => error);
  expect(String(failure)).toContain("image-alt");
  await page.setContent(pageWith(`<img src="${pixel}" alt="Un punto">`));
  await expectNoAxeViolations(page);
});
