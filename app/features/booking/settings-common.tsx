/** What the settings screen's forms share: its address, its answers, and the removal behind a question. */
import { useFetcher, useSearchParams } from "react-router";
import { type ActionResult, useActionResult } from "~/core/forms/action-result";
import { ConfirmButton, NoScriptConfirm } from "~/ui/admin/confirm-button";

export const SETTINGS_PAGE = "/admin/prenotazioni";

export type SettingsResult = ActionResult & { target?: string };

/** The answer for the form named `target`: from its own fetcher, or the page's (without JavaScript). */
export const answerFor = (own: SettingsResult | undefined, page: SettingsResult | undefined, target: string) =>
  own ?? (page?.target === target ? page : undefined);

/** A removal behind a question, without JavaScript too (the question shown in the page). */
export function RemoveButton({
  id,
  intent,
  label,
  name,
  question,
}: {
  id: string;
  intent: "type-delete" | "timeoff-remove" | "source-remove" | "patron-remove" | "waiting-remove";
  label: string;
  name: string;
  question: string;
}) {
  const remover = useFetcher<SettingsResult>();
  useActionResult(remover.data);
  const [searchParams] = useSearchParams();
  const fields = { intent, id };
  return (
    <>
      <ConfirmButton
        label={label}
        accessibleLabel={`${label}: ${name}`}
        question={question}
        confirmLabel={label}
        noScriptHref={`${SETTINGS_PAGE}?conferma=${id}#riga-${id}`}
        disabled={remover.state !== "idle"}
        onConfirm={() => remover.submit(fields, { method: "post", action: SETTINGS_PAGE })}
      />
      {searchParams.get("conferma") === id ? (
        <NoScriptConfirm
          action={SETTINGS_PAGE}
          question={question}
          confirmLabel={label}
          fields={fields}
          cancelHref={`${SETTINGS_PAGE}#riga-${id}`}
        />
      ) : null}
    </>
  );
}
