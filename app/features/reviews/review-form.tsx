import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/ui/toaster";
import { type ActionResult, useActionResult } from "~/core/forms/action-result";
import { Field } from "~/core/forms/field";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import {
  RATING_DEFAULT,
  INVITATION_FIELD,
  REVIEW_CONTENT_MAX,
  REVIEW_NAME_MAX,
  REVIEW_PHOTO_ACCEPT,
  REVIEW_PHOTO_MAX_BYTES,
  EMPTY_REVIEW_VALUES,
  RATING_MAX,
  RATING_MIN,
} from "./review-rules";
import { typedValues } from "~/core/forms/typed-values";
import { REVIEW_FORM_MESSAGES } from "./messages";
import type { ReviewField } from "./review-schema";
import { HONEYPOT_FIELD, STARTED_FIELD } from "./spam-guard";
import { InvitationNotice } from "./public-reviews";
import { ReviewSent } from "./review-sent";
import type { InvitationOnPage } from "./reviews-page.server";
import { StarRatingInput } from "./star-rating-input";

/** What the reviews action answers; the same shape with and without JavaScript. */
export type ReviewActionResult = ActionResult & {
  /** After a success: false while the review waits for approval. */
  published?: boolean;
  /** The start token to send next: a fresh one after a success, the refused form's own after a failure. */
  startedAt?: string;
};

const FIELD_ORDER: ReviewField[] = ["name", "rating", "content", "photo", "consent"];
const MESSAGE_ORDER: ReviewField[] = ["name", "content", "rating", "consent", "photo"];

/**
 * "Lascia una recensione". Without JavaScript it is a plain multipart POST and
 * the server's answer (`serverResult`) shows inline with the typed values. With
 * JavaScript the same schema runs before upload, the button shows progress, and
 * a success toast clears the form; the inputs are uncontrolled, so a live
 * refresh of the page never touches what the visitor is typing. Once a review
 * is sent, the form's place says so until the visitor asks for the form again
 * (the toast lasts 2 s): with JavaScript from the answer, without from `sent`.
 */
export function ReviewForm({
  startedAt,
  serverResult,
  contactEmail,
  invitation,
  sent: sentBefore,
}: {
  startedAt: string;
  serverResult?: ReviewActionResult;
  contactEmail: string;
  /** The invitation link opened: its notice above the form, and its token sent with the review. */
  invitation: InvitationOnPage;
  /** The page that follows a review sent without JavaScript: what became of it. */
  sent: string | null;
}) {
  const fetcher = useFetcher<ReviewActionResult>({ key: "review-form" });
  const formRef = useRef<HTMLFormElement>(null);
  // What the last review sent became ("Recensione aggiunta con successo"); null: the form is shown.
  const [sent, setSent] = useState(sentBefore);
  // The invitation is used once: after a review sent with it, neither its notice nor its token again.
  const [invitationUsed, setInvitationUsed] = useState(false);
  const validInvitation = invitation && "token" in invitation && !invitationUsed ? invitation : null;
  // The server's token for when this form was shown: kept across live refreshes, renewed after each success.
  const [started, setStarted] = useState(
    () => (serverResult && !serverResult.ok && serverResult.startedAt) || startedAt,
  );
  // A photo refused as it is picked (it never leaves the phone).
  const [photoError, setPhotoError] = useState<string | null>(null);
  const result = fetcher.data ?? serverResult;
  // Its own submit (a toast, the photo's check, the first field in error by the page's order).
  const { form, fields, check } = useSchemaForm(() => import("./review-schema").then((module) => module.reviewSchema), {
    id: "recensione",
    lastResult: result && !result.ok ? result.reply : undefined,
    checkOn: "submit",
  });

  const errorsOf = (name: ReviewField) => (name === "photo" && photoError ? [photoError] : fields[name].errors);
  const firstError = MESSAGE_ORDER.map((name) => errorsOf(name)?.[0]).find(Boolean);
  const failure = firstError ?? (result && !result.ok ? result.message : null);
  // Without JavaScript the page is rendered anew: show what the visitor typed.
  const values =
    !fetcher.data && serverResult && !serverResult.ok ? typedValues(serverResult.reply, EMPTY_REVIEW_VALUES) : null;

  useActionResult(fetcher.state === "idle" ? fetcher.data : undefined, (data) => {
    if (data.ok) {
      formRef.current?.reset();
      setPhotoError(null);
      if (data.startedAt) setStarted(data.startedAt);
      setSent(data.message);
      if (validInvitation) setInvitationUsed(true);
    } else {
      focusFirstInvalid(formRef.current, (name) => Boolean(data.reply?.error?.[name]?.length));
    }
  });

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    // Sent once: the button stays focusable while it is sent (a disabled button drops the focus).
    if (fetcher.state !== "idle") {
      event.preventDefault();
      return;
    }
    if (check.hold(event)) return;
    setPhotoError(null);
    const checked = check.run(new FormData(event.currentTarget));
    form.onSubmit(event);
    if (!checked || checked.status === "success") return;
    event.preventDefault();
    const message =
      MESSAGE_ORDER.map((name) => checked.error?.[name]?.[0]).find(Boolean) ?? REVIEW_FORM_MESSAGES.failed;
    toast.error(message);
    focusFirstInvalid(event.currentTarget, (name) => Boolean(checked.error?.[name]?.length));
  }

  function onPhotoChange(event: React.ChangeEvent<HTMLInputElement>) {
    if (refusedOversizePhoto(event.currentTarget)) {
      setPhotoError(REVIEW_FORM_MESSAGES.photoTooLarge);
      toast.error(REVIEW_FORM_MESSAGES.photoTooLarge);
    } else {
      setPhotoError(null);
    }
  }

  // The scripts come after the first paint: a photo picked before they took over had no check as it
  // was picked (the typed fields keep their text, checked when sent). It gets the check now.
  const photoInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (photoInput.current && refusedOversizePhoto(photoInput.current)) {
      setPhotoError(REVIEW_FORM_MESSAGES.photoTooLarge);
      toast.error(REVIEW_FORM_MESSAGES.photoTooLarge);
    }
  }, []);

  const submitting = fetcher.state === "submitting";
  if (sent) return <ReviewSent message={sent} onAnother={() => setSent(null)} />;
  return (
    <>
      {invitationUsed ? null : <InvitationNotice invitation={invitation} />}
      <fetcher.Form
        ref={formRef}
        id={form.id}
        method="post"
        action="/reviews"
        encType="multipart/form-data"
        className="review-form"
        noValidate
        {...check.triggers}
        onSubmit={onSubmit}
      >
        {/* With JavaScript the toast announces; without, the answer page moves focus here. */}
        <p
          id={`${form.id}-status`}
          tabIndex={-1}
          // A page answering a plain POST with errors: start at the message (keyboard and screen readers).
          autoFocus={Boolean(values)}
          className={failure ? "review-form__status review-form__status--error" : "review-form__status"}
        >
          {failure ?? ""}
        </p>

        <Field
          id={fields.name.id}
          label="Nome"
          hint="Basta il nome o un soprannome."
          hintFirst
          errors={errorsOf("name")}
        >
          {(control) => (
            <input
              {...control}
              key={fields.name.key}
              name={fields.name.name}
              type="text"
              autoComplete="given-name"
              required
              maxLength={REVIEW_NAME_MAX}
              defaultValue={values?.name ?? validInvitation?.firstName ?? undefined}
            />
          )}
        </Field>

        <StarRatingInput
          name={fields.rating.name}
          legend="Valutazione"
          defaultValue={
            values && values.rating >= RATING_MIN && values.rating <= RATING_MAX ? values.rating : RATING_DEFAULT
          }
          errors={errorsOf("rating")}
          errorId={`${fields.rating.id}-error`}
        />

        <Field
          id={fields.content.id}
          label="La tua esperienza"
          hint="Scrivi solo ciò che vuoi rendere pubblico."
          hintFirst
          errors={errorsOf("content")}
        >
          {(control) => (
            <textarea
              {...control}
              key={fields.content.key}
              name={fields.content.name}
              rows={3}
              required
              maxLength={REVIEW_CONTENT_MAX}
              defaultValue={values?.content}
            />
          )}
        </Field>

        <Field
          id={fields.photo.id}
          label="Foto (facoltativa)"
          hint="Fino a 5 MB. Togliamo i dati nascosti, come la posizione."
          hintFirst
          errors={errorsOf("photo")}
        >
          {(control) => (
            <input
              {...control}
              name={fields.photo.name}
              ref={photoInput}
              type="file"
              accept={REVIEW_PHOTO_ACCEPT}
              onChange={onPhotoChange}
            />
          )}
        </Field>

        <Field
          id={fields.consent.id}
          check
          label="Acconsento alla pubblicazione di nome, recensione ed eventuale foto."
          hint={
            <>
              Puoi chiederne la rimozione quando vuoi: <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.{" "}
              <a href="/privacy">Informativa privacy</a>
            </>
          }
          errors={errorsOf("consent")}
        >
          {(control) => (
            <input
              {...control}
              key={fields.consent.key}
              name={fields.consent.name}
              type="checkbox"
              required
              defaultChecked={values?.consent}
            />
          )}
        </Field>

        {/* Bots fill every field; people never see this one. */}
        <div className="review-form__trap" aria-hidden="true">
          <label htmlFor={`${form.id}-trap`}>Lascia vuoto questo campo</label>
          <input
            id={`${form.id}-trap`}
            name={HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        <input type="hidden" name={STARTED_FIELD} value={started} />
        {validInvitation ? <input type="hidden" name={INVITATION_FIELD} value={validInvitation.token} /> : null}

        <button type="submit" className="button review-form__submit" aria-disabled={submitting || undefined}>
          {submitting ? "Invio in corso…" : "Invia recensione"}
        </button>
      </fetcher.Form>
    </>
  );
}

/** Empties the photo field when its file is over the limit; true when it did. Checked before upload: a 12 MB file never leaves the phone. */
function refusedOversizePhoto(input: HTMLInputElement): boolean {
  const file = input.files?.[0];
  if (!file || file.size <= REVIEW_PHOTO_MAX_BYTES) return false;
  input.value = "";
  return true;
}

function focusFirstInvalid(form: HTMLFormElement | null, invalid: (name: ReviewField) => boolean) {
  const first = FIELD_ORDER.find(invalid);
  if (!form || !first) return;
  const field = form.querySelector<HTMLInputElement>(
    first === "rating" ? 'input[name="rating"]:checked, input[name="rating"]' : `[name="${first}"]`,
  );
  field?.focus();
}
