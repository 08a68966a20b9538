import { useId, useMemo } from "react";
import { type FetcherWithComponents, Link, useFetcher, useSearchParams } from "react-router";
import { type ActionResult, useActionResult } from "~/core/forms/action-result";
import { SelectField, TextAreaField, TextField } from "~/core/forms/conform-fields";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import { bookingLimits } from "./booking-values";
import { ConfirmButton, HiddenFields, NoScriptConfirm } from "~/ui/admin/confirm-button";
import { AGENDA_PAGE, agendaMoveSchema, phoneBookingSchema } from "./agenda-schema";
import type { AgendaDay, AgendaHoliday, AgendaItem, AgendaPage } from "./agenda-view.server";
import { FollowUpControl } from "./follow-up-section";

/** A visit type as her forms offer it. */
type VisitTypeOption = { value: string; label: string };

/** What the agenda's actions answer the page (its result shape, plus the form it belongs to). */
export type AgendaResult = ActionResult & { target?: string };

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** Every request waiting for her answer, whatever its day, the oldest first: each with her actions. */
export function RequestList({ requests, result }: { requests: AgendaItem[]; result?: AgendaResult }) {
  return (
    <section className="admin-section" id="richieste" aria-labelledby="richieste-titolo">
      <h2 id="richieste-titolo" className="admin-section__title">
        Richieste da confermare
      </h2>
      {requests.length === 0 ? (
        <p className="admin-empty">Nessuna richiesta da confermare.</p>
      ) : (
        <ol className="agenda-list">
          {requests.map((item) => (
            <AppointmentCard
              key={item.id}
              item={item}
              withDay
              result={result?.target === item.id ? result : undefined}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

/** The page's days, each appointment with its contacts and her actions (a request's are in the list above). */
export function AgendaDays({
  page,
  result,
  visitTypes = [],
}: {
  page: Pick<AgendaPage, "days" | "holidays" | "previousWeek" | "nextWeek">;
  result?: AgendaResult;
  /** The follow-up's choices of type. */
  visitTypes?: readonly VisitTypeOption[];
}) {
  return (
    <>
      <WeekLinks page={page} />
      {page.days.length === 0 ? <p className="admin-empty">Nessun appuntamento in questi giorni.</p> : null}
      {withHolidays(page.days, page.holidays).map(({ day, holiday }) => (
        <section key={day.date} className="admin-section agenda-day" aria-labelledby={`giorno-${day.date}`}>
          <h2 id={`giorno-${day.date}`} className="admin-section__title">
            {day.label}
          </h2>
          {holiday ? <p className="agenda-holiday">{holiday.text}</p> : null}
          {day.items.length > 0 ? (
            <ol className="agenda-list">
              {day.items.map((item) =>
                item.status === "pending" ? (
                  <PendingInDay key={item.id} item={item} />
                ) : (
                  <AppointmentCard
                    key={item.id}
                    item={item}
                    result={result?.target === item.id ? result : undefined}
                    visitTypes={visitTypes}
                  />
                ),
              )}
            </ol>
          ) : null}
        </section>
      ))}
    </>
  );
}

/** The days with appointments and the holidays, by date: a holiday without appointments is a day of its own. */
function withHolidays(days: AgendaDay[], holidays: AgendaHoliday[]) {
  const byDate = new Map<string, { day: AgendaDay; holiday?: AgendaHoliday }>();
  for (const day of days) byDate.set(day.date, { day });
  for (const holiday of holidays) {
    const found = byDate.get(holiday.date);
    if (found) found.holiday = holiday;
    else byDate.set(holiday.date, { day: { date: holiday.date, label: holiday.label, items: [] }, holiday });
  }
  return [...byDate.values()].sort((a, b) => (a.day.date < b.day.date ? -1 : 1));
}

const weekHref = (week: number) => (week === 0 ? AGENDA_PAGE : `${AGENDA_PAGE}?settimana=${week}#settimane`);

/** The week before and after, as plain links (without JavaScript too), within the booking's horizon. */
function WeekLinks({ page }: { page: Pick<AgendaPage, "previousWeek" | "nextWeek"> }) {
  if (page.previousWeek === null && page.nextWeek === null) return null;
  return (
    <nav className="agenda-links" aria-label="Settimane">
      {page.previousWeek !== null ? (
        <Link className="button button--secondary button--small" to={weekHref(page.previousWeek)}>
          <span aria-hidden="true">←</span> Settimana precedente
        </Link>
      ) : null}{" "}
      {page.nextWeek !== null ? (
        <Link className="button button--secondary button--small" to={weekHref(page.nextWeek)}>
          Settimana successiva <span aria-hidden="true">→</span>
        </Link>
      ) : null}
    </nav>
  );
}

/** A request on its day: when, what and who, and the way to her answer in the list of requests. */
function PendingInDay({ item }: { item: AgendaItem }) {
  return (
    <li className="agenda-item agenda-item--pending">
      <AppointmentSummary item={item} />
      <p>
        <a href={`#appuntamento-${item.id}`}>Rispondi alla richiesta</a>
      </p>
    </li>
  );
}

/** A press that changes the appointment's status behind a question, without JavaScript too. */
function DangerAction({
  item,
  intent,
  label,
  question,
  actor,
}: {
  item: AgendaItem;
  intent: string;
  label: string;
  question: string;
  actor: FetcherWithComponents<AgendaResult>;
}) {
  const [searchParams] = useSearchParams();
  const fields = { intent, id: item.id };
  const anchor = `#appuntamento-${item.id}`;
  return (
    <>
      <ConfirmButton
        label={label}
        accessibleLabel={`${label}: ${item.patientName}, ${item.time}`}
        question={question}
        confirmLabel={label}
        noScriptHref={`${AGENDA_PAGE}?conferma=${intent}-${item.id}${anchor}`}
        disabled={actor.state !== "idle"}
        onConfirm={() => actor.submit(fields, { method: "post", action: AGENDA_PAGE })}
      />
      {searchParams.get("conferma") === `${intent}-${item.id}` ? (
        <NoScriptConfirm
          action={AGENDA_PAGE}
          question={question}
          confirmLabel={label}
          fields={fields}
          cancelHref={`${AGENDA_PAGE}${anchor}`}
        />
      ) : null}
    </>
  );
}

/** "Invita a lasciare una recensione" after a visit that took place, once; then the day it was sent. */
function ReviewInvite({ item, actor }: { item: AgendaItem; actor: FetcherWithComponents<AgendaResult> }) {
  if (!item.reviewInvite) return null;
  if (item.reviewInvite.sentOn)
    return <p className="agenda-item__invited">Invito inviato il {item.reviewInvite.sentOn}</p>;
  return (
    <actor.Form method="post" action={AGENDA_PAGE}>
      <HiddenFields fields={{ intent: "review_invite", id: item.id }} />
      <button
        type="submit"
        className="button button--secondary button--small"
        disabled={actor.state !== "idle"}
        aria-label={`Invita a lasciare una recensione: ${item.patientName}, ${item.time}`}
      >
        Invita a lasciare una recensione
      </button>
    </actor.Form>
  );
}

/** The visits of the last days that took place: each with its review invitation. */
export function RecentVisits({
  days,
  visitTypes = [],
}: {
  days: AgendaDay[];
  visitTypes?: readonly VisitTypeOption[];
}) {
  return (
    <section className="admin-section" aria-labelledby="visite-recenti">
      <h2 id="visite-recenti" className="admin-section__title">
        Visite dei giorni scorsi
      </h2>
      <p className="admin-section__lead">
        Dopo una visita puoi invitare il paziente a lasciare una recensione: riceve un'e-mail con un link personale, e
        la sua recensione risulta verificata.
      </p>
      {days.length === 0 ? <p className="admin-empty">Nessuna visita negli ultimi giorni.</p> : null}
      {days.map((day) => (
        <div key={day.date} className="agenda-recent-day">
          <h3>{day.label}</h3>
          <ol className="agenda-list">
            {day.items.map((item) => (
              <RecentVisitCard key={item.id} item={item} visitTypes={visitTypes} />
            ))}
          </ol>
        </div>
      ))}
    </section>
  );
}

/** When, what, where and who: the head of every appointment's card. */
function AppointmentSummary({ item, withDay = false }: { item: AgendaItem; withDay?: boolean }) {
  return (
    <>
      <p className="agenda-item__when">
        {withDay ? `${item.dayLabel}, ` : null}
        <strong>{item.time}</strong> <span className="agenda-item__status">{item.statusLabel}</span>
      </p>
      <p className="agenda-item__what">
        {item.visitTypeName} · {item.place}
      </p>
      {item.onlineRoomUrl ? (
        <p className="agenda-item__room">
          <a
            href={item.onlineRoomUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Entra nella visita online: ${item.patientName}, ${item.time} (si apre in una nuova scheda)`}
          >
            Entra nella visita online
          </a>
        </p>
      ) : null}
      <p className="agenda-item__who">{item.patientName}</p>
      {item.busyElsewhere ? <p className="agenda-item__busy">Impegno in un altro calendario in questo orario</p> : null}
    </>
  );
}

function RecentVisitCard({ item, visitTypes }: { item: AgendaItem; visitTypes: readonly VisitTypeOption[] }) {
  const actor = useFetcher<AgendaResult>();
  useActionResult(actor.data);
  return (
    <li className={`agenda-item agenda-item--${item.status}`} id={`appuntamento-${item.id}`}>
      <AppointmentSummary item={item} />
      <div className="agenda-item__actions">
        <ReviewInvite item={item} actor={actor} />
      </div>
      <FollowUpControl item={item} visitTypes={visitTypes} />
    </li>
  );
}

function AppointmentCard({
  item,
  result,
  withDay = false,
  visitTypes = [],
}: {
  item: AgendaItem;
  result?: AgendaResult;
  withDay?: boolean;
  visitTypes?: readonly VisitTypeOption[];
}) {
  const actor = useFetcher<AgendaResult>();
  useActionResult(actor.data);
  const who = `${item.patientName}, ${item.time}`;
  const holds = item.status === "pending" || item.status === "confirmed";
  return (
    <li className={`agenda-item agenda-item--${item.status}`} id={`appuntamento-${item.id}`}>
      <AppointmentSummary item={item} withDay={withDay} />
      <p className="agenda-item__contacts">
        <a href={telHref(item.patientPhone)}>{item.patientPhone}</a>{" "}
        <a href={`mailto:${item.patientEmail}`}>{item.patientEmail}</a>
      </p>
      {item.note ? <p className="agenda-item__note">Nota: {item.note}</p> : null}
      {holds ? (
        <div className="agenda-item__actions">
          <ReviewInvite item={item} actor={actor} />
          {item.status === "pending" ? (
            <actor.Form method="post" action={AGENDA_PAGE}>
              <HiddenFields fields={{ intent: "confirm", id: item.id }} />
              <button type="submit" className="button button--small" aria-label={`Conferma: ${who}`}>
                Conferma
              </button>
            </actor.Form>
          ) : null}
          {item.status === "pending" ? (
            <DangerAction
              item={item}
              intent="decline"
              label="Rifiuta"
              question={`Rifiutare la richiesta di ${item.patientName}? Riceverà un'e-mail e l'orario tornerà libero.`}
              actor={actor}
            />
          ) : null}
          {item.status === "confirmed" && item.started ? (
            <DangerAction
              item={item}
              intent="no_show"
              label="Non si è presentato"
              question={`Segnare che ${item.patientName} non si è presentato?`}
              actor={actor}
            />
          ) : null}
          <DangerAction
            item={item}
            intent="cancel"
            label="Annulla visita"
            question={`Annullare la visita di ${item.patientName}? Riceverà un'e-mail e l'orario tornerà libero.`}
            actor={actor}
          />
        </div>
      ) : null}
      {holds ? <MoveForm item={item} result={result} /> : null}
      <FollowUpControl item={item} visitTypes={visitTypes} />
    </li>
  );
}

/** Another time she agreed with the patient, in a disclosure (open again when refused). */
function MoveForm({ item, result }: { item: AgendaItem; result?: AgendaResult }) {
  const mover = useFetcher<AgendaResult>();
  useActionResult(mover.data);
  const answer = mover.data ?? result;
  const { fields, formProps } = useSchemaForm(agendaMoveSchema, {
    id: `sposta-${item.id}`,
    lastResult: answer && !answer.ok ? answer.reply : undefined,
    // One object while the time stays: a new one each render would reset the form's state.
    defaultValue: useMemo(() => ({ day: item.day, time: item.time.slice(0, 5) }), [item.day, item.time]),
  });
  return (
    <details className="agenda-move" open={Boolean(answer && !answer.ok) || undefined}>
      <summary className="admin-action">Sposta</summary>
      <mover.Form method="post" action={AGENDA_PAGE} className="agenda-move__form" {...formProps}>
        <HiddenFields fields={{ intent: "move", id: item.id }} />
        <TextField meta={fields.day} type="date" label="Nuovo giorno" />
        <TextField meta={fields.time} type="time" label="Nuovo orario (ora italiana)" />
        {answer && !answer.ok && !answer.reply ? (
          <p className="field__error" role="alert">
            {answer.message}
          </p>
        ) : null}
        <button type="submit" className="button button--small" disabled={mover.state !== "idle"}>
          Sposta la visita
        </button>
      </mover.Form>
    </details>
  );
}

/** A visit she books herself (by phone): confirmed at once; the patient gets the e-mail with her links. */
export function PhoneBookingForm({
  places,
  visitTypes,
  today,
  result,
}: {
  places: { value: string; label: string }[];
  visitTypes: { value: string; label: string }[];
  today: string;
  result?: AgendaResult;
}) {
  const booker = useFetcher<AgendaResult>();
  const id = useId();
  const answer = booker.data ?? (result?.target === "book" ? result : undefined);
  const { form, fields, formProps } = useSchemaForm(phoneBookingSchema, {
    id: "prenotazione-telefonica",
    lastResult: answer && !answer.ok ? answer.reply : undefined,
    defaultValue: useMemo(() => ({ day: today }), [today]),
  });
  // Booked: the form is empty again for the next call.
  useActionResult(booker.data, (done) => done.ok && form.reset());
  return (
    <section className="admin-section" id="nuovo-appuntamento" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-section__title">
        Aggiungi un appuntamento
      </h2>
      <p className="admin-section__lead">
        Per una visita fissata al telefono: è confermata subito, a qualsiasi orario tu scelga, e il paziente riceve
        l'e-mail con i link per annullarla o spostarla.
      </p>
      {visitTypes.length === 0 ? (
        <p className="admin-empty">Prima aggiungi un tipo di visita nelle impostazioni delle prenotazioni.</p>
      ) : (
        <booker.Form method="post" action={AGENDA_PAGE} className="admin-form" {...formProps}>
          <input type="hidden" name="intent" value="book" />
          <SelectField meta={fields.place} label="Sede" options={places} placeholder="Scegli…" />
          <SelectField meta={fields.visitTypeId} label="Tipo di visita" options={visitTypes} placeholder="Scegli…" />
          <div className="agenda-when">
            <TextField meta={fields.day} type="date" label="Giorno" />
            <TextField meta={fields.time} type="time" label="Orario (ora italiana)" />
          </div>
          <TextField meta={fields.name} label="Nome e cognome" maxLength={bookingLimits.patientName.max} />
          <TextField meta={fields.email} type="email" label="E-mail" maxLength={bookingLimits.patientEmail.max} />
          <TextField meta={fields.phone} type="tel" label="Telefono" maxLength={bookingLimits.patientPhone.max} />
          <TextAreaField meta={fields.note} label="Nota" optional rows={3} maxLength={bookingLimits.note.max} />
          <div className="admin-form__buttons">
            <button type="submit" className="button" disabled={booker.state !== "idle"}>
              {booker.state !== "idle" ? "Salvataggio…" : "Aggiungi l'appuntamento"}
            </button>
          </div>
        </booker.Form>
      )}
    </section>
  );
}
