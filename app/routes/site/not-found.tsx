import { clsx } from "clsx";
import { data, Link } from "react-router";
import { Icon } from "~/components/site/icon";
import { Section } from "~/components/site/section";
import { buttonVariants } from "~/components/ui/button-variants";
import { businessFromMatches } from "~/lib/seo";
import type { Route } from "./+types/not-found";

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  console.warn(`[404] ${pathname}`);
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const business = businessFromMatches(matches);
  return [
    { title: `Page Not Found | ${business.name}` },
    { name: "description", content: "The page you're looking for doesn't exist." },
    { name: "robots", content: "noindex" },
  ];
};

export default function NotFound() {
  return (
    <Section>
      <div className="mx-auto max-w-xl py-10 text-center">
        <p className="text-brand-700 text-6xl font-extrabold">404</p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight">Page Not Found</h1>
        <p className="text-muted-foreground mt-4">
          The page you're looking for doesn't exist. Let's get you back to our locksmith services.
        </p>
        <Link to="/" className={clsx(buttonVariants({ size: "lg" }), "mt-8")}>
          <Icon name="house" aria-hidden="true" />
          Return to Home
        </Link>
      </div>
    </Section>
  );
}
