import { lazy, Suspense, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { ACCOUNT_TRIGGER_CLASS } from "./account-trigger";
import { SidebarTrigger } from "~/components/ui/sidebar";
import { displayName, initialsFromEmail } from "~/lib/auth/user-display";
import { useLiveConnection } from "./live-connection";

interface AdminHeaderProps {
  user: { name: string; email: string; role: string };
  /** New requests waiting: a dot on the menu button where Leads' badge sits in a closed drawer. */
  waiting: number;
}

export function AdminHeader({ user, waiting }: AdminHeaderProps) {
  const signOut = useFetcher();
  const name = displayName(user);
  return (
    <header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b border-border bg-white/95 px-3 backdrop-blur sm:px-4 print:hidden">
      <span className="relative">
        <SidebarTrigger />
        {waiting > 0 && (
          // The count itself is in the tab title and on Leads inside the drawer.
          <span
            aria-hidden="true"
            data-testid="waiting-dot"
            className="pointer-events-none absolute top-1 right-1 size-2.5 rounded-full bg-red-600 ring-2 ring-white md:hidden"
          />
        )}
      </span>
      <LiveStatus />
      <div>
        <AccountMenuButton
          name={name}
          email={user.email}
          onSignOut={() => signOut.submit(null, { method: "post", action: "/auth/sign-out" })}
        >
          <Avatar initials={initialsFromEmail(user.email)} />
          <span className="sr-only">Account menu for </span>
          <span className="sr-only sm:not-sr-only sm:block sm:text-sm sm:leading-tight">
            <span className="block font-medium">{name}</span>
            <span className="hidden text-xs text-muted-foreground sm:block">{user.email}</span>
          </span>
        </AccountMenuButton>
      </div>
    </header>
  );
}

/** "Live" while this page hears the server's changes; the only part of the header that moves with it. */
function LiveStatus() {
  const live = useLiveConnection() === "live";
  return (
    <p
      className="ml-auto flex items-center gap-1.5 text-xs text-muted-foreground"
      aria-live="polite"
    >
      <span
        aria-hidden="true"
        className={
          live
            ? "size-2 rounded-full bg-green-600"
            : "size-2 rounded-full bg-amber-500 noscript:bg-gray-400"
        }
      />
      <span className="noscript:hidden">{live ? "Live" : "Connecting..."}</span>
      {/* Without scripts nothing will connect: the page is as it was loaded. */}
      <span className="hidden noscript:inline">Not live: JavaScript is off</span>
    </p>
  );
}

const loadAccountMenu = () => import("./account-menu");
const AccountMenu = lazy(loadAccountMenu);

/**
 * The account menu's button. The menu (Radix's dropdown, its popper and focus handling) loads
 * when the button is first pressed, opening at once when it arrives: the first load of every
 * back-office screen carries none of it (decision 0040).
 */
function AccountMenuButton({
  children,
  ...menu
}: {
  name: string;
  email: string;
  onSignOut: () => void;
  children: ReactNode;
}) {
  const [wanted, setWanted] = useState(false);
  // Before hydration (or without JavaScript) a link to the profile, where the menu's
  // Profile, Settings and Log out all are (decision 0058); once hydrated, the menu.
  const plain = (
    <a
      href="/admin/profile"
      role="button"
      aria-haspopup="menu"
      aria-expanded={wanted}
      className={ACCOUNT_TRIGGER_CLASS}
      onPointerDown={() => void loadAccountMenu()}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey) return;
        event.preventDefault();
        setWanted(true);
      }}
      onKeyDown={(event) => {
        if (event.key !== " ") return;
        event.preventDefault();
        setWanted(true);
      }}
    >
      {children}
    </a>
  );
  if (!wanted) return plain;
  return (
    <Suspense fallback={plain}>
      <AccountMenu {...menu}>{children}</AccountMenu>
    </Suspense>
  );
}
