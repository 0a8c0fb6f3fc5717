/*
 * The customer's latest word wins (issue 27, decision 0027): a repeat request from the phone
 * of an open lead (the web form again, or a call the office types in with Add Lead) that
 * says something new about where to go, what is needed or what is wrong replaces the lead's
 * value; the timeline keeps the old one. Silence is not a correction: a field the repeat
 * leaves empty keeps the lead's value, and a difference of case or spacing is no change.
 * Notes are the exception (issue 46): what a repeat says is added to them, never put in
 * their place — a dispatcher's "called again, cold" must not erase the customer's gate code.
 */

/** The fields a repeat request may correct, in the order the office reads them. */
export const LATEST_WORD_FIELDS = ["address", "zip", "serviceType", "details"] as const;
export type LatestWordField = (typeof LATEST_WORD_FIELDS)[number];

export type LatestWord = Partial<Record<LatestWordField, string | null | undefined>>;
export type LatestWordChanges = Partial<Record<LatestWordField, string>>;

/** The fields whose change sends the locksmith holding the job a text: a new address. */
export const WHERE_FIELDS: readonly LatestWordField[] = ["address", "zip"];

const same = (a: string, b: string) =>
  a.replace(/\s+/g, " ").trim().toLowerCase() === b.replace(/\s+/g, " ").trim().toLowerCase();

/** What the repeat says that the lead does not: each changed field with its new value. */
export function latestWordChanges(
  current: Partial<Record<LatestWordField, string | null>>,
  incoming: LatestWord,
): LatestWordChanges {
  const changes: LatestWordChanges = {};
  for (const field of LATEST_WORD_FIELDS) {
    const said = incoming[field]?.replace(/\s+/g, " ").trim();
    if (!said) continue;
    const now = current[field] ?? "";
    if (field === "details") {
      const notes = addedNotes(now, said);
      if (notes !== undefined) changes.details = notes;
    } else if (!same(now, said)) changes[field] = said;
  }
  return changes;
}

/**
 * The notes once a repeat's are added: unchanged (undefined) when the notes already say it,
 * the repeat's alone when it says all the notes did and more, otherwise both, oldest first.
 */
function addedNotes(now: string, said: string): string | undefined {
  const plain = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();
  if (plain(now).includes(plain(said))) return undefined;
  if (plain(said).includes(plain(now))) return said;
  return `${now.trim()}\n${said}`;
}

/** Whether the changes move the locksmith: a new address or ZIP. */
export function changesWhere(changes: LatestWordChanges): boolean {
  return WHERE_FIELDS.some((field) => field in changes);
}

/** What the office's toast says about a customer's correction. */
export interface CustomerUpdateNews {
  customer: string;
  fields: readonly LatestWordField[];
  /** The lead's address (and ZIP) now, when it changed. */
  address?: string;
  /** The locksmith who holds the job and was texted the change. */
  locksmithTexted?: string;
  /** The locksmith who holds the job when nothing was texted (texts of this kind off). */
  locksmithNotTexted?: string;
}

/** "Address changed for Dana Ruiz", and what follows for the office. */
export function customerUpdateText(news: CustomerUpdateNews): {
  title: string;
  description: string;
} {
  const where = news.fields.includes("address") || news.fields.includes("zip");
  const what = where ? "Address" : news.fields.includes("serviceType") ? "Service" : "Notes";
  const told = news.locksmithTexted
    ? `${news.locksmithTexted} was texted the change.`
    : news.locksmithNotTexted
      ? `${news.locksmithNotTexted} has the job and was not texted: call them.`
      : "Nobody has the job yet.";
  return {
    title: `${what} changed for ${news.customer}`,
    description: [where && news.address ? `Now ${news.address}.` : null, told]
      .filter(Boolean)
      .join(" "),
  };
}

/** Add Lead for a phone with an open lead: what the office is told as that lead opens. */
export function openedInsteadText(
  news: Omit<CustomerUpdateNews, "fields"> & { fields: readonly LatestWordField[] },
): { title: string; description: string } {
  const opened = "Opened it instead of adding a second one.";
  if (news.fields.length === 0) {
    return {
      title: "This caller already has an open lead",
      description: `${opened} Nothing they said was new.`,
    };
  }
  const { title, description } = customerUpdateText(news);
  return {
    title: "This caller already has an open lead",
    description: `${opened} ${title}. ${description}`,
  };
}
