import type { Route } from "./+types/content-practice";
import { EditorForm } from "~/features/site-content/editor/fields";
import { CheckboxField, TextField } from "~/core/forms/conform-fields";
import { useContentForm } from "~/features/site-content/editor/use-content-form";
import { contentGroupAction } from "./content-group-action.server";
import { useEditorData } from "./content";

export const action = (args: Route.ActionArgs) => contentGroupAction("pratica", args);

/** Name, title, register, Partita IVA, contacts, links and the home page's figures. */
export default function PracticeEditor({ actionData }: Route.ComponentProps) {
  const { version, content } = useEditorData();
  const { practitioner, business, contact, links, stats, reviews } = content;
  const { form, fields, baseVersion } = useContentForm(
    "pratica",
    version,
    { practitioner, business, contact, links, stats, reviews },
    actionData?.reply,
  );
  const who = fields.practitioner.getFieldset();
  const vat = fields.business.getFieldset();
  const reach = fields.contact.getFieldset();
  const web = fields.links.getFieldset();
  const social = web.social.getFieldset();
  const messaging = web.messaging.getFieldset();
  const figures = fields.stats.getFieldset();
  const reviewsShown = fields.reviews.getFieldset().shown;

  return (
    <section className="content-section" aria-labelledby="pratica-titolo">
      <h2 id="pratica-titolo" className="admin-section__title">
        Dati dello studio
      </h2>
      <EditorForm form={form} version={baseVersion}>
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
            hint="Il pulsante «Prenota una visita» della home."
          />
          <TextField
            meta={web.doctorProfile}
            label="Profilo per le prenotazioni (es. MioDottore)"
            type="url"
            hint="Il pulsante «Prenota una Consulenza» della pagina dei servizi."
          />
          <div className="content-form__pair">
            <TextField meta={social.label} label="Nome del social" />
            <TextField meta={social.url} label="Link del profilo social" type="url" />
          </div>
          <div className="content-form__pair">
            <TextField meta={messaging.label} label="Nome del servizio di messaggi" />
            <TextField meta={messaging.url} label="Link per i messaggi" type="url" />
          </div>
        </fieldset>
        <fieldset className="content-form__group">
          <legend>Numeri della home</legend>
          <div className="content-form__pair">
            <TextField meta={figures.patients} label="Pazienti seguiti" hint="Ad esempio 200+." />
            <TextField meta={figures.yearsOfExperience} label="Anni di esperienza" hint="Ad esempio 5+." />
          </div>
        </fieldset>
        <fieldset className="content-form__group">
          <legend>Recensioni</legend>
          <CheckboxField
            meta={reviewsShown}
            label="Mostra le recensioni sul sito"
            hint="Senza la spunta, la sezione, la pagina e i link delle recensioni spariscono dal sito. Le recensioni restano salvate e ricompaiono quando rimetti la spunta."
          />
        </fieldset>
      </EditorForm>
    </section>
  );
}
