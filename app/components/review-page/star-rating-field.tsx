import { Star } from "lucide-react";

/**
 * Stars from 1 to 5 as radio buttons: a keyboard moves between them with the arrows, a
 * screen reader hears "4 stars", and it works without JavaScript. They are written 5 to 1
 * and shown reversed, so CSS can fill the chosen star and every star before it.
 */
export function StarRatingField({
  name,
  defaultValue,
  error,
}: {
  name: string;
  defaultValue?: number;
  error?: string;
}) {
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="font-medium">Your rating</legend>
      <div className="mt-2 flex flex-row-reverse justify-end gap-1">
        {[5, 4, 3, 2, 1].map((stars) => (
          <label
            key={stars}
            className="cursor-pointer rounded-md [&:has(:checked)_svg]:fill-accent-400 [&:has(:checked)~label_svg]:fill-accent-400 [&:has(:focus-visible)]:outline-2 [&:has(:focus-visible)]:outline-offset-2 [&:has(:focus-visible)]:outline-ring [&:hover_svg]:fill-accent-300 [&:hover~label_svg]:fill-accent-300"
          >
            <input
              type="radio"
              name={name}
              value={stars}
              defaultChecked={defaultValue === stars}
              required
              className="sr-only"
            />
            <span className="sr-only">
              {stars} star{stars === 1 ? "" : "s"}
            </span>
            <Star aria-hidden="true" className="size-11 text-slate-500" />
          </label>
        ))}
      </div>
      {error && (
        <p id={`${name}-error`} className="mt-1 text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
