/**
 * The order of the Leads page's "assign to" select: the active locksmiths are loaded once
 * per request and ordered here per lead, in memory, so a page of 25 leads costs one query
 * instead of 25.
 */

export interface AssignableLocksmith {
  id: string;
  name: string;
  assignedZips: readonly string[];
}

export interface AssignGroups<L extends AssignableLocksmith> {
  /** The lead's 5-digit ZIP, or null when it gave none we can read. */
  zip: string | null;
  /** Locksmiths whose ZIPs include the lead's, by name. */
  covering: L[];
  /** Everyone else, by name. */
  others: L[];
}

/**
 * The first 5-digit ZIP in what the caller said ("60601", "60601-1234", "zip 60601"). The
 * same reading as the leads model's `leadZip`, kept here so the browser can run it too.
 */
export function leadZip(zip: string | null | undefined): string | null {
  return zip?.match(/\b\d{5}\b/)?.[0] ?? null;
}

const byName = new Intl.Collator("en-US", { sensitivity: "base", numeric: true });

/**
 * Sorts the locksmiths once and indexes them by ZIP; the returned function splits them
 * for one lead's ZIP text in O(locksmiths).
 */
export function createAssignOrder<L extends AssignableLocksmith>(
  locksmiths: readonly L[],
): (leadZipText: string | null | undefined) => AssignGroups<L> {
  const sorted = [...locksmiths].sort(
    (a, b) => byName.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const byZip = new Map<string, Set<string>>();
  for (const locksmith of sorted) {
    for (const zip of locksmith.assignedZips) {
      const ids = byZip.get(zip) ?? new Set<string>();
      ids.add(locksmith.id);
      byZip.set(zip, ids);
    }
  }
  return (leadZipText) => {
    const zip = leadZip(leadZipText);
    const ids = zip ? byZip.get(zip) : undefined;
    if (!ids) return { zip, covering: [], others: sorted };
    const covering: L[] = [];
    const others: L[] = [];
    for (const locksmith of sorted) (ids.has(locksmith.id) ? covering : others).push(locksmith);
    return { zip, covering, others };
  };
}
