import { Link } from "./link";

/** Under every list of reviews: where the rule they were published by is stated. */
export function ReviewPolicyLink() {
  return (
    <p className="mt-6 text-center text-sm">
      <Link
        to="/about#review-policy"
        className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
      >
        How we publish reviews
      </Link>
    </p>
  );
}
