import type { FieldMetadata } from "@conform-to/react";
import { ContentTextField as TextField } from "./example-fields";
import type { SiteContent } from "~/features/site-content/site-content";

// Any form whose value holds this part ("Dati dello studio", or a step of the first-run setup).
type Part<K extends keyof SiteContent, Form extends Record<string, unknown>> = FieldMetadata<
  SiteContent[K] | undefined,
  Form,
  string[]
>;

/** Who she is: name, title, register and its number, Partita IVA (the practice editor and the setup's first step). */
export function PractitionerFields<Form extends Record<string, unknown>>({
  practitioner,
  business,
}: {
  practitioner: Part<"practitioner", Form>;
  business: Part<"business", Form>;
}) {
  const who = practitioner.getFieldset();
  const vat = business.getFieldset();
  return (
    <>
      <fieldset className="content-form__group">
        <legend>Professionista</legend>
        <TextField meta={who.name} label="Nome visualizzato" hint="Come compare in alto e in fondo a ogni pagina." />
        <TextField meta={who.title} label="Titolo professionale" />
        <TextField
          meta={who.register}
          label="Albo professionale"
          hint="Obbligatorio per legge: compare in fondo a ogni pagina."
        />
        <TextField meta={who.registerNumber} label="Numero di iscrizione all'albo" />
      </fieldset>
      <fieldset className="content-form__group">
        <legend>Dati fiscali</legend>
        <TextField
          meta={vat.vatNumber}
          label="Partita IVA"
          inputMode="numeric"
          hint="11 cifre; obbligatoria per legge in fondo a ogni pagina."
        />
        <TextField meta={vat.legalName} label="Intestatario della Partita IVA" />
      </fieldset>
    </>
  );
}

/** How patients reach her: phone, e-mail and links (the practice editor and the setup's contact step). */
export function ContactFields<Form extends Record<string, unknown>>({
  contact,
  links,
}: {
  contact: Part<"contact", Form>;
  links: Part<"links", Form>;
}) {
  const reach = contact.getFieldset();
  const web = links.getFieldset();
  const social = web.social.getFieldset();
  const messaging = web.messaging.getFieldset();
  return (
    <>
      <fieldset className="content-form__group">
        <legend>Contatti</legend>
        <TextField meta={reach.phone} label="Telefono" type="tel" hint="Ad esempio +39 347 218 4590." />
        <TextField meta={reach.email} label="Email" type="email" />
      </fieldset>
      <fieldset className="content-form__group">
        <legend>Link</legend>
        <TextField
          meta={web.booking}
          label="Sito di prenotazione"
          type="url"
          hint="Facoltativo. Il pulsante «Prenota una visita» della home; vuoto, il pulsante chiama lo studio."
        />
        <TextField
          meta={web.doctorProfile}
          label="Profilo per le prenotazioni (es. MioDottore)"
          type="url"
          hint="Facoltativo. Il pulsante «Prenota una consulenza» della pagina dei servizi; vuoto, chiama lo studio."
        />
        <div className="content-form__pair">
          <TextField meta={social.label} label="Nome del social (facoltativo)" />
          <TextField meta={social.url} label="Link del profilo social" type="url" />
        </div>
        <div className="content-form__pair">
          <TextField meta={messaging.label} label="Nome del servizio di messaggi (facoltativo)" />
          <TextField meta={messaging.url} label="Link per i messaggi" type="url" />
        </div>
      </fieldset>
    </>
  );
}

/** The home's two figures, each left out when empty (the practice editor and the setup's first step). */
export function FiguresFields<Form extends Record<string, unknown>>({ stats }: { stats: Part<"stats", Form> }) {
  const figures = stats.getFieldset();
  return (
    <fieldset className="content-form__group">
      <legend>Numeri della home</legend>
      <p className="field__hint">
        Facoltativi: scrivili solo se sono veri. Un campo vuoto toglie quel numero dalla home.
      </p>
      <div className="content-form__pair">
        <TextField
          meta={figures.patients}
          label="Pazienti soddisfatti"
          optional
          hint="Sul sito si legge, ad esempio, «200+ pazienti soddisfatti»."
        />
        <TextField
          meta={figures.yearsOfExperience}
          label="Anni di esperienza"
          optional
          hint="Sul sito si legge, ad esempio, «5+ anni di esperienza»."
        />
      </div>
    </fieldset>
  );
}
