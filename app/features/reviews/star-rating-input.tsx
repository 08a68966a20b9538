import { ErrorList } from "~/core/forms/field";
import { RATING_MAX } from "./review-rules";

const STAR_PATH = "M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.9z";

/**
 * A 1–5 star choice built from native radio buttons: arrow keys, form reset
 * and plain POST work without any script. Stars up to the chosen one light up
 * through CSS (:has), so this holds without JavaScript too.
 */
export function StarRatingInput({
  name,
  defaultValue,
  legend,
  errors,
  errorId,
}: {
  name: string;
  defaultValue: number;
  legend: string;
  errors?: readonly string[] | null;
  errorId: string;
}) {
  const error = errors?.[0];
  const values = Array.from({ length: RATING_MAX }, (_, i) => i + 1);
  return (
    <fieldset
      className="star-input"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="field__label">{legend}</legend>
      <div className="star-input__options">
        {values.map((n) => (
          <label key={n} className="star-input__option">
            <input
              type="radio"
              className="star-input__radio"
              name={name}
              value={n}
              defaultChecked={n === defaultValue}
            />
            <svg aria-hidden="true" viewBox="0 0 20 20" width="30" height="30" className="star-input__star">
              <path d={STAR_PATH} />
            </svg>
            <span className="visually-hidden">{n === 1 ? "1 stella" : `${n} stelle`}</span>
          </label>
        ))}
      </div>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}
