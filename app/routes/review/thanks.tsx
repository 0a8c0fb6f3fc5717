import { useRootBusiness } from "~/components/link-page/link-gone";
import { LinkPageShell } from "~/components/link-page/link-page-shell";
import type { Route } from "./+types/thanks";

export const meta: Route.MetaFunction = () => [
  { title: "Thank you" },
  { name: "robots", content: "noindex, nofollow" },
];

/** Where a sent review lands (a page of its own, so a reload does not send it again). */
export default function ReviewThanks() {
  const business = useRootBusiness();
  return (
    <LinkPageShell business={business}>
      <h1 className="text-2xl font-extrabold tracking-tight">Thank you!</h1>
      <p className="mt-3">
        We read every review. If you agreed, yours appears on our website once we have checked it.
        Locked out again one day? We are here 24/7 at{" "}
        <a href={business.phoneHref} className="font-semibold text-brand-700 underline">
          {business.phone}
        </a>
        .
      </p>
    </LinkPageShell>
  );
}
