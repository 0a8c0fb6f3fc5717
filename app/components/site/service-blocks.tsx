/**
 * The content blocks of a service detail page, one component per ServiceBlock kind.
 * Content lives in app/content/service-pages.ts; these only decide how it looks, so a
 * new page is written as data and never needs new markup.
 */
import { clsx } from "clsx";
import { CheckList } from "./check-list";
import { useId } from "react";
import type { InfoCard, ServiceBlock, ServiceDetailContent } from "~/content/types";
import { ClosingCta } from "./closing-cta";
import { FaqAccordion } from "./faq-accordion";
import { Icon } from "./icon";
import { Reveal } from "./reveal";
import { Section, SectionHeading } from "./section";

/** Sections alternate between these so consecutive blocks read as separate bands. */
export type BlockTone = "white" | "muted";

type BlockOf<Kind extends ServiceBlock["kind"]> = Extract<ServiceBlock, { kind: Kind }>;

interface BlockProps<Kind extends ServiceBlock["kind"]> {
  block: BlockOf<Kind>;
  tone: BlockTone;
}

/** Key figures (arrival time, availability) as large numbers. */
export function StatsBlock({ block, tone }: BlockProps<"stats">) {
  return (
    // Stats carry no heading in the content, so the band is labelled for screen readers.
    <Section tone={tone} aria-label="At a glance" compact>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {block.items.map((stat, index) => (
          // The Reveal div is the dl's group wrapper: a dl may hold only divs of dt/dd.
          // The value shows first, but dt precedes dd in the source as the list requires.
          <Reveal
            key={stat.label}
            index={index}
            className="flex h-full flex-col-reverse justify-end rounded-xl border border-border bg-white p-5 text-center shadow-sm sm:p-6"
          >
            <dt className="mt-1 text-sm text-muted-foreground">{stat.label}</dt>
            <dd className="text-3xl font-extrabold tracking-tight text-brand-700 sm:text-4xl">
              {stat.value}
            </dd>
          </Reveal>
        ))}
      </dl>
    </Section>
  );
}

/** Columns that keep rows full: three cards never leave one orphan on the second row. */
function cardGridClass(count: number): string {
  if (count <= 2) return "mx-auto max-w-4xl sm:grid-cols-2";
  if (count === 3) return "md:grid-cols-3";
  if (count === 4) return "sm:grid-cols-2 lg:grid-cols-4";
  return "sm:grid-cols-2 lg:grid-cols-3";
}

export function CardsBlock({ block, tone }: BlockProps<"cards">) {
  const headingId = useId();
  return (
    <Section tone={tone} aria-labelledby={headingId}>
      <SectionHeading id={headingId} title={block.heading} intro={block.intro} />
      <ul className={clsx("grid gap-6", cardGridClass(block.items.length))}>
        {block.items.map((card, index) => (
          <li key={card.title}>
            <Reveal index={index} className="h-full">
              <InfoCardView card={card} />
            </Reveal>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function InfoCardView({ card }: { card: InfoCard }) {
  return (
    <div className="flex h-full flex-col rounded-xl border border-border bg-white p-6 shadow-sm">
      {card.icon && (
        <span className="mb-4 grid size-11 place-items-center rounded-lg bg-brand-50 text-brand-700">
          <Icon name={card.icon} className="size-6" aria-hidden="true" />
        </span>
      )}
      <h3 className="text-lg leading-tight font-semibold">{card.title}</h3>
      <p className="mt-2 text-sm text-muted-foreground">{card.description}</p>
      {card.bullets && card.bullets.length > 0 && (
        <CheckList items={card.bullets} className="mt-4 space-y-1.5 text-sm" />
      )}
      {/* Pushed to the bottom so requirements line up across a row of cards. */}
      {card.note && (
        <div className="mt-auto pt-5">
          <RequirementNote text={card.note} />
        </div>
      )}
    </div>
  );
}

/**
 * Proof of ownership and authorization are legal preconditions, not fine print: they are
 * shown in a callout a customer cannot miss before calling. Amber-900 on amber-50 keeps
 * the text well above AA contrast.
 */
function RequirementNote({ text }: { text: string }) {
  return (
    <p className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm font-medium text-amber-900">
      <Icon
        name="shield-check"
        className="mt-0.5 size-4 shrink-0 text-amber-700"
        aria-hidden="true"
      />
      <span>{text}</span>
    </p>
  );
}

/**
 * A numbered process. The ordered list carries the order for assistive technology; the
 * numbered discs and the connecting line (vertical on phones, horizontal on desktop) are
 * decoration.
 */
export function StepsBlock({ block, tone }: BlockProps<"steps">) {
  const headingId = useId();
  const last = block.items.length - 1;
  return (
    <Section tone={tone} aria-labelledby={headingId}>
      <SectionHeading id={headingId} title={block.heading} intro={block.intro} />
      <ol className="mx-auto grid max-w-md gap-8 lg:max-w-none lg:grid-cols-4 lg:gap-6">
        {block.items.map((step, index) => (
          <li key={step.title} className="relative">
            {index < last && (
              // Runs from below this disc to the next one (gap-8 on phones, gap-6 on desktop).
              <span
                aria-hidden="true"
                className="absolute top-14 -bottom-6 left-[23px] w-0.5 rounded bg-brand-200 lg:top-6 lg:right-[calc(-50%+0.5rem)] lg:bottom-auto lg:left-[calc(50%+2rem)] lg:h-0.5 lg:w-auto"
              />
            )}
            <Reveal index={index} className="flex gap-4 lg:flex-col lg:items-center lg:text-center">
              <span
                aria-hidden="true"
                className="grid size-12 shrink-0 place-items-center rounded-full bg-brand-700 text-lg font-bold text-white shadow-sm"
              >
                {index + 1}
              </span>
              <div className="pt-2 lg:pt-0">
                <h3 className="text-lg leading-tight font-semibold">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-2 text-sm text-muted-foreground">{step.description}</p>
              </div>
            </Reveal>
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** Names longer than this are situations, not brands, and read better as a checklist. */
const CHIP_MAX_LENGTH = 24;

/** Brands and makes as chips; longer items (when to rekey) as a checklist grid. */
export function ListBlock({ block, tone }: BlockProps<"list">) {
  const headingId = useId();
  const asChips = block.items.every((item) => item.length <= CHIP_MAX_LENGTH);
  return (
    <Section tone={tone} aria-labelledby={headingId}>
      <SectionHeading id={headingId} title={block.heading} intro={block.intro} />
      {asChips ? (
        <ul className="mx-auto flex max-w-3xl flex-wrap justify-center gap-2 sm:gap-3">
          {block.items.map((item) => (
            <li
              key={item}
              className="rounded-full border border-border bg-white px-4 py-2 text-sm font-semibold text-brand-800 shadow-xs sm:px-5 sm:text-base"
            >
              {item}
            </li>
          ))}
        </ul>
      ) : (
        <ul className="mx-auto grid max-w-5xl gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {block.items.map((item, index) => (
            <li key={item}>
              <Reveal
                index={index}
                className="flex h-full items-start gap-3 rounded-xl border border-border bg-white p-4 shadow-xs"
              >
                <span className="grid size-6 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
                  <Icon name="check" className="size-4" aria-hidden="true" />
                </span>
                <span className="font-medium">{item}</span>
              </Reveal>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function FaqBlock({ block, tone }: BlockProps<"faq">) {
  const headingId = useId();
  return (
    <Section tone={tone} aria-labelledby={headingId}>
      <SectionHeading id={headingId} title={block.heading} />
      <FaqAccordion items={block.items} />
    </Section>
  );
}

/** Renders any block; adding a kind to ServiceBlock fails to compile until handled here. */
export function ServiceBlockView({ block, tone }: { block: ServiceBlock; tone: BlockTone }) {
  switch (block.kind) {
    case "stats":
      return <StatsBlock block={block} tone={tone} />;
    case "cards":
      return <CardsBlock block={block} tone={tone} />;
    case "steps":
      return <StepsBlock block={block} tone={tone} />;
    case "list":
      return <ListBlock block={block} tone={tone} />;
    case "faq":
      return <FaqBlock block={block} tone={tone} />;
    default:
      return assertNever(block);
  }
}

/** Everything on a service page below the hero: the blocks, then the closing call to action. */
export function ServiceSections({
  blocks,
  closing,
}: Pick<ServiceDetailContent, "blocks" | "closing">) {
  return (
    <>
      {blocks.map((block, index) => {
        // The band after the dark hero starts white; tones then alternate for rhythm.
        const tone: BlockTone = index % 2 === 0 ? "white" : "muted";
        return <ServiceBlockView key={`${block.kind}-${index}`} block={block} tone={tone} />;
      })}
      <ClosingCta heading={closing.heading} text={closing.text} ctas={closing.ctas} />
    </>
  );
}

function assertNever(value: never): never {
  throw new Error(`Unhandled service block: ${JSON.stringify(value)}`);
}
