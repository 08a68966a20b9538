import { useUnsavedChangesGuard } from "~/core/forms/leave-guard";
import { getFormProps, type FormMetadata } from "@conform-to/react";
import { createContext, type ReactNode, useContext, useRef } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { useActionResult, type ActionResult } from "~/core/forms/action-result";
import { ErrorList } from "~/core/forms/field";

/** The save button's words for every editor form inside, over each form's own (the first-run setup's "Salva e continua"). */
export const EditorSubmitLabel = createContext<string | undefined>(undefined);

/**
 * An editor form: the version it was loaded from travels with it (a save on top of a newer version
 * is refused), form-level messages sit at the top, and the button shows progress while publishing.
 */
export function EditorForm<Value extends Record<string, unknown>>({
  form,
  version,
  children,
  submitLabel,
  encType,
  announce = true,
}: {
  form: FormMetadata<Value, string[]>;
  version: number;
  children: ReactNode;
  submitLabel?: string;
  encType?: "multipart/form-data";
  /** Shows the save's result as a toast (off when the screen already does it for all its forms). */
  announce?: boolean;
}) {
  const contextLabel = useContext(EditorSubmitLabel);
  const label = contextLabel ?? submitLabel ?? "Salva e pubblica";
  const navigation = useNavigation();
  const result = useActionData() as ActionResult | undefined;
  useActionResult(announce ? result : undefined);
  const busy = navigation.state === "submitting" && navigation.formData?.get("version") != null;
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChangesGuard(formRef, version);
  return (
    <Form ref={formRef} method="post" {...getFormProps(form)} encType={encType} className="content-form">
      <input type="hidden" name="version" value={version} />
      {/* Enter in a field saves: Enter presses the form's first button, which must not be a preset's or a list's. */}
      <button type="submit" hidden tabIndex={-1} />
      {form.errors?.length ? (
        <div className="content-form__alert" role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
      ) : null}
      {children}
      <div className="content-form__actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Pubblicazione in corso…" : label}
        </button>
      </div>
    </Form>
  );
}
