import type { AppServices } from "~/services.server";
import { ADMIN_FAQ } from "~/features/faq/faq-paths";
import { groupPaths } from "~/features/site-content/editor-groups";
import { examplesLeft } from "~/features/site-content/examples";
import type { PublishedContent } from "~/features/site-content/site-content";

/** One example detail still on the site, with where she replaces it. */
export interface ExampleItem {
  /** Short Italian words ("il nome", "la domanda d'esempio «…»"). */
  label: string;
  href: string;
  /** The site content's form it is on, or "faq" for an example question. */
  group: string;
  /** A legal detail: the site cannot be published while it is the example's (decision 73). */
  legal: boolean;
}

/**
 * The one list of what is still the fictional example's (decision 73): every detail and text of the
 * site content and every example question of the FAQ. The setup's closing screen, the editors'
 * "Esempi da sostituire", the to-do list and "Pubblica il sito" all read this, so none of them can
 * say "nothing left" while anything is. Composed here: the site content and the FAQ know nothing of each other.
 */
export async function loadExamplesLeft(
  s: Pick<AppServices, "siteContent" | "faq">,
  published?: PublishedContent,
): Promise<ExampleItem[]> {
  const current = published ?? (await s.siteContent.current());
  const [former, questions] = await Promise.all([s.siteContent.formerNames(current.version), s.faq.exampleQuestions()]);
  return [
    ...examplesLeft(current.content, former).map(({ label, group, legal }) => ({
      label,
      href: groupPaths[group],
      group,
      legal,
    })),
    ...questions.map(({ id, question }) => ({
      label: `la domanda d'esempio «${question}»`,
      href: `${ADMIN_FAQ}/${id}`,
      group: "faq",
      legal: false,
    })),
  ];
}
