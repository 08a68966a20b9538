import type { Route } from "./+types/content-texts";
import { EditorForm } from "~/features/site-content/editor/fields";
import { ContentTextField as TextField, useWithoutExamples } from "~/features/site-content/editor/example-fields";
import { useContentForm } from "~/features/site-content/editor/use-content-form";
import { PlaceholderButtons } from "~/features/site-content/editor/placeholder-buttons";
import { contentGroupAction } from "~/composition/admin/content-group-action.server";
import { TEXT_LIMITS } from "~/features/site-content/form-schemas";
import { useEditorData } from "./content";

export const action = (args: Route.ActionArgs) => contentGroupAction("testi", args);

const limit = (n: number) => `Al massimo ${n} caratteri.`;

/** The words of the site: plain text, a blank line between paragraphs. */
export default function TextsEditor({ actionData }: Route.ComponentProps) {
  const { version, content } = useEditorData();
  const start = { texts: useWithoutExamples("texts", content.texts) };
  const { form, fields, baseVersion } = useContentForm("testi", version, start, actionData?.reply);
  const texts = fields.texts.getFieldset();
  return (
    <section className="content-section" aria-labelledby="testi-titolo">
      <h2 id="testi-titolo" className="admin-section__title">
        Testi
      </h2>
      <p className="admin-section__lead">
        Scrivi testo semplice: lascia una riga vuota per iniziare un nuovo paragrafo. Formattazione e codice HTML non
        sono ammessi.
      </p>
      <p className="admin-section__lead">
        I tuoi dati si scrivono tra graffe e il sito li completa da solo: {"{nome}"}, {"{titolo}"}, {"{albo}"},{" "}
        {"{numero}"} (di iscrizione) e {"{citta}"} (le città dei tuoi studi). Se li cambi, cambiano in ogni testo.
      </p>
      <EditorForm form={form} version={baseVersion}>
        <PlaceholderButtons />
        <TextField meta={texts.tagline} label="Motto della pagina iniziale" hint={limit(TEXT_LIMITS.tagline)} />
        <TextField meta={texts.heroTitle} label="Titolo principale della home" hint={limit(TEXT_LIMITS.heroTitle)} />
        <TextField
          meta={texts.heroIntro}
          label="Presentazione sotto il titolo"
          rows={4}
          hint={limit(TEXT_LIMITS.heroIntro)}
        />
        <TextField
          meta={texts.about}
          label="Chi sono"
          rows={10}
          hint={`Uno o più paragrafi separati da una riga vuota. ${limit(TEXT_LIMITS.about)}`}
        />
        <TextField
          meta={texts.servicesIntro}
          label="Introduzione della pagina dei servizi"
          rows={4}
          hint={limit(TEXT_LIMITS.servicesIntro)}
        />
      </EditorForm>
    </section>
  );
}
