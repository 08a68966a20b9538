import type { DayHours, SiteContent, Weekday } from "./site-content";

const open = (day: Weekday, opens: string, closes: string): DayHours => ({ day, ranges: [{ opens, closes }] });

/** Monday to Friday 9–19, Saturday 9–13: each studio's and the online visits' week until she sets her own. */
const week = (): DayHours[] => [
  open("Monday", "09:00", "19:00"),
  open("Tuesday", "09:00", "19:00"),
  open("Wednesday", "09:00", "19:00"),
  open("Thursday", "09:00", "19:00"),
  open("Friday", "09:00", "19:00"),
  open("Saturday", "09:00", "13:00"),
  { day: "Sunday", ranges: [] },
];

/**
 * Fictional but plausible: the first version of the content, until she saves her own. The texts name
 * her details by placeholders (placeholders.ts), so they follow her own as soon as she saves them.
 */
export const defaultSiteContent: SiteContent = {
  practitioner: {
    name: "Dott.ssa Giulia Ferrari",
    title: "Biologa Nutrizionista",
    register: "Ordine dei Biologi della Lombardia",
    registerNumber: "AA_084512",
  },
  business: {
    vatNumber: "07184320153",
    legalName: "Giulia Ferrari",
  },
  contact: {
    phone: "+39 347 218 4590",
    email: "info@giuliaferrari-nutrizionista.it",
  },
  studios: [
    {
      key: "studio-di-milano",
      name: "Studio di Milano",
      street: "Via Giuseppe Verdi 18",
      postalCode: "20121",
      city: "Milano",
      province: "MI",
      mapsUrl: "",
      directions: "",
      hours: week(),
    },
    {
      key: "studio-di-monza",
      name: "Studio di Monza",
      street: "Corso Garibaldi 45",
      postalCode: "20900",
      city: "Monza",
      province: "MB",
      mapsUrl: "",
      directions: "",
      hours: week(),
    },
  ],
  onlineHours: week(),
  links: {
    booking: "https://prenota.giuliaferrari-nutrizionista.it/",
    doctorProfile: "https://www.miodottore.it/giulia-ferrari/nutrizionista/milano",
    social: { label: "Instagram", url: "https://www.instagram.com/giuliaferrari.nutrizionista/" },
    messaging: { label: "WhatsApp", url: "https://wa.me/393472184590" },
  },
  stats: { patients: "200+", yearsOfExperience: "5+" },
  reviews: { shown: true },
  texts: {
    tagline: "Nutrizionista, il tuo percorso verso il benessere",
    heroTitle: "Un'alimentazione su misura, costruita insieme a te",
    heroIntro:
      "Sono {nome}, {titolo}. Ti aiuto a impostare un'alimentazione adatta alla tua salute, alle tue abitudini e ai tuoi obiettivi, con un percorso seguito visita dopo visita.",
    about:
      "Sono iscritta all'{albo} (n. {numero}) e ricevo negli studi di {citta}. Mi occupo di alimentazione per adulti, bambini e sportivi, e di nutrizione nelle patologie in collaborazione con il medico curante.\n\nCredo in un'alimentazione che si possa seguire davvero: niente schemi rigidi uguali per tutti, ma scelte costruite sulla tua giornata, sui tuoi gusti e sulla tua storia clinica.",
    servicesIntro:
      "Offro un'ampia gamma di servizi di nutrizione personalizzati. Ogni percorso è costruito sulle esigenze specifiche della persona: la storia clinica, le abitudini, gli orari e gli obiettivi.",
  },
  // The specification's six, a first start's list (she adds, removes and orders them). Factual
  // descriptions only: health advertising rules exclude promises of results. No price until she writes hers.
  services: [
    {
      id: "piani-alimentari",
      icon: "plan",
      title: "Piani alimentari personalizzati",
      description:
        "Un piano costruito sulle tue abitudini, sui tuoi orari e sui tuoi gusti, dopo una valutazione dello stato nutrizionale.",
      price: "",
    },
    {
      id: "educazione-alimentare",
      icon: "education",
      title: "Educazione alimentare",
      description:
        "Strumenti pratici per scelte alimentari consapevoli: leggere le etichette, comporre i pasti, fare la spesa.",
      price: "",
    },
    {
      id: "nutrizione-pediatrica",
      icon: "children",
      title: "Nutrizione pediatrica",
      description:
        "Indicazioni per l'alimentazione di bambini e adolescenti nelle diverse fasi della crescita, insieme alla famiglia.",
      price: "",
    },
    {
      id: "gestione-del-peso",
      icon: "weight",
      title: "Gestione del peso",
      description:
        "Un percorso graduale per raggiungere e mantenere un peso adeguato, con controlli periodici e piani aggiornati.",
      price: "",
    },
    {
      id: "nutrizione-e-patologie",
      icon: "clinical",
      title: "Nutrizione e patologie",
      description:
        "Piani alimentari per la gestione di condizioni come diabete, ipertensione, dislipidemie e disturbi gastrointestinali, in accordo con il medico curante.",
      price: "",
    },
    {
      id: "nutrizione-sportiva",
      icon: "sport",
      title: "Nutrizione sportiva",
      description:
        "Alimentazione e idratazione adatte al tuo sport, ai carichi di allenamento e alle gare, per sostenere la prestazione.",
      price: "",
    },
  ],
  portrait: { image: null, focusX: 50, focusY: 30 },
};
