import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/toaster";
import {
  photoError,
  RATING_DEFAULT,
  REVIEW_CONTENT_MAX,
  REVIEW_NAME_MAX,
  REVIEW_PHOTO_ACCEPT,
  validateReviewFields,
  type ReviewFieldErrors,
  type ReviewFormValues,
} from "~/lib/review-form";
import { HONEYPOT_FIELD, STARTED_FIELD } from "~/lib/spam-guard";
import { INVITATION_FIELD } from "~/lib/review-form";
import { StarRatingInput } from "./star-rating-input";
import { useHydrated } from "./use-hydrated";

/** What the reviews action answers; the same shape with and without JavaScript. */
export type ReviewActionResult =
  | { ok: true; message: string; published: boolean; startedAt: number }
  | {
      ok: false;
      message: string;
      errors: ReviewFieldErrors;
      values: ReviewFormValues | null;
      /** The refused form's own start time: correcting a field is not a new form. */
      startedAt?: number;
    };

/** Set by the form once scripts run: the action then answers with data instead of a redirect. */
export const ENHANCED_FIELD = "js";


/**
 * "Lascia una recensione". Without JavaScript it is a plain multipart POST and
 * the server's answer (`serverResult`) shows inline with the typed values. With
 * JavaScript the same checks run before upload, the button shows progress, and
 * a success toast clears the form; the inputs are uncontrolled, so a live
 * refresh of the page never touches what the visitor is typing.
 */
export function ReviewForm({
  startedAt,
  serverResult,
  contactEmail,
  invitation,
}: {
  startedAt: number;
  serverResult?: ReviewActionResult;
  contactEmail: string;
  /** A valid invitation link was opened: the review will be marked verified. */
  invitation?: { token: string; patientName: string | null } | null;
}) {
  const fetcher = useFetcher<ReviewActionResult>({ key: "review-form" });
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  // The server's clock when this form was shown: kept across live refreshes, renewed after each success.
  const [started, setStarted] = useState(
    () => (serverResult && !serverResult.ok && serverResult.startedAt) || startedAt,
  );
  const [clientErrors, setClientErrors] = useState<{ message: string; errors: ReviewFieldErrors } | null>(null);
  const handled = useRef<ReviewActionResult | undefined>(undefined);
  const id = useId();

  const submitting = fetcher.state === "submitting";
  const result = fetcher.data ?? serverResult;
  const failure = clientErrors ?? (result && !result.ok ? result : null);
  const errors = failure?.errors ?? {};
  // Without JavaScript the page is rendered anew: show what the visitor typed.
  const values = !fetcher.data && serverResult && !serverResult.ok ? serverResult.values : null;

  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || !data || handled.current === data) return;
    handled.current = data;
    if (data.ok) {
      toast.success(data.message);
      formRef.current?.reset();
      setStarted(data.startedAt);
    } else {
      toast.error(data.message);
      focusFirstInvalid(formRef.current, data.errors);
    }
  }, [fetcher.state, fetcher.data]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const checked = validateReviewFields({
      name: form.get("name"),
      content: form.get("content"),
      rating: form.get("rating"),
      consent: form.get("consent"),
    });
    const photo = form.get("photo");
    const tooLarge = photo instanceof File ? photoError(photo) : null;
    const errors: ReviewFieldErrors = { ...checked.errors, ...(tooLarge ? { photo: tooLarge } : {}) };
    const message = checked.message ?? tooLarge;
    if (message) {
      event.preventDefault();
      setClientErrors({ message, errors });
      toast.error(message);
      focusFirstInvalid(event.currentTarget, errors);
      return;
    }
    setClientErrors(null);
  }

  function onPhotoChange(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    const message = photoError(file);
    if (message) {
      // Checked before upload: a 12 MB file never leaves the phone.
      event.currentTarget.value = "";
      setClientErrors({ message, errors: { photo: message } });
      toast.error(message);
    } else if (clientErrors?.errors.photo) {
      setClientErrors(null);
    }
  }

  const fieldId = (name: string) => `${id}-${name}`;
  const errorId = (name: string) => `${id}-${name}-error`;
  const described = (name: string, hint?: boolean) =>
    [hint ? `${fieldId(name)}-hint` : "", errors[name as keyof ReviewFieldErrors] ? errorId(name) : ""]
      .filter(Boolean)
      .join(" ") || undefined;

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/reviews"
      encType="multipart/form-data"
      className="review-form"
      noValidate
      onSubmit={onSubmit}
    >
      {/* With JavaScript the toast announces; without, the answer page moves focus here. */}
      <p
        id={`${id}-status`}
        tabIndex={-1}
        // A page answering a plain POST with errors: start at the message (keyboard and screen readers).
        autoFocus={Boolean(values)}
        className={failure ? "review-form__status review-form__status--error" : "review-form__status"}
      >
        {failure?.message ?? ""}
      </p>

      <div className="form-field">
        <label className="form-field__label" htmlFor={fieldId("name")}>
          Nome
        </label>
        <p className="form-field__hint" id={`${fieldId("name")}-hint`}>
          Basta il nome o un soprannome.
        </p>
        <input
          id={fieldId("name")}
          name="name"
          type="text"
          autoComplete="given-name"
          required
          maxLength={REVIEW_NAME_MAX}
          defaultValue={values?.name ?? invitation?.patientName ?? undefined}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={described("name", true)}
        />
        {errors.name ? (
          <p className="form-field__error" id={errorId("name")}>
            {errors.name}
          </p>
        ) : null}
      </div>

      <StarRatingInput
        name="rating"
        legend="Valutazione"
        defaultValue={values?.rating ?? RATING_DEFAULT}
        error={errors.rating}
        errorId={errorId("rating")}
      />

      <div className="form-field">
        <label className="form-field__label" htmlFor={fieldId("content")}>
          La tua esperienza
        </label>
        <p className="form-field__hint" id={`${fieldId("content")}-hint`}>
          Scrivi solo ciò che vuoi rendere pubblico.
        </p>
        <textarea
          id={fieldId("content")}
          name="content"
          rows={3}
          required
          maxLength={REVIEW_CONTENT_MAX}
          defaultValue={values?.content}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={described("content", true)}
        />
        {errors.content ? (
          <p className="form-field__error" id={errorId("content")}>
            {errors.content}
          </p>
        ) : null}
      </div>

      <div className="form-field">
        <label className="form-field__label" htmlFor={fieldId("photo")}>
          Foto (facoltativa)
        </label>
        <p className="form-field__hint" id={`${fieldId("photo")}-hint`}>
          Fino a 5 MB. Togliamo i dati nascosti, come la posizione.
        </p>
        <input
          id={fieldId("photo")}
          name="photo"
          type="file"
          accept={REVIEW_PHOTO_ACCEPT}
          onChange={onPhotoChange}
          aria-invalid={errors.photo ? true : undefined}
          aria-describedby={described("photo", true)}
        />
        {errors.photo ? (
          <p className="form-field__error" id={errorId("photo")}>
            {errors.photo}
          </p>
        ) : null}
      </div>

      <div className="form-field form-field--check">
        <input
          id={fieldId("consent")}
          name="consent"
          type="checkbox"
          required
          defaultChecked={values?.consent}
          aria-invalid={errors.consent ? true : undefined}
          aria-describedby={described("consent", true)}
        />
        <label htmlFor={fieldId("consent")}>
          Acconsento alla pubblicazione di nome, recensione ed eventuale foto.
        </label>
        <p className="form-field__hint" id={`${fieldId("consent")}-hint`}>
          Puoi chiederne la rimozione quando vuoi: <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.{" "}
          <a href="/privacy">Informativa privacy</a>
        </p>
        {errors.consent ? (
          <p className="form-field__error" id={errorId("consent")}>
            {errors.consent}
          </p>
        ) : null}
      </div>

      {/* Bots fill every field; people never see this one. */}
      <div className="review-form__trap" aria-hidden="true">
        <label htmlFor={fieldId("trap")}>Lascia vuoto questo campo</label>
        <input id={fieldId("trap")} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <input type="hidden" name={STARTED_FIELD} value={started} />
      {invitation ? <input type="hidden" name={INVITATION_FIELD} value={invitation.token} /> : null}
      {hydrated ? <input type="hidden" name={ENHANCED_FIELD} value="1" /> : null}

      <button type="submit" className="button review-form__submit" disabled={submitting} aria-disabled={submitting}>
        {submitting ? "Invio in corso…" : "Invia recensione"}
      </button>
    </fetcher.Form>
  );
}

function focusFirstInvalid(form: HTMLFormElement | null, errors: ReviewFieldErrors) {
  if (!form) return;
  const order: (keyof ReviewFieldErrors)[] = ["name", "rating", "content", "photo", "consent"];
  const first = order.find((name) => errors[name]);
  if (!first) return;
  const field = form.querySelector<HTMLInputElement>(
    first === "rating" ? 'input[name="rating"]:checked, input[name="rating"]' : `[name="${first}"]`,
  );
  field?.focus();
}
