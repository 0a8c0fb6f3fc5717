import type * as React from "react";
// A file, never a data: URL (<use> does not follow those): one cached request per visit.
import sprite from "./icons.svg?no-inline";

/** The symbols of icons.svg: Lucide icons, by their Lucide names. */
export type IconName =
  | "archive"
  | "arrow-right"
  | "award"
  | "badge-check"
  | "badge-dollar-sign"
  | "bluetooth"
  | "building-complex"
  | "calendar-clock"
  | "car"
  | "check"
  | "circle-check"
  | "circle-exclamation-point"
  | "chevron-down"
  | "chevron-right"
  | "clipboard-check"
  | "clock"
  | "cloud-rain"
  | "cog"
  | "combine"
  | "copy"
  | "cpu"
  | "credit-card"
  | "dollar-sign"
  | "door-open"
  | "factory"
  | "file-lock"
  | "fingerprint-pattern"
  | "flame"
  | "gauge"
  | "grid-3x3"
  | "hash"
  | "heart-handshake"
  | "hospital"
  | "house"
  | "key"
  | "key-round"
  | "key-square"
  | "lock"
  | "lock-keyhole"
  | "lock-keyhole-open"
  | "lock-open"
  | "mail"
  | "mailbox"
  | "map"
  | "map-pin"
  | "menu"
  | "message-square"
  | "navigation"
  | "network"
  | "phone"
  | "radio"
  | "receipt-text"
  | "scan-line"
  | "search"
  | "send"
  | "shield-check"
  | "siren"
  | "smartphone"
  | "star"
  | "store"
  | "timer"
  | "users"
  | "vault"
  | "warehouse"
  | "wifi"
  | "wrench"
  | "x";

interface IconProps extends React.SVGProps<SVGSVGElement> {
  name: IconName;
}

/**
 * A Lucide icon drawn from the sprite (icons.svg). The public pages show a hundred icons;
 * as <use> references they cost no JavaScript each, and two elements instead of a whole
 * path list. Same look as lucide-react: 24px grid, 2px round stroke in the text colour.
 * Decorative by default: give `aria-hidden="true"`, or `role="img"` and an `aria-label`.
 */
export function Icon({ name, ...props }: IconProps) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
