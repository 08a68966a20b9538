import { Form, Link, useNavigation, useSearchParams, useSubmit } from "react-router";
import { ConfirmButton, HiddenFields, NoScriptConfirm } from "~/ui/admin/confirm-button";
import { ADMIN_FAQ } from "./faq-paths";
import { FAQ_MESSAGES, GROUP_NAME_MAX_LENGTH } from "./messages";

/** A group as her list shows it. */
export interface FaqAdminGroup {
  id: string;
  name: string;
  questions: { id: string; question: string; example: boolean; showOnHome: boolean }[];
}

/** A small form of the list: its intent, its fields, one button. */
function ActionForm({
  fields,
  label,
  accessibleLabel,
  disabled,
}: {
  fields: Record<string, string>;
  label: string;
  accessibleLabel: string;
  disabled?: boolean;
}) {
  return (
    <Form method="post" action={ADMIN_FAQ} className="faq-admin__inline-form" preventScrollReset>
      <HiddenFields fields={fields} />
      <button type="submit" className="admin-action" aria-label={accessibleLabel} disabled={disabled}>
        {label}
      </button>
    </Form>
  );
}

/** Up and down buttons (plain form posts: they work without JavaScript). */
function MoveButtons({
  intent,
  id,
  name,
  first,
  last,
}: {
  intent: string;
  id: string;
  name: string;
  first: boolean;
  last: boolean;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <>
      {first ? null : (
        <ActionForm
          fields={{ intent, id, direction: "up" }}
          label="Su"
          accessibleLabel={`Sposta su: ${name}`}
          disabled={busy}
        />
      )}
      {last ? null : (
        <ActionForm
          fields={{ intent, id, direction: "down" }}
          label="Giù"
          accessibleLabel={`Sposta giù: ${name}`}
          disabled={busy}
        />
      )}
    </>
  );
}

function Delete({
  intent,
  id,
  name,
  what,
  question,
  anchor,
}: {
  intent: string;
  id: string;
  name: string;
  what: string;
  question: string;
  anchor: string;
}) {
  const submit = useSubmit();
  const [searchParams] = useSearchParams();
  const confirming = searchParams.get("elimina") === id;
  return (
    <>
      <ConfirmButton
        label="Elimina"
        accessibleLabel={`Elimina ${what}: ${name}`}
        question={question}
        confirmLabel="Elimina"
        noScriptHref={`${ADMIN_FAQ}?elimina=${id}#${anchor}`}
        onConfirm={() => void submit({ intent, id }, { method: "post", action: ADMIN_FAQ, preventScrollReset: true })}
      />
      {confirming ? (
        <NoScriptConfirm
          action={ADMIN_FAQ}
          question={question}
          confirmLabel="Elimina"
          fields={{ intent, id }}
          cancelHref={`${ADMIN_FAQ}#${anchor}`}
        />
      ) : null}
    </>
  );
}

/** A group's name, added or changed. */
function GroupNameForm({
  fields,
  inputId,
  label,
  initial,
  button,
}: {
  fields: Record<string, string>;
  inputId: string;
  label: string;
  initial: string;
  button: string;
}) {
  return (
    <Form method="post" action={ADMIN_FAQ} className="faq-admin__name-form">
      <HiddenFields fields={fields} />
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {label}
        </label>
        <input id={inputId} name="name" defaultValue={initial} required maxLength={GROUP_NAME_MAX_LENGTH} />
      </div>
      <button type="submit" className="button button--secondary">
        {button}
      </button>
    </Form>
  );
}

/**
 * Her FAQ: each group with its questions in the page's order, moved up and down, edited, deleted;
 * a group renamed, moved or (empty) deleted; a new group.
 */
export function FaqAdminList({ groups }: { groups: FaqAdminGroup[] }) {
  const examples = groups.some((group) => group.questions.some((q) => q.example));
  return (
    <>
      {examples ? <p className="admin-notice">{FAQ_MESSAGES.exampleNotice}</p> : null}
      {groups.length ? (
        <p>
          <Link className="button" to={`${ADMIN_FAQ}/nuova`}>
            Nuova domanda
          </Link>
        </p>
      ) : (
        <p className="admin-notice">{FAQ_MESSAGES.noGroup}</p>
      )}
      {groups.map((group, g) => (
        <section key={group.id} className="admin-section faq-admin__group" aria-labelledby={`gruppo-${group.id}`}>
          <h2 id={`gruppo-${group.id}`} className="admin-section__title">
            {group.name}
          </h2>
          <div className="faq-admin__actions">
            <MoveButtons
              intent="moveGroup"
              id={group.id}
              name={`gruppo ${group.name}`}
              first={g === 0}
              last={g === groups.length - 1}
            />
            {group.questions.length === 0 ? (
              <Delete
                intent="deleteGroup"
                id={group.id}
                name={group.name}
                what="il gruppo"
                question={FAQ_MESSAGES.deleteGroupQuestion}
                anchor={`gruppo-${group.id}`}
              />
            ) : null}
          </div>
          <details className="faq-admin__rename">
            <summary>Rinomina il gruppo</summary>
            <GroupNameForm
              fields={{ intent: "renameGroup", id: group.id }}
              inputId={`nome-${group.id}`}
              label="Nuovo nome"
              initial={group.name}
              button="Salva il nome"
            />
          </details>
          {group.questions.length === 0 ? (
            <p className="admin-empty">Nessuna domanda in questo gruppo.</p>
          ) : (
            <ol className="faq-admin__questions">
              {group.questions.map((q, i) => (
                <li key={q.id} id={`domanda-${q.id}`} className="faq-admin__question">
                  <p className="faq-admin__text">
                    <Link to={`${ADMIN_FAQ}/${q.id}`}>{q.question}</Link>
                  </p>
                  {q.example || q.showOnHome ? (
                    <p className="faq-admin__badges">
                      {q.example ? <span className="faq-admin__badge">Esempio</span> : null}
                      {q.showOnHome ? <span className="faq-admin__badge">In home</span> : null}
                    </p>
                  ) : null}
                  <div className="faq-admin__actions">
                    <Link className="admin-action" to={`${ADMIN_FAQ}/${q.id}`} aria-label={`Modifica: ${q.question}`}>
                      Modifica
                    </Link>
                    <MoveButtons
                      intent="moveQuestion"
                      id={q.id}
                      name={q.question}
                      first={i === 0}
                      last={i === group.questions.length - 1}
                    />
                    <Delete
                      intent="deleteQuestion"
                      id={q.id}
                      name={q.question}
                      what="la domanda"
                      question={FAQ_MESSAGES.deleteQuestion}
                      anchor={`domanda-${q.id}`}
                    />
                  </div>
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
      <section className="admin-section" aria-labelledby="nuovo-gruppo">
        <h2 id="nuovo-gruppo" className="admin-section__title">
          Nuovo gruppo
        </h2>
        <GroupNameForm
          fields={{ intent: "addGroup" }}
          inputId="nuovo-gruppo-nome"
          label="Nome del gruppo"
          initial=""
          button="Aggiungi il gruppo"
        />
      </section>
    </>
  );
}
