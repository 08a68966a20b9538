/**
 * Item 7, online visits: the settings screen's section saying, for each visit type offered online,
 * how the visit happens (her own room, a room per appointment on her video server, or not said yet)
 * and which provider the privacy page names.
 */
import { useMemo } from "react";
import { useFetcher } from "react-router";
import { bookingLimits, type OnlineRoomKind } from "./booking-values";
import { useActionResult } from "~/core/forms/action-result";
import { SelectField, TextField } from "~/core/forms/conform-fields";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import { answerFor, SETTINGS_PAGE, type SettingsResult } from "./settings-common";
import { onlineRoomSchema } from "./settings-schema";

export interface OnlineVisitValues {
  visitTypeId: string;
  name: string;
  kind: OnlineRoomKind | "none";
  url: string;
  providerName: string;
}

const KIND_OPTIONS: { value: OnlineVisitValues["kind"]; label: string }[] = [
  { value: "none", label: "Non ancora" },
  { value: "own", label: "La mia stanza, sempre la stessa" },
  { value: "per_visit", label: "Una stanza per ogni visita" },
];

/** The answer's target for one type's form. */
export const onlineRoomTarget = (visitTypeId: string) => `online-${visitTypeId}`;

function OnlineRoomForm({ type, result }: { type: OnlineVisitValues; result?: SettingsResult }) {
  const saver = useFetcher<SettingsResult>();
  useActionResult(saver.data);
  const answer = answerFor(saver.data, result, onlineRoomTarget(type.visitTypeId));
  const { fields, formProps } = useSchemaForm(onlineRoomSchema, {
    id: `online-${type.visitTypeId}`,
    lastResult: answer && !answer.ok ? answer.reply : undefined,
    defaultValue: useMemo(() => ({ kind: type.kind, url: type.url, providerName: type.providerName }), [type]),
  });
  return (
    <saver.Form
      method="post"
      action={SETTINGS_PAGE}
      className="admin-form"
      aria-label={`Visita online: ${type.name}`}
      {...formProps}
    >
      <input type="hidden" name="intent" value="online-room" />
      <input type="hidden" name="visitTypeId" value={type.visitTypeId} />
      <SelectField meta={fields.kind} label="Come si svolge" options={KIND_OPTIONS} />
      <TextField
        meta={fields.url}
        type="url"
        inputMode="url"
        label="Indirizzo"
        maxLength={bookingLimits.onlineRoomUrl.max}
        hint="La tua stanza (Meet, Zoom, Jitsi…), per esempio https://meet.jit.si/studio-ferrari; per una stanza per ogni visita, solo il server video, per esempio https://meet.jit.si. Non serve con «Non ancora»."
      />
      <TextField
        meta={fields.providerName}
        label="Nome del servizio video"
        maxLength={bookingLimits.onlineProviderName.max}
        hint="Per esempio Jitsi Meet: l'informativa privacy lo nomina."
      />
      {answer && !answer.ok && !answer.reply ? (
        <p className="field__error" role="alert">
          {answer.message}
        </p>
      ) : null}
      <div className="admin-form__buttons">
        <button type="submit" className="button" disabled={saver.state !== "idle"}>
          Salva la visita online
        </button>
      </div>
    </saver.Form>
  );
}

export function OnlineVisitsSection({ types, result }: { types: OnlineVisitValues[]; result?: SettingsResult }) {
  return (
    <section className="admin-section" aria-labelledby="online-titolo">
      <h2 id="online-titolo" className="admin-section__title">
        Visite online
      </h2>
      <p className="admin-section__lead">
        Il collegamento va solo al paziente della visita (e-mail, promemoria, file del calendario, pagina della sua
        prenotazione) e alla tua agenda. Con «Una stanza per ogni visita» il sito crea per ogni appuntamento una stanza
        dal nome che nessuno può indovinare. Con «Non ancora» l'e-mail dice che il collegamento arriverà prima della
        visita.
      </p>
      {types.length === 0 ? (
        <p className="admin-empty">Nessun tipo di visita è offerto online: spunta «Online» in un tipo di visita.</p>
      ) : (
        <ul className="booking-admin-list">
          {types.map((type) => (
            <li key={type.visitTypeId}>
              <h3>{type.name}</h3>
              <OnlineRoomForm type={type} result={result} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
