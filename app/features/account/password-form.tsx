import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { Field } from "~/core/forms/field";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import { type AccountResult, passwordChangeSchema } from "./account-forms";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./messages";

/** "Cambia password": the current one, the new one twice; emptied once the change is made. */
export function PasswordForm({ busy, result, email }: { busy: boolean; result?: AccountResult; email: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const { fields, formProps } = useSchemaForm(passwordChangeSchema, { id: "password", lastResult: result?.reply });
  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);
  return (
    <Form method="post" className="admin-form" ref={formRef} {...formProps}>
      <input type="hidden" name="intent" value="password" />
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField id="password-current" label="Password attuale" field={fields.current} />
      <PasswordField
        id="password-next"
        label="Nuova password"
        hint={`Almeno ${MIN_PASSWORD_LENGTH} caratteri. Una frase di più parole è facile da ricordare e difficile da indovinare.`}
        field={fields.next}
        kind="new"
      />
      <PasswordField id="password-confirm" label="Ripeti la nuova password" field={fields.confirm} kind="repeat" />
      {result?.ok ? <p className="admin-notice">{result.message}</p> : null}
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Salvataggio..." : "Cambia password"}
      </button>
    </Form>
  );
}

/**
 * A password input on the shared Field, bound to its Conform field: the current password, the new
 * one (with the length rules, for the browser and password managers) or the new one repeated.
 */
export function PasswordField({
  id,
  label,
  hint,
  field,
  kind = "current",
}: {
  id: string;
  label: string;
  hint?: string;
  field: { name: string; errors?: string[] };
  kind?: "current" | "new" | "repeat";
}) {
  return (
    <Field id={id} label={label} hint={hint} errors={field.errors}>
      {(control) => (
        <input
          {...control}
          name={field.name}
          type="password"
          autoComplete={kind === "current" ? "current-password" : "new-password"}
          required
          minLength={kind === "new" ? MIN_PASSWORD_LENGTH : undefined}
          maxLength={kind === "new" ? MAX_PASSWORD_LENGTH : undefined}
        />
      )}
    </Field>
  );
}
