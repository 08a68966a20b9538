import type { Block, RichTextDocument } from "~/ui/rich-text/document";

/*
 * A first start's example questions: fictional but plausible, like the site
 * content's defaults, and marked as examples in her list until she saves them.
 */

const paragraph = (text: string): Block => ({ type: "paragraph", content: [{ type: "text", text }] });
const doc = (...content: Block[]): RichTextDocument => ({ type: "doc", content });

export const FAQ_EXAMPLES: { group: string; questions: { question: string; answer: RichTextDocument }[] }[] = [
  {
    group: "Prima visita",
    questions: [
      {
        question: "Quanto dura la prima visita?",
        answer: doc(
          paragraph(
            "Circa un'ora. Parliamo delle tue abitudini, della tua storia clinica e dei tuoi obiettivi; poi prendo le misure. Il piano alimentare te lo consegno nei giorni successivi.",
          ),
        ),
      },
      {
        question: "Serve l'impegnativa del medico?",
        answer: doc(
          paragraph(
            "No: la visita nutrizionale è privata e non serve l'impegnativa. Se hai una diagnosi o esami recenti, portali: mi aiutano a capire meglio la tua situazione.",
          ),
        ),
      },
      {
        question: "Come mi preparo alla prima visita?",
        answer: doc(paragraph("Non serve essere a digiuno. Porta con te, se li hai:"), {
          type: "bulletList",
          content: [
            "gli esami del sangue degli ultimi sei mesi;",
            "l'elenco dei farmaci e degli integratori che prendi;",
            "gli appunti di quello che mangi in due o tre giorni tipici.",
          ].map((text) => ({ type: "listItem", content: [paragraph(text)] })),
        }),
      },
    ],
  },
  {
    group: "Visite online",
    questions: [
      {
        question: "Le visite online funzionano come quelle in studio?",
        answer: doc(
          paragraph(
            "Sì: il colloquio e il piano alimentare sono gli stessi. Le misure le prendi tu a casa, con le indicazioni che ti mando prima della visita; ti servono solo una bilancia e un metro da sarta.",
          ),
        ),
      },
    ],
  },
];
