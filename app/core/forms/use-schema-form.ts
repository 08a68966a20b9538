import { getFormProps, parse, type Submission, type SubmissionResult, useForm } from "@conform-to/react";
import { type FormEvent, useEffect, useRef } from "react";
import type { z } from "zod";
import { firstError } from "./action-result";
import { useAnnounce } from "./announce";

// biome-ignore lint/suspicious/noExplicitAny: Conform types a form's value as a record of anything.
type FormSchema = z.ZodType<unknown, Record<string, any>>;

/**
 * A form's schema, or how to fetch it. Public pages pass a loader (`() => import(…)`): zod is the
 * largest script a page with a form would run at load, and a visitor who only reads never needs it.
 */
export type SchemaSource<Schema extends FormSchema> = Schema | (() => Promise<Schema>);

/** Conform's name for the hidden button its field checks submit with; those are not the visitor's submits. */
const INTENT = "__intent__";

/**
 * The browser's check of a form with the zod schema the server parses it with. The schema and
 * Conform's zod adapter are fetched once: at once for a schema given as a value, on the visitor's
 * first touch of the form (focus or press) for a loader. A submit made before they have arrived
 * waits for them and is then made again with the same button; if they cannot be fetched it goes
 * unchecked to the server, which checks every post anyway.
 */
export function useSchemaCheck<Schema extends FormSchema>(
  source: SchemaSource<Schema>,
  /** Values as typed, not coerced (the content editors: the server parses them so too). */
  { disableAutoCoercion = false }: { disableAutoCoercion?: boolean } = {},
) {
  type Checked = Submission<z.input<Schema>, string[], z.output<Schema>>;
  const state = useRef<{
    check?: (formData: FormData) => Checked;
    loading?: Promise<void>;
    unavailable?: boolean;
    /** A submit is waiting for the check. */
    held?: boolean;
  }>({});

  function load(): Promise<void> {
    const current = state.current;
    current.loading ??= Promise.all([
      import("@conform-to/zod/v4"),
      typeof source === "function" ? source() : source,
    ]).then(
      ([{ parseWithZod }, schema]) => {
        current.check = (formData) => parseWithZod(formData, { schema, disableAutoCoercion }) as Checked;
      },
      () => {
        // Offline for a moment: this submit goes unchecked, the next touch tries again.
        current.unavailable = true;
        current.loading = undefined;
      },
    );
    return current.loading;
  }

  const eager = typeof source !== "function";
  // biome-ignore lint/correctness/useExhaustiveDependencies: a schema given as a value is fetched once, at mount.
  useEffect(() => {
    if (eager) void load();
  }, [eager]);

  /** The check of this form data, or null while it is not there (fetching, or not fetchable). */
  const run = (formData: FormData): Checked | null => state.current.check?.(formData) ?? null;

  return {
    /** Spread on the form: starts fetching the check when the visitor first reaches the form. */
    triggers: { onFocus: () => void load(), onPointerDown: () => void load() },
    run,
    /**
     * Conform's `onValidate`. A field left before the check has arrived reports nothing yet (the
     * submit is checked); a submit sent unchecked is a success here, so it goes to the server.
     */
    onValidate({ formData }: { formData: FormData }): Checked {
      return run(formData) ?? (parse(formData, { resolve: () => ({}) }) as Checked);
    },
    /**
     * For the form's onSubmit, first: holds a submit made before the check has arrived and makes it
     * again once it has. True when it held the submit (the caller stops there).
     */
    hold(event: FormEvent<HTMLFormElement>): boolean {
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      if (state.current.check || state.current.unavailable || submitter?.getAttribute("name") === INTENT) return false;
      event.preventDefault();
      // A second press while waiting is the same submit: it is made once.
      if (state.current.held) return true;
      state.current.held = true;
      const form = event.currentTarget;
      void load().then(() => {
        state.current.held = false;
        if (form.isConnected) form.requestSubmit(submitter?.isConnected ? submitter : null);
      });
      return true;
    },
  };
}

/**
 * The one form hook of the browser: Conform on a form, with the zod schema the server parses it with.
 * The browser checks a field when it is left and again as it is corrected, and the whole form on
 * submit: a refused submit stays in the page, its first message is announced and the first field in
 * error gets the focus. Without JavaScript the browser posts and the server's answer (`lastResult`)
 * shows the same messages next to the same fields.
 *
 * With `message`, the form shows one message for the whole form rather than one per field (the
 * sign-in steps): a refused submit's first message (or `fallback`) is announced and handed to `show`,
 * an accepted one clears it, and `formProps` are the check's alone (the page renders its fields).
 *
 * With `checkOn: "submit"`, fields are checked only when the form is sent (a public form whose
 * visitor is not interrupted while typing); such a form may run its own submit with `check` and
 * `form.onSubmit` instead of `formProps`.
 */
export function useSchemaForm<Schema extends FormSchema>(
  source: SchemaSource<Schema>,
  {
    id,
    lastResult,
    defaultValue,
    disableAutoCoercion,
    message,
    checkOn = "blur",
  }: {
    id: string;
    lastResult?: SubmissionResult<string[]> | null;
    /** The fields' initial values (an editor's saved record; a list's rows come from here). */
    defaultValue?: Record<string, unknown>;
    disableAutoCoercion?: boolean;
    message?: { fallback: string; show: (message: string | null) => void };
    checkOn?: "blur" | "submit";
  },
) {
  const check = useSchemaCheck(source, { disableAutoCoercion });
  const announce = useAnnounce();
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    shouldValidate: checkOn === "submit" ? "onSubmit" : "onBlur",
    shouldRevalidate: checkOn === "submit" ? "onSubmit" : "onInput",
    onValidate: check.onValidate,
  });
  /** Says a refused submit's first message and puts the focus on its field. */
  function refused(event: FormEvent<HTMLFormElement>, name: string | undefined, said: string | undefined) {
    if (said) announce("error", said);
    if (name) event.currentTarget.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)?.focus();
  }
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (check.hold(event)) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (message) {
      const checked = check.run(new FormData(event.currentTarget, submitter));
      if (!checked || checked.status === "success") {
        message.show(null);
        return;
      }
      event.preventDefault();
      const [name, first] = firstError(checked.error) ?? [];
      message.show(first ?? message.fallback);
      refused(event, name, first ?? message.fallback);
      return;
    }
    form.onSubmit(event);
    if (!event.defaultPrevented) return;
    const checked = check.run(new FormData(event.currentTarget, submitter));
    const [name, first] = firstError(checked?.status === "error" ? checked.error : null) ?? [];
    refused(event, name, first);
  }
  const withConform = { ...getFormProps(form), ...check.triggers, onSubmit };
  // One message for the form: no Conform on the element (its id would start Conform's own field checks).
  // noValidate either way: our own Italian message instead of the browser's bubble.
  const formProps = (message ? { noValidate: true, ...check.triggers, onSubmit } : withConform) as typeof withConform;
  return { form, fields, formProps, check };
}
