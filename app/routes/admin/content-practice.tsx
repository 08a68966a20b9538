import type { Route } from "./+types/content-practice";
import { EditorForm } from "~/features/site-content/editor/fields";
import { CheckboxField } from "~/core/forms/conform-fields";
import { ContactFields, FiguresFields, PractitionerFields } from "~/features/site-content/editor/practice-fields";
import { useContentForm } from "~/features/site-content/editor/use-content-form";
import { contentGroupAction } from "~/composition/admin/content-group-action.server";
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
  const reviewsShown = fields.reviews.getFieldset().shown;

  return (
    <section className="content-section" aria-labelledby="pratica-titolo">
      <h2 id="pratica-titolo" className="admin-section__title">
        Dati dello studio
      </h2>
      <EditorForm form={form} version={baseVersion}>
        <PractitionerFields practitioner={fields.practitioner} business={fields.business} />
        <ContactFields contact={fields.contact} links={fields.links} />
        <FiguresFields stats={fields.stats} />
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
