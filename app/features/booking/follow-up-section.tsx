import { useMemo } from "react";
import { countOf } from "~/core/format/plural";
import { useFetcher } from "react-router";
import { type ActionResult, useActionResult } from "~/core/forms/action-result";
import { SelectField } from "~/core/forms/conform-fields";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import { HiddenFields } from "~/ui/admin/confirm-button";
import { AGENDA_PAGE, FOLLOW_UP_WEEKS, followUpSchema } from "./agenda-schema";
import type { AgendaItem } from "./agenda-view.server";

const WEEK_OPTIONS = Array.from({ length: FOLLOW_UP_WEEKS.max - FOLLOW_UP_WEEKS.min + 1 }, (_, index) => {
  const weeks = String(FOLLOW_UP_WEEKS.min + index);
  return { value: weeks, label: countOf(Number(weeks), ["settimana", "settimane"]) };
});

/**
 * On a confirmed visit of her agenda: "Ricorda il controllo tra N settimane" and the
 * type to book then; once asked, when the e-mail goes (or went) and, until it goes, its cancel.
 * Plain forms: without JavaScript too.
 */
export function FollowUpControl({
  item,
  visitTypes,
}: {
  item: AgendaItem;
  visitTypes: readonly { value: string; label: string }[];
}) {
  const actor = useFetcher<ActionResult>();
  useActionResult(actor.data);
  const { fields, formProps } = useSchemaForm(followUpSchema, {
    id: `controllo-${item.id}`,
    // One object while the visit stays: a new one each render would reset the form's state.
    defaultValue: useMemo(() => ({ weeks: "6", visitTypeId: item.visitTypeId }), [item.visitTypeId]),
  });
  if (item.status !== "confirmed") return null;
  const who = `${item.patientName}, ${item.time}`;
  if (item.followUp) {
    const { followUp } = item;
    return (
      <div className="agenda-follow-up">
        <p className="agenda-item__invited">
          {followUp.sentOn
            ? `Promemoria del controllo inviato il ${followUp.sentOn} (${followUp.visitTypeName}).`
            : `Controllo da ricordare: ${followUp.visitTypeName}, e-mail al paziente ${followUp.dueOn}.`}
        </p>
        {followUp.sentOn ? null : (
          <actor.Form method="post" action={AGENDA_PAGE}>
            <HiddenFields fields={{ intent: "follow_up_cancel", id: item.id }} />
            <button
              type="submit"
              className="button button--secondary button--small"
              disabled={actor.state !== "idle"}
              aria-label={`Annulla il promemoria del controllo: ${who}`}
            >
              Annulla il promemoria
            </button>
          </actor.Form>
        )}
      </div>
    );
  }
  return (
    <details className="agenda-move agenda-follow-up">
      <summary className="admin-action">Ricorda il controllo</summary>
      <actor.Form method="post" action={AGENDA_PAGE} className="agenda-move__form" {...formProps}>
        <HiddenFields fields={{ intent: "follow_up", id: item.id }} />
        <SelectField
          meta={fields.weeks}
          label="Tra quante settimane dalla visita"
          hint="Quel giorno il paziente riceve un'e-mail con il link per prenotare, con i suoi dati già inseriti."
          options={WEEK_OPTIONS}
        />
        <SelectField meta={fields.visitTypeId} label="Visita da prenotare" options={visitTypes} />
        <button type="submit" className="button button--small" disabled={actor.state !== "idle"}>
          Ricorda il controllo
        </button>
      </actor.Form>
    </details>
  );
}
