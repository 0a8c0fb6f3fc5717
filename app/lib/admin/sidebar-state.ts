/**
 * The sidebar's constants (docs/spec/back-office.md §2 Admin guard and layout, §9): a cookie kept 7
 * days.
 */
export const SIDEBAR_COOKIE = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7; // 7 days
// Widths (16rem, 18rem on mobile, 3rem collapsed) live in app.css as --sidebar-width*.
export const SIDEBAR_KEYBOARD_SHORTCUT = "b";
export const MOBILE_BREAKPOINT = 768;

/** Open unless the cookie says it was collapsed. */
export function sidebarOpenFromCookie(cookieHeader: string | null): boolean {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${SIDEBAR_COOKIE}=(true|false)`));
  return match ? match[1] === "true" : true;
}

export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}
