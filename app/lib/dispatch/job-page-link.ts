/** Where a locksmith's job page lives, for a token (the link in the dispatch text). */
export function jobPagePath(token: string): string {
  return `/j/${token}`;
}
