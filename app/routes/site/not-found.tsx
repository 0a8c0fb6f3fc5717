import { clsx } from "clsx";
import { data } from "react-router";
import { Icon } from "~/components/site/icon";
import { Section } from "~/components/site/section";
import { buttonVariants } from "~/components/ui/button-variants";
import type { Route } from "./+types/not-found";
import { siteBusiness } from "./page-head.server";
import { Link } from "~/components/site/link";
import { logger } from "~/server/logger.server";

export function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  logger.warn({ path: pathname }, "Page not found");
  const business = siteBusiness(context);
  const meta = [
    { title: `Page Not Found | ${business.name}` },
    { name: "description", content: "The page you're looking for doesn't exist." },
    { name: "robots", content: "noindex" },
  ];
  return data({ meta }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ data }) => data?.meta ?? [];

export default function NotFound() {
  return (
    <Section>
      <div className="mx-auto max-w-xl py-10 text-center">
        <p className="text-6xl font-extrabold text-brand-700">404</p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight">Page Not Found</h1>
        <p className="mt-4 text-muted-foreground">
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
