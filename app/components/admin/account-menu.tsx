import { LogOut, Settings, User } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { ACCOUNT_TRIGGER_CLASS } from "./account-trigger";

/** The account menu, loaded when its button is first pressed (admin-header.tsx): open at once. */
export default function AccountMenu({
  name,
  email,
  onSignOut,
  children,
}: {
  name: string;
  email: string;
  onSignOut: () => void;
  children: ReactNode;
}) {
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger className={ACCOUNT_TRIGGER_CLASS}>{children}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <span className="block font-medium">{name}</span>
          <span className="block text-xs text-muted-foreground">{email}</span>
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
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut aria-hidden="true" />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
