import type { ReviewView } from "~/lib/reviews/review-selection";
import { Icon } from "./icon";

/** The look of the Card primitive, as plain elements (no component per card to hydrate). */
export function ReviewCard({ review }: { review: ReviewView }) {
  return (
    <div className="h-full rounded-xl border border-border bg-white text-foreground shadow-sm">
      <div className="flex h-full flex-col gap-4 p-6">
        <p className="flex gap-0.5" role="img" aria-label={`Rated ${review.rating} out of 5`}>
          {Array.from({ length: 5 }, (_, i) => (
            <Icon
              key={i}
              name="star"
              aria-hidden="true"
              className={
                i < review.rating
                  ? "size-4 fill-accent-400 text-accent-500"
                  : "size-4 text-slate-300"
              }
            />
          ))}
        </p>
        <blockquote className="flex-1 text-pretty text-slate-700">“{review.body}”</blockquote>
        <footer className="flex items-center justify-between gap-2 text-sm">
          <span>
            <span className="font-semibold">{review.customerName}</span>
            <span className="block text-muted-foreground">{review.cityLabel}</span>
          </span>
          {review.verified && (
            <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
              <Icon name="badge-check" className="size-3.5" aria-hidden="true" />
              Verified
            </span>
          )}
        </footer>
      </div>
    </div>
  );
}
