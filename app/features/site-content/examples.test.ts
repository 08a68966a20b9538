import { describe, expect, it } from "vitest";
import { defaultSiteContent } from "./defaults";
import { examplesLeft } from "./examples";

const labels = (content: typeof defaultSiteContent) => examplesLeft(content).map((e) => `${e.group}: ${e.label}`);

describe("the example details still on the site", () => {
  it("names each fictional detail of the first version, with its form", () => {
    expect(labels(defaultSiteContent)).toEqual([
      "chi: il nome",
      "chi: il titolo professionale",
      "chi: il numero di iscrizione all'albo",
      "chi: la Partita IVA",
      "chi: l'intestatario della Partita IVA",
      "studi: l'indirizzo dello Studio di Milano",
      "studi: l'indirizzo dello Studio di Monza",
      "contatti: il telefono",
      "contatti: l'e-mail (contatto per la privacy)",
      "contatti: il link di prenotazione",
      "contatti: i link (profilo, social, messaggi)",
      "chi: il numero di pazienti della home",
      "chi: gli anni di esperienza della home",
      "testi: il motto",
      "testi: il titolo della home",
      "testi: la presentazione della home",
      "testi: il testo «Chi sono»",
      "testi: l'introduzione dei servizi",
      "servizi: il servizio «Piani alimentari personalizzati»",
      "servizi: il servizio «Educazione alimentare»",
      "servizi: il servizio «Nutrizione pediatrica»",
      "servizi: il servizio «Gestione del peso»",
      "servizi: il servizio «Nutrizione e patologie»",
      "servizi: il servizio «Nutrizione sportiva»",
    ]);
  });

  it("counts each example service in the example's words until she rewrites, removes or keeps it", () => {
    const d = defaultSiteContent;
    const services = (content: typeof d) => labels(content).filter((label) => label.startsWith("servizi"));
    const [plans, education, children, weight, clinical, sport] = d.services as [
      (typeof d.services)[number],
      ...(typeof d.services)[number][],
    ];
    const hers = {
      ...d,
      services: [
        // Rewritten: hers.
        { ...children!, title: "Alimentazione in gravidanza" },
        { ...weight!, description: "Un percorso per il peso, con controlli ogni mese." },
        // Her price and icon, the example's words: still the example.
        { ...plans, price: "80 €", icon: "sport" as const },
        // Moved, and with another id (removed and added again): the example's words all the same.
        { ...education!, id: "servizio-educazione-alimentare" },
        clinical!,
        sport!,
      ],
      // Kept as they are with one tap.
      kept: ["services.nutrizione-e-patologie", "services.nutrizione-sportiva"],
    };
    expect(services(hers)).toEqual([
      "servizi: il servizio «Piani alimentari personalizzati»",
      "servizi: il servizio «Educazione alimentare»",
    ]);
    // Removed: nothing of it left.
    expect(services({ ...hers, services: hers.services.slice(0, 2) })).toEqual([]);
  });

  it("marks the details the law wants hers as legal: name, register number, Partita IVA, privacy contact", () => {
    expect(
      examplesLeft(defaultSiteContent)
        .filter((e) => e.legal)
        .map((e) => e.label),
    ).toEqual([
      "il nome",
      "il numero di iscrizione all'albo",
      "la Partita IVA",
      "l'intestatario della Partita IVA",
      "l'e-mail (contatto per la privacy)",
    ]);
  });

  it("counts nothing of a studio renamed and moved: its links follow the new name", () => {
    const d = defaultSiteContent;
    const renamed = {
      ...d,
      studios: [{ ...d.studios[0]!, name: "Studio di Torino", street: "Via Roma 1", city: "Torino" }],
    };
    expect(labels(renamed).filter((label) => label.startsWith("studi"))).toEqual([]);
  });

  it("leaves nothing once every detail, figure and link is hers", () => {
    const d = defaultSiteContent;
    const hers = {
      ...d,
      practitioner: { ...d.practitioner, name: "Dott.ssa Chiara Rinaldi", title: "Dietista", registerNumber: "AA_1" },
      business: { vatNumber: "12345678903", legalName: "Chiara Rinaldi" },
      contact: { phone: "+39 011 123456", email: "chiara@rinaldi.test" },
      studios: [
        { ...d.studios[0]!, key: "studio-di-torino", name: "Studio di Torino", street: "Via Roma 1", city: "Torino" },
      ],
      links: {
        booking: "https://prenota.rinaldi.test/",
        doctorProfile: "https://www.miodottore.it/chiara-rinaldi",
        social: { label: "Instagram", url: "https://www.instagram.com/chiara.rinaldi/" },
        messaging: { label: "WhatsApp", url: "https://wa.me/39011123456" },
      },
      stats: { patients: "300+", yearsOfExperience: "10+" },
      // The example's texts, each kept as hers with one tap.
      kept: [
        "texts.tagline",
        "texts.heroTitle",
        "texts.heroIntro",
        "texts.about",
        "texts.servicesIntro",
        ...d.services.map((service) => `services.${service.id}`),
      ],
    };
    expect(labels(hers)).toEqual([]);
  });

  it("counts the home's figures and the example's texts until she keeps, changes or empties them", () => {
    const d = defaultSiteContent;
    const figures = (content: typeof d) => labels(content).filter((label) => /pazienti|esperienza/.test(label));
    expect(figures(d)).toEqual(["chi: il numero di pazienti della home", "chi: gli anni di esperienza della home"]);
    // Kept as they are ("200+" is true for her), or left empty (the home then leaves the figure out).
    expect(figures({ ...d, kept: ["stats.patients"], stats: { ...d.stats, yearsOfExperience: "" } })).toEqual([]);
    const texts = (content: typeof d) => labels(content).filter((label) => label.startsWith("testi"));
    expect(texts({ ...d, kept: ["texts.about"], texts: { ...d.texts, tagline: "Il mio motto" } })).toEqual([
      "testi: il titolo della home",
      "testi: la presentazione della home",
      "testi: l'introduzione dei servizi",
    ]);
  });

  it("points out a text that names a city none of her studios is in, or the example's person, while the placeholders follow her", () => {
    const hers = {
      ...defaultSiteContent,
      kept: ["texts.heroTitle", "texts.heroIntro", "texts.about"],
      practitioner: { ...defaultSiteContent.practitioner, name: "Dott.ssa Chiara Rinaldi", registerNumber: "AA_1" },
      business: { vatNumber: "12345678903", legalName: "Chiara Rinaldi" },
      studios: [{ ...defaultSiteContent.studios[0]!, street: "Via Roma 12", city: "Torino" }],
      texts: {
        ...defaultSiteContent.texts,
        tagline: "La nutrizionista di Monza",
        servicesIntro: "Come ti dirà Giulia Ferrari, …",
      },
    };
    expect(labels(hers).filter((label) => label.startsWith("testi"))).toEqual([
      "testi: il motto",
      "testi: l'introduzione dei servizi",
    ]);
  });

  it("points out a text naming a person, studio or city of an earlier version she no longer has", () => {
    const d = defaultSiteContent;
    const hers = {
      ...d,
      practitioner: { ...d.practitioner, name: "Dott.ssa Chiara Rinaldi", registerNumber: "AA_1" },
      business: { vatNumber: "12345678903", legalName: "Chiara Rinaldi" },
      studios: [{ ...d.studios[0]!, name: "Studio di Torino", street: "Via Roma 12", city: "Torino" }],
      texts: {
        tagline: "Chiara Rinaldi, nutrizionista a Torino e a Monzambano",
        heroTitle: "Ti aspetto allo Studio Aurora",
        heroIntro: "Sono la dott.ssa Anna Verdi.",
        about: "Ricevo anche a Forlì, su appuntamento.",
        servicesIntro: "Nel mio studio di Torino, in Via Roma 12.",
      },
    };
    const former = {
      people: ["Dott.ssa Anna Verdi", "Anna Verdi", "Dott.ssa Chiara Rinaldi", "Chiara Rinaldi"],
      studios: ["Studio Aurora", "Studio di Torino"],
      cities: ["Forlì", "Torino"],
    };
    const texts = (content: typeof hers, names?: typeof former) =>
      examplesLeft(content, names)
        .filter((example) => example.group === "testi")
        .map((example) => example.label);
    expect(texts(hers, former)).toEqual(["il titolo della home", "la presentazione della home", "il testo «Chi sono»"]);
    // Without her earlier versions only the fictional example's names count: none of these.
    expect(texts(hers)).toEqual([]);
    // A name or place she has again is hers: not pointed out.
    const back = { ...hers, studios: [...hers.studios, { ...d.studios[1]!, name: "Studio Aurora", city: "Forlì" }] };
    expect(texts(back, former)).toEqual(["la presentazione della home"]);
  });
});
