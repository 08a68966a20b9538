/** The six services: fixed in the product, shown on home and on /services. */
export type ServiceIcon = "plan" | "education" | "children" | "weight" | "clinical" | "sport";

export interface Service {
  /** Stable id, also the card's anchor. */
  id: string;
  icon: ServiceIcon;
  title: string;
  description: string;
}

// Factual descriptions only: health advertising rules (D.L. 69/2023 art. 6) exclude promises of results.
export const services: readonly Service[] = [
  {
    id: "piani-alimentari",
    icon: "plan",
    title: "Piani alimentari personalizzati",
    description:
      "Un piano costruito sulle tue abitudini, sui tuoi orari e sui tuoi gusti, dopo una valutazione dello stato nutrizionale.",
  },
  {
    id: "educazione-alimentare",
    icon: "education",
    title: "Educazione alimentare",
    description:
      "Strumenti pratici per scelte alimentari consapevoli: leggere le etichette, comporre i pasti, fare la spesa.",
  },
  {
    id: "nutrizione-pediatrica",
    icon: "children",
    title: "Nutrizione pediatrica",
    description:
      "Indicazioni per l'alimentazione di bambini e adolescenti nelle diverse fasi della crescita, insieme alla famiglia.",
  },
  {
    id: "gestione-del-peso",
    icon: "weight",
    title: "Gestione del peso",
    description:
      "Un percorso graduale per raggiungere e mantenere un peso adeguato, con controlli periodici e piani aggiornati.",
  },
  {
    id: "nutrizione-e-patologie",
    icon: "clinical",
    title: "Nutrizione e patologie",
    description:
      "Piani alimentari per la gestione di condizioni come diabete, ipertensione, dislipidemie e disturbi gastrointestinali, in accordo con il medico curante.",
  },
  {
    id: "nutrizione-sportiva",
    icon: "sport",
    title: "Nutrizione sportiva",
    description:
      "Alimentazione e idratazione adatte al tuo sport, ai carichi di allenamento e alle gare, per sostenere la prestazione.",
  },
];
