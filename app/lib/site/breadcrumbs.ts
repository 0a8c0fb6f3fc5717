export interface Crumb {
  label: string;
  path: string;
}

/**
 * The trail for a path, Home first; null when the path has one segment or none
 * (breadcrumbs show "only when the path has more than one segment", docs/spec/public-site.md §2).
 */
export function breadcrumbTrail(
  pathname: string,
  labelFor: (segment: string, index: number) => string | undefined,
): Crumb[] | null {
  const segments = pathname.split("/").filter(Boolean);
  if (segments.length < 2) return null;
  return [
    { label: "Home", path: "/" },
    ...segments.map((segment, index) => ({
      label: labelFor(segment, index) ?? titleCase(decodeSegment(segment)),
      path: `/${segments.slice(0, index + 1).join("/")}`,
    })),
  ];
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function titleCase(segment: string): string {
  return segment
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}
