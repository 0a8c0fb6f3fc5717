import { LogOut, Settings, User } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { SidebarTrigger } from "~/components/ui/sidebar";
import { displayName, initialsFromEmail } from "~/lib/auth/user-display";

interface AdminHeaderProps {
  user: { name: string; email: string; role: string };
  liveConnected: boolean;
  /** New requests waiting: a dot on the menu button where Leads' badge sits in a closed drawer. */
  waiting: number;
}

export function AdminHeader({ user, liveConnected, waiting }: AdminHeaderProps) {
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
      <p
        className="ml-auto flex items-center gap-1.5 text-xs text-muted-foreground"
        aria-live="polite"
      >
        <span
          aria-hidden="true"
          className={
            liveConnected ? "size-2 rounded-full bg-green-600" : "size-2 rounded-full bg-amber-500"
          }
        />
        {liveConnected ? "Live" : "Connecting..."}
      </p>
      <div>
        <DropdownMenu>
          {/* Named by its own text (the visible name and email start it on a wide screen):
              a label that hides what is shown fails voice control (WCAG 2.5.3). */}
          <DropdownMenuTrigger className="flex items-center gap-2 rounded-lg p-1 pr-2 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring">
            <Avatar initials={initialsFromEmail(user.email)} />
            <span className="sr-only">Account menu for </span>
            <span className="sr-only sm:not-sr-only sm:block sm:text-sm sm:leading-tight">
              <span className="block font-medium">{name}</span>
              <span className="hidden text-xs text-muted-foreground sm:block">{user.email}</span>
            </span>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuLabel>
              <span className="block font-medium">{name}</span>
              <span className="block text-xs text-muted-foreground">{user.email}</span>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuItem asChild>
              <Link to="/admin/profile">
                <User aria-hidden="true" />
                Profile
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/admin/settings">
                <Settings aria-hidden="true" />
                Settings
              </Link>
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem
              onSelect={() => signOut.submit(null, { method: "post", action: "/auth/sign-out" })}
            >
              <LogOut aria-hidden="true" />
              Log out
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </header>
  );
}
