import { BadgeCheck, Star } from "lucide-react";
import { Card, CardContent } from "~/components/ui/card";

export interface ReviewView {
  id: string;
  customerName: string;
  cityLabel: string;
  rating: number;
  body: string;
  verified: boolean;
}

export function ReviewCard({ review }: { review: ReviewView }) {
  return (
    <Card className="h-full">
      <CardContent className="flex h-full flex-col gap-4 pt-6">
        <p className="flex gap-0.5" role="img" aria-label={`Rated ${review.rating} out of 5`}>
          {Array.from({ length: 5 }, (_, i) => (
            <Star
              key={i}
              aria-hidden="true"
              className={
                i < review.rating
                  ? "fill-accent-400 text-accent-500 size-4"
                  : "size-4 text-slate-300"
              }
            />
          ))}
        </p>
        <blockquote className="flex-1 text-pretty text-slate-700">“{review.body}”</blockquote>
        <footer className="flex items-center justify-between gap-2 text-sm">
          <span>
            <span className="font-semibold">{review.customerName}</span>
            <span className="text-muted-foreground block">{review.cityLabel}</span>
          </span>
          {review.verified && (
            <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
              <BadgeCheck className="size-3.5" aria-hidden="true" />
              Verified
            </span>
          )}
        </footer>
      </CardContent>
    </Card>
  );
}
