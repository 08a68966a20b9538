import type { Route } from "./+types/content-services";
import { EditorForm } from "~/features/site-content/editor/fields";
import { SelectField, TextAreaField, TextField } from "~/core/forms/conform-fields";
import { ErrorList } from "~/core/forms/field";
import { ListRowActions } from "~/core/forms/list-row-actions";
import { useContentForm } from "~/features/site-content/editor/use-content-form";
import { ServiceIcon } from "~/features/site-content/service-icon";
import { MAX_PRICE_LENGTH } from "~/features/site-content/service-price";
import { exampleServiceOf } from "~/features/site-content/kept-examples";
import { contentGroupAction } from "~/composition/admin/content-group-action.server";
import { MAX_SERVICES, type ServiceIconName } from "~/features/site-content/site-content";
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

// A new service has no id yet: it gets one from its title when saved, and keeps it whatever it becomes.
const emptyService = { id: "", icon: "plan", title: "", description: "", price: "" };

/**
 * Her services, shown on the home page and on /services in this order: add, remove, move (each a
 * button of the form, so also without JavaScript; nothing is published until she saves). An example
 * service still in the example's words has "Tieni il servizio d'esempio": ticked and saved, it is hers.
 */
export default function ServicesEditor({ actionData }: Route.ComponentProps) {
  const { version, content } = useEditorData();
  const services = content.services.map(({ id, icon, title, description, price }) => ({
    id,
    icon,
    title,
    description,
    price,
  }));
  const { form, fields, baseVersion } = useContentForm("servizi", version, { services }, actionData?.reply);
  const list = fields.services.getFieldList();
  return (
    <section className="content-section" aria-labelledby="servizi-titolo">
      <h2 id="servizi-titolo" className="admin-section__title">
        Servizi
      </h2>
      <p className="admin-section__lead">
        {`Da 1 a ${MAX_SERVICES} servizi, nell'ordine dell'elenco: aggiungi, togli o sposta, poi salva. Il prezzo è facoltativo.`}
      </p>
      <EditorForm form={form} version={baseVersion}>
        <ol className="content-form__cards service-list">
          {list.map((service, index) => {
            const f = service.getFieldset();
            const icon = (f.icon.value as ServiceIconName | undefined) ?? "plan";
            const name = `Servizio ${index + 1}`;
            // Still the example's words, not yet kept: hers with one tap, as they are.
            const example = exampleServiceOf(content.kept, {
              title: f.title.value ?? "",
              description: f.description.value ?? "",
            });
            return (
              <li key={service.key} className="service-list__item">
                <fieldset className="content-form__group content-card">
                  <legend>
                    <span className="content-card__icon">
                      <ServiceIcon name={icon} />
                    </span>
                    {name}
                  </legend>
                  <input type="hidden" name={f.id.name} value={f.id.value ?? ""} />
                  <TextField meta={f.title} label="Titolo" />
                  <TextAreaField meta={f.description} label="Descrizione" rows={4} hint="Al massimo 400 caratteri." />
                  <TextField
                    meta={f.price}
                    label="Prezzo"
                    optional
                    maxLength={MAX_PRICE_LENGTH}
                    hint="Ad esempio «80 €», «da 80 €» o «80-120 €». Vuoto, il sito non mostra il prezzo."
                  />
                  <SelectField meta={f.icon} label="Icona" options={iconOptions} />
                  {example ? (
                    <label className="field__keep">
                      <input type="checkbox" name="keep" value={example} form={form.id} /> Tieni il servizio d'esempio
                      <span className="visually-hidden">: {f.title.value}</span>
                    </label>
                  ) : null}
                  <ListRowActions
                    form={form}
                    name={fields.services.name}
                    index={index}
                    count={list.length}
                    label={f.title.value || name}
                    className="studio-list__actions"
                  />
                </fieldset>
              </li>
            );
          })}
        </ol>
        <ErrorList id={fields.services.errorId} errors={fields.services.errors} />
        {list.length < MAX_SERVICES ? (
          <p>
            <button
              className="button button--secondary"
              {...form.insert.getButtonProps({ name: fields.services.name, defaultValue: emptyService })}
            >
              Aggiungi un servizio
            </button>
          </p>
        ) : (
          <p className="admin-section__lead">{`Hai raggiunto il massimo di ${MAX_SERVICES} servizi.`}</p>
        )}
      </EditorForm>
    </section>
  );
}
