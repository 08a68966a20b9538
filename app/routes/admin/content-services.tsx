import type { Route } from "./+types/content-services";
import { EditorForm } from "~/features/site-content/editor/fields";
import { SelectField, TextAreaField, TextField } from "~/core/forms/conform-fields";
import { useContentForm } from "~/features/site-content/editor/use-content-form";
import { ServiceIcon } from "~/features/site-content/service-icon";
import { contentGroupAction } from "~/composition/admin/content-group-action.server";
import type { ServiceIconName } from "~/features/site-content/site-content";
import { useEditorData } from "./content";

export const action = (args: Route.ActionArgs) => contentGroupAction("servizi", args);

export const iconOptions: { value: ServiceIconName; label: string }[] = [
  { value: "plan", label: "Piano alimentare" },
  { value: "education", label: "Libro" },
  { value: "children", label: "Famiglia" },
  { value: "weight", label: "Bilancia" },
  { value: "clinical", label: "Cuore" },
  { value: "sport", label: "Cronometro" },
];

/** The six services shown on the home page and on /services. */
export default function ServicesEditor({ actionData }: Route.ComponentProps) {
  const { version, content } = useEditorData();
  const services = content.services.map(({ icon, title, description }) => ({ icon, title, description }));
  const { form, fields, baseVersion } = useContentForm("servizi", version, { services }, actionData?.reply);
  return (
    <section className="content-section" aria-labelledby="servizi-titolo">
      <h2 id="servizi-titolo" className="admin-section__title">
        Servizi
      </h2>
      <p className="admin-section__lead">I servizi sono sempre sei: cambia titolo, descrizione e icona di ciascuno.</p>
      <EditorForm form={form} version={baseVersion}>
        <div className="content-form__cards">
          {fields.services.getFieldList().map((service, index) => {
            const f = service.getFieldset();
            const icon = (f.icon.value as ServiceIconName | undefined) ?? content.services[index]!.icon;
            return (
              <fieldset key={service.key} className="content-form__group content-card">
                <legend>
                  <span className="content-card__icon">
                    <ServiceIcon name={icon} />
                  </span>
                  Servizio {index + 1}
                </legend>
                <TextField meta={f.title} label="Titolo" />
                <TextAreaField meta={f.description} label="Descrizione" rows={4} hint="Al massimo 400 caratteri." />
                <SelectField meta={f.icon} label="Icona" options={iconOptions} />
              </fieldset>
            );
          })}
        </div>
      </EditorForm>
    </section>
  );
}
