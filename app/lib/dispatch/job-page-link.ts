/** Where a locksmith's job page lives, for a token (the link in the dispatch text). */
export function jobPagePath(token: string): string {
  return `/j/${token}`;
}

/** The customer's page (/t/:token): their job, the quote to approve, the receipt. */
export function customerPagePath(token: string): string {
  return `/t/${token}`;
}
