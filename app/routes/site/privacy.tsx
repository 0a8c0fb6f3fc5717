import { BusinessEmail, LegalPage, LegalSection } from "~/components/site/legal-page";
import { useBusiness } from "~/components/site/use-business";
import { publicPageHeaders } from "~/lib/site/cache-headers";
import { locksmithJsonLd } from "~/lib/site/structured-data";
import type { Route } from "./+types/privacy";
import { pageHead } from "./page-head.server";
import { Link } from "~/components/site/link";

export function loader({ context }: Route.LoaderArgs) {
  return {
    meta: pageHead(context, (business) => ({
      title: `Privacy Policy | ${business.name}`,
      description: `What ${business.name} collects when you call, text or request service, how it is used to send you a locksmith, who sees it and how long it is kept.`,
      path: "/privacy",
      jsonLd: [
        locksmithJsonLd(business, { areaNames: ["Chicago", "South Suburbs", "Southwest Suburbs"] }),
      ],
    })),
  };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => data?.meta ?? [];

export default function PrivacyPage() {
  const business = useBusiness();
  return (
    <LegalPage title="Privacy Policy">
      <p className="mt-6 text-lg text-slate-700">
        {business.name} connects people who need a locksmith in Chicago and its South and Southwest
        Suburbs with licensed local locksmiths. To do that we need a few details from you. This page
        explains, in plain English, what we collect, why, and what you can ask us to do with it.
      </p>

      <LegalSection title="What we collect">
        <ul>
          <li>
            <strong>Calls to our line.</strong> Your phone number, the time and length of the call,
            and a recording of the call. Callers are told at the start of the call that it may be
            recorded.
          </li>
          <li>
            <strong>Text messages</strong> you send to our number, and the number they come from.
          </li>
          <li>
            <strong>Service requests.</strong> When you ask for service, your name, phone number,
            ZIP code and what you need done, plus the address where you need the locksmith if you
            give it to us.
          </li>
          <li>
            <strong>Website visits.</strong> Our server keeps standard technical logs (IP address,
            page requested, time and browser type) to keep the site secure and working. We do not
            use analytics or advertising trackers.
          </li>
        </ul>
        <p>
          We do not collect payment card numbers: you pay the locksmith directly. We do not collect
          biometric information such as fingerprints or voiceprints.
        </p>
      </LegalSection>

      <LegalSection title="How we use it">
        <p>Only to get you the help you asked for and to stand behind the work:</p>
        <ul>
          <li>to send the nearest available locksmith and tell them what you need and where;</li>
          <li>
            to call or text you about your job: arrival time, price, follow-up questions, or a
            problem with the work;
          </li>
          <li>
            to check the quality of our service, settle disagreements about a job, and train our
            team;
          </li>
          <li>to keep records we are required to keep by law, and to prevent fraud and abuse.</li>
        </ul>
      </LegalSection>

      <LegalSection title="Who we share it with">
        <p>
          <strong>
            We do not sell, rent or trade your information, and we do not use it for advertising.
          </strong>{" "}
          We share it only with:
        </p>
        <ul>
          <li>
            the locksmith we send to your job, who gets your name, phone number, address and job
            details;
          </li>
          <li>
            companies that run our phone line, website hosting and database for us, who may use it
            only to provide that service;
          </li>
          <li>authorities, when the law requires it or to protect someone's safety.</li>
        </ul>
      </LegalSection>

      <LegalSection title="Cookies">
        <p>
          We set no cookies for visitors to this website. The only cookie we use is a sign-in
          session cookie for our own staff when they use the back office. The map on our{" "}
          <Link to="/service-areas" className="font-semibold text-brand-700 underline">
            Service Areas
          </Link>{" "}
          page loads from OpenStreetMap only if you choose to show it.
        </p>
      </LegalSection>

      <LegalSection title="How long we keep it">
        <ul>
          <li>Call recordings: up to 12 months, then deleted.</li>
          <li>
            Call logs, text messages, service requests and job records: up to 3 years, for warranty,
            billing and tax purposes.
          </li>
          <li>Website server logs: up to 30 days.</li>
        </ul>
        <p>
          We may keep something longer only if the law requires it or it is needed to resolve a
          dispute.
        </p>
      </LegalSection>

      <LegalSection title="Keeping it safe">
        <p>
          Only staff accounts approved by the owner can see customer details, and only for the
          purposes above. No system is perfect; if a breach ever affected your personal information,
          we would notify you as Illinois law requires.
        </p>
      </LegalSection>

      <LegalSection title="Your choices">
        <p>
          You can ask us to show you the information we hold about you, correct it, or delete it,
          and you can ask us to stop contacting you. Email <BusinessEmail /> and we will answer
          within 30 days. We may need to confirm it is really you before acting on a request.
        </p>
      </LegalSection>

      <LegalSection title="Children">
        <p>
          Our service is meant for adults. We do not knowingly collect information from children
          under 13.
        </p>
      </LegalSection>

      <LegalSection title="Changes to this policy">
        <p>
          If we change this policy, we will post the new version here with a new effective date.
          Important changes will be shown clearly on this page.
        </p>
      </LegalSection>

      <LegalSection title="Contact us">
        <p>
          Questions about your privacy? Email <BusinessEmail /> or call{" "}
          <a href={business.phoneHref} className="font-semibold text-brand-700 underline">
            {business.phone}
          </a>
          . See also our{" "}
          <Link to="/terms" className="font-semibold text-brand-700 underline">
            Terms of Service
          </Link>
          .
        </p>
      </LegalSection>
    </LegalPage>
  );
}
