import { documentText, type RichTextDocument } from "~/ui/rich-text/document";
import type { FaqGroup } from "./faq.server";
import { FAQ_PATH, questionAnchor } from "./faq-paths";

/** A group as the public page shows it: only groups with questions. */
export interface FaqGroupView {
  id: string;
  name: string;
  questions: { id: string; anchor: string; question: string; answer: RichTextDocument }[];
}

/** The page's groups, and its structured data: `FAQPage` (each answer's words as plain text) and the breadcrumbs. */
export function faqPage(groups: readonly FaqGroup[], siteUrl: string) {
  const shown: FaqGroupView[] = groups
    .filter((group) => group.questions.length > 0)
    .map((group) => ({
      id: group.id,
      name: group.name,
      questions: group.questions.map((q) => ({
        id: q.id,
        anchor: questionAnchor(q.id),
        question: q.question,
        answer: q.answer,
      })),
    }));
  const questions = shown.flatMap((group) => group.questions);
  const jsonLd: object[] = [
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${siteUrl}/home` },
        { "@type": "ListItem", position: 2, name: "Domande frequenti", item: `${siteUrl}${FAQ_PATH}` },
      ],
    },
  ];
  // Search engines want at least one question in an FAQPage.
  if (questions.length)
    jsonLd.unshift({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      url: `${siteUrl}${FAQ_PATH}`,
      mainEntity: questions.map((q) => ({
        "@type": "Question",
        name: q.question,
        acceptedAnswer: { "@type": "Answer", text: documentText(q.answer) },
      })),
    });
  return { groups: shown, jsonLd };
}
