import {
  Briefcase,
  ChartColumn,
  ClipboardList,
  HandCoins,
  KeyRound,
  LayoutDashboard,
  MessageSquare,
  PhoneCall,
  Scale,
  Settings,
  Star,
  Users,
} from "lucide-react";
import { useEffect, type ReactNode } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  NavLink,
  Outlet,
  useLocation,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import { Button } from "~/components/ui/button";
import { reportBrowserError, startBrowserErrorTracking } from "~/components/admin/error-tracking";
import { toast } from "~/components/ui/toast";
import { AdminHeader } from "~/components/admin/admin-header";
import { AdminToaster } from "~/components/admin/admin-toaster";
import { OfflineNotice } from "~/components/admin/offline-notice";
import { keepPageWhenOffline } from "~/components/admin/offline-status";
import { FlashNotice } from "~/components/admin/flash-notice";
import { useFlashToast } from "~/components/admin/use-flash-toast";
import { unlockAlertSoundOnFirstTouch } from "~/components/admin/alert-sound";
import { useLiveUpdates } from "~/components/admin/use-live-updates";
import { useSpeedReport } from "~/components/admin/use-speed-report";
import { useWaitingRequests } from "~/components/admin/use-waiting-requests";
import { registerOfficeServiceWorkerWhenIdle } from "~/components/admin/service-worker";
import { Sidebar, SidebarGroup, SidebarItem, SidebarProvider } from "~/components/ui/sidebar";
import { Spinner } from "~/components/ui/spinner";
import { isPhoneRequest } from "~/lib/admin/phone-request";
import { revalidateAfterPosts } from "~/lib/revalidate-after-posts";
import { sidebarOpenFromCookie } from "~/lib/admin/sidebar-state";
import { inOperatorLane } from "~/server/auth/password.server";
import { requireApprovedUser, userContext } from "~/server/auth/session.server";
import { requireTwoFactorIfAsked } from "~/server/auth/two-factor-gate.server";
import { countWaitingRequests } from "~/server/leads/leads.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { readToast } from "~/server/route-helpers/toast.server";
import { errorTrackingDsn } from "~/server/error-tracking.server";
import { liveMarkContext } from "~/server/live/live-mark.server";
import { ADMIN_ERRORS } from "~/lib/ui-text";
import type { Route } from "./+types/layout";

/**
 * Every /admin loader and action runs after this check, on the server. (A failure while the
 * database is away answers 503: root.tsx's middleware.)
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    // First, before anything is read: a change from here on makes the page's mark stale.
    context.set(liveMarkContext, context.get(servicesContext).changes.mark());
    const user = await requireApprovedUser(request, context);
    await requireTwoFactorIfAsked(request, context, user);
    context.set(userContext, user);
    // A signed-in operator's hashing (a new password, two-factor, confirming who they are)
    // is not left to the lowest priority, where a busy machine starves it.
    const response = await inOperatorLane(next);
    response.headers.set("X-Robots-Tag", "noindex, nofollow");
    response.headers.set("Cache-Control", "private, no-store");
    return response;
  },
];

/**
 * In the browser: a reload of the page that fails for want of a connection keeps the page
 * on screen with "Offline — retrying" rather than the error page (offline-status.ts).
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [keepPageWhenOffline];

/**
 * After any submission, even a refused one (4xx, when React Router would skip reloading),
 * the layout reads the toast cookie again: an action's error toast must show at once.
 */
export const shouldRevalidate = revalidateAfterPosts;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const { database } = context.get(servicesContext);
  const [{ toast: flash, headers }, waiting] = await Promise.all([
    readToast(request),
    countWaitingRequests(database.db),
  ]);
  return data(
    {
      user: { name: user.name, email: user.email, role: user.role },
      waiting,
      sidebarOpen: sidebarOpenFromCookie(request.headers.get("Cookie")),
      // A phone is sent its lists as cards alone (data-list.tsx).
      phone: isPhoneRequest(request.headers),
      toast: flash,
      // The browser reports its errors too when the server does (SENTRY_DSN; null when off).
      errorTracking: errorTrackingDsn(),
      liveMark: context.get(liveMarkContext),
    },
    { headers },
  );
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

/** The back office installs as an app of its own (a phone's home screen, the desktop). */
export const links: Route.LinksFunction = () => [{ rel: "manifest", href: "/admin.webmanifest" }];

const MANAGEMENT = [
  { to: "/admin", label: "Dashboard", icon: LayoutDashboard, end: true },
  { to: "/admin/locksmiths", label: "Locksmiths", icon: Users },
  { to: "/admin/leads", label: "Leads", icon: ClipboardList },
  { to: "/admin/dispatch-codes", label: "Dispatch Codes", icon: KeyRound },
  { to: "/admin/jobs", label: "Jobs", icon: Briefcase },
  { to: "/admin/call-logs", label: "Call Logs", icon: PhoneCall },
  { to: "/admin/payouts", label: "Payouts", icon: HandCoins },
  { to: "/admin/reconciliation", label: "Reconciliation", icon: Scale },
  { to: "/admin/reports", label: "Reports", icon: ChartColumn },
] as const;

const SYSTEM = [
  { to: "/admin/reviews", label: "Reviews", icon: Star },
  { to: "/admin/messages", label: "Messages", icon: MessageSquare },
  { to: "/admin/settings", label: "Settings", icon: Settings },
] as const;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // A spinner while the next admin page is being checked and loaded ("While the session
  // loads, a spinner is shown", docs/spec/back-office.md §2 Admin guard and layout).
  const loading =
    navigation.state === "loading" && navigation.location.pathname.startsWith("/admin");
  useFlashToast(loaderData.toast);
  const { waiting, leadsChanged } = useWaitingRequests(loaderData.waiting);
  useLiveUpdates({ onLeadsChanged: leadsChanged, mark: loaderData.liveMark });
  useEffect(() => registerOfficeServiceWorkerWhenIdle(), []);
  useEffect(() => unlockAlertSoundOnFirstTouch(), []);
  useEffect(() => {
    void startBrowserErrorTracking(loaderData.errorTracking);
  }, [loaderData.errorTracking]);
  useSpeedReport();
  // Opening a lead answers its "New web request" toast.
  const { pathname } = useLocation();
  useEffect(() => {
    const opened = /^\/admin\/leads\/([^/]+)$/.exec(pathname)?.[1];
    if (opened) toast.dismiss(`lead-${opened}`);
  }, [pathname]);
  return (
    <AdminFrame
      user={loaderData.user}
      waiting={waiting}
      sidebarOpen={loaderData.sidebarOpen}
      busy={loading}
    >
      {loading && (
        <div className="absolute inset-x-0 top-0 z-10 flex justify-center pt-6">
          <span className="rounded-full bg-white px-3 py-2 shadow">
            <Spinner label="Loading page" />
          </span>
        </div>
      )}
      <FlashNotice toast={loaderData.toast} />
      <Outlet />
    </AdminFrame>
  );
}

/**
 * A screen that failed (its loader, or its rendering) is said in words inside the back
 * office: the sidebar and header stay, so the operator can go elsewhere or try again. The
 * layout's own data is there unless the layout's loader is what failed; then the root's
 * boundary, outside the shell, says it.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const shell = useRouteLoaderData<typeof loader>("routes/admin/layout");
  const { pathname, search } = useLocation();
  useEffect(() => reportBrowserError(shell?.errorTracking, error), [shell?.errorTracking, error]);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const said = notFound ? ADMIN_ERRORS.notFound : ADMIN_ERRORS.failed;
  const panel = (
    <div role="alert" className="mx-auto max-w-lg py-16 text-center">
      {/* The failed screen's own title is not there: the tab says what is (React hoists it). */}
      <title>{`${said.title} | Admin`}</title>
      <h1 className="text-2xl font-bold">{said.title}</h1>
      <p className="mt-2 text-muted-foreground">{said.body}</p>
      <Button asChild className="mt-6">
        {/* The same address, loaded anew as a document: the screen's data and its code
            (a stale or broken chunk after a deploy) both, with or without JavaScript. */}
        <Link to={`${pathname}${search}`} replace reloadDocument>
          {ADMIN_ERRORS.retry}
        </Link>
      </Button>
    </div>
  );
  if (!shell) return <main id="main">{panel}</main>;
  return (
    <AdminFrame
      user={shell.user}
      waiting={shell.waiting}
      sidebarOpen={shell.sidebarOpen}
      busy={false}
    >
      {panel}
    </AdminFrame>
  );
}

/** The sidebar, header and main area every back-office screen sits in. */
function AdminFrame({
  user,
  waiting,
  sidebarOpen,
  busy,
  children,
}: {
  user: Route.ComponentProps["loaderData"]["user"];
  waiting: number;
  sidebarOpen: boolean;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <SidebarProvider defaultOpen={sidebarOpen}>
      <Sidebar label="Admin">
        <div className="flex h-14 items-center gap-2 border-b border-border px-3 pr-12 md:pr-3">
          <span className="grid size-7 shrink-0 place-items-center rounded-md bg-accent-400 text-brand-950">
            <KeyRound className="size-4" aria-hidden="true" />
          </span>
          <span className="truncate text-sm font-bold group-data-[sidebar-state=collapsed]/sidebar:md:sr-only">
            Lockline Admin
          </span>
        </div>
        <div className="flex-1 overflow-y-auto">
          <SidebarGroup label="Management">
            {MANAGEMENT.map((item) => (
              <SidebarItem
                key={item.to}
                icon={item.icon}
                label={item.label}
                badge={
                  item.to === "/admin/leads"
                    ? {
                        count: waiting,
                        description: `${waiting} new ${waiting === 1 ? "request" : "requests"} waiting`,
                      }
                    : undefined
                }
              >
                {({ className, content }) => (
                  <NavLink
                    to={item.to}
                    end={"end" in item ? item.end : false}
                    className={className}
                  >
                    {content}
                  </NavLink>
                )}
              </SidebarItem>
            ))}
          </SidebarGroup>
          <SidebarGroup label="System">
            {SYSTEM.map((item) => (
              <SidebarItem key={item.to} icon={item.icon} label={item.label}>
                {({ className, content }) => (
                  <NavLink to={item.to} className={className}>
                    {content}
                  </NavLink>
                )}
              </SidebarItem>
            ))}
          </SidebarGroup>
        </div>
      </Sidebar>
      <div className="flex min-w-0 flex-1 flex-col">
        <AdminHeader user={user} waiting={waiting} />
        <OfflineNotice />
        {/* sm:pb-32: the last row scrolls above the toasts (admin-toaster.tsx). */}
        <main
          id="main"
          className="@container relative flex-1 p-4 sm:p-6 sm:pb-32 print:p-0"
          aria-busy={busy}
        >
          {children}
        </main>
      </div>
      <AdminToaster />
    </SidebarProvider>
  );
}
