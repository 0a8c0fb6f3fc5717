import { BusinessEmail, LegalPage, LegalSection } from "~/components/site/legal-page";
import { useBusiness } from "~/components/site/use-business";
import { facts, mostJobsUnder, paymentMethodsText, promises } from "~/content/business";
import { publicPageHeaders } from "~/lib/site/cache-headers";
import { GUARANTEE_DAYS, GUARANTEE_TERMS } from "~/lib/money/guarantee";
import { locksmithJsonLd } from "~/lib/site/structured-data";
import type { Route } from "./+types/terms";
import { pageHead } from "./page-head.server";
import { Link } from "~/components/site/link";

export function loader({ context }: Route.LoaderArgs) {
  return {
    meta: pageHead(context, (business) => ({
      title: `Terms of Service | ${business.name}`,
      description: `The terms for using ${business.name}: how we connect you with independent licensed locksmiths, pricing, proof of ownership, payment and liability.`,
      path: "/terms",
      jsonLd: [
        locksmithJsonLd(business, { areaNames: ["Chicago", "South Suburbs", "Southwest Suburbs"] }),
      ],
    })),
  };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => data?.meta ?? [];

export default function TermsPage() {
  const business = useBusiness();
  return (
    <LegalPage title="Terms of Service">
      <p className="mt-6 text-lg text-slate-700">
        These terms apply when you use this website or call, text or request service from{" "}
        {business.name}. They are written to be read. By using our service you agree to them.
      </p>

      <LegalSection title="What we do">
        <p>
          {business.name} runs a 24/7 line that connects you with a locksmith near you in Chicago
          and its South and Southwest Suburbs. The locksmiths we send are independent, licensed,
          bonded and insured professionals, not our employees. The locksmith who comes to you does
          the work and is responsible for it; we find them, pass on your request and stand behind
          the service as described below.
        </p>
      </LegalSection>

      <LegalSection title="Arrival times">
        <p>
          Our average arrival is {facts.averageArrivalMinutes} minutes, and emergency lockouts never
          wait more than {facts.emergencyMaxMinutes} minutes. When you call we tell you the expected
          arrival time for your address.
        </p>
      </LegalSection>

      <LegalSection title="Prices and estimates">
        <ul>
          <li>
            The prices on this website are starting prices. Most jobs come in under ${mostJobsUnder}
            , but the final price depends on your lock, vehicle or safe and the work needed.
          </li>
          <li>
            The locksmith tells you the price before any work starts. Nothing is done until you
            agree to it. Estimates are free and there is no trip charge, so if you decline the quote
            you owe nothing.
          </li>
          <li>If more work turns out to be needed, the locksmith asks you before doing it.</li>
        </ul>
      </LegalSection>

      <LegalSection title="Proof of ownership">
        <p>
          To protect you and your neighbors, the locksmith will ask for photo ID and proof that you
          may access the property before opening a home, car, business, storage unit, mailbox, safe
          or padlock, or cutting high-security keys. Proof can be a lease, deed, utility bill,
          vehicle registration, rental agreement or a letter of authorization. The locksmith may
          refuse the job if ownership or authorization cannot be confirmed; you owe nothing in that
          case.
        </p>
      </LegalSection>

      <LegalSection title="Payment">
        <ul>
          <li>You pay the locksmith when the job is done, by {paymentMethodsText}.</li>
          <li>
            Payment plans are available for larger projects, agreed in writing before work starts.
          </li>
          <li>Seniors and military members get a discount: mention it when you call.</li>
        </ul>
      </LegalSection>

      <LegalSection title="Our service guarantee">
        <p>
          We back every job with our service guarantee. If something is not right with the work,
          contact us at <BusinessEmail /> or by phone and we will work with the locksmith to make it
          right. What we promise on every call:{" "}
          {promises.map((promise) => promise.toLowerCase()).join(", ")}.
        </p>
        <p>
          {GUARANTEE_TERMS} Your receipt states the day your guarantee runs to, {GUARANTEE_DAYS}{" "}
          days after the day of the job.
        </p>
      </LegalSection>

      <LegalSection title="Liability">
        <p>
          Each locksmith carries their own insurance and is responsible for the work they do. As far
          as Illinois law allows, {business.name} is responsible only for direct losses caused by
          our own fault in connecting you with a locksmith, and not for indirect or consequential
          losses. Nothing in these terms takes away rights you have under Illinois consumer
          protection law.
        </p>
      </LegalSection>

      <LegalSection title="Using this website">
        <p>
          The information on this website is general and may change. Please do not misuse the site,
          submit false requests, or request service for property you have no right to access.
        </p>
      </LegalSection>

      <LegalSection title="Governing law">
        <p>
          These terms are governed by the laws of the State of Illinois. Any dispute will be handled
          by the courts of Cook County, Illinois, unless the law gives you the right to another
          court.
        </p>
      </LegalSection>

      <LegalSection title="Changes to these terms">
        <p>
          We may update these terms. The new version will be posted here with a new effective date
          and applies to service requested after that date.
        </p>
      </LegalSection>

      <LegalSection title="Contact us">
        <p>
          Questions? Email <BusinessEmail /> or call{" "}
          <a href={business.phoneHref} className="font-semibold text-brand-700 underline">
            {business.phone}
          </a>
          . How we handle your information is explained in our{" "}
          <Link to="/privacy" className="font-semibold text-brand-700 underline">
            Privacy Policy
          </Link>
          .
        </p>
      </LegalSection>
    </LegalPage>
  );
}
