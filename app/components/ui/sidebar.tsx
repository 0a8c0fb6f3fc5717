import { PanelLeft } from "lucide-react";
import * as React from "react";
import {
  MOBILE_BREAKPOINT,
  SIDEBAR_KEYBOARD_SHORTCUT,
  sidebarCookie,
} from "~/lib/admin/sidebar-state";
import { useLocation } from "react-router";
import { cn } from "~/lib/utils";
import { Button } from "./button";
import { lazyDialog } from "./lazy-dialog";

/*
 * The drawer (a Radix dialog) loads when first opened, and the collapsed icons' tooltips are
 * a few lines of our own: a phone's first load carries neither Radix's dialog nor its
 * tooltip and popper (decision 0040).
 */
const SidebarSheet = lazyDialog(() => import("./sheet").then((module) => module.SidebarSheet));

interface SidebarContextValue {
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  toggle: () => void;
}

const SidebarContext = React.createContext<SidebarContextValue | null>(null);

/**
 * Where the items are: in the desktop sidebar (labels shown when it is expanded) or in the
 * phone's drawer (labels always; choosing a link closes it). Given by the container, not by a
 * media query read in React: the server cannot know the screen's width, and a value that
 * changed after hydration re-rendered the whole sidebar in one blocking task (decision 0040).
 */
interface SidebarPlace {
  expanded: boolean;
  onChoose?: () => void;
}

const SidebarPlaceContext = React.createContext<SidebarPlace>({ expanded: true });

export function useSidebar(): SidebarContextValue {
  const context = React.useContext(SidebarContext);
  if (!context) throw new Error("useSidebar must be used inside SidebarProvider.");
  return context;
}

/** Read when it matters (a toggle), so rendering never depends on the screen's width. */
const isPhoneWidth = () => window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT - 1}px)`).matches;

/**
 * Holds the sidebar's state: collapsed/expanded on desktop (remembered in a cookie for
 * 7 days, read by the server so the first paint is right), an off-canvas drawer under
 * 768 px, and Ctrl/Cmd+B to toggle.
 */
export function SidebarProvider({
  defaultOpen,
  children,
}: {
  defaultOpen: boolean;
  children: React.ReactNode;
}) {
  const [open, setOpenState] = React.useState(defaultOpen);
  const [openMobile, setOpenMobile] = React.useState(false);

  const setOpen = React.useCallback((value: boolean) => {
    setOpenState(value);
    document.cookie = sidebarCookie(value);
  }, []);

  const toggle = React.useCallback(() => {
    if (isPhoneWidth()) setOpenMobile((value) => !value);
    else setOpen(!open);
  }, [open, setOpen]);

  React.useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT &&
        (event.metaKey || event.ctrlKey)
      ) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);

  const value = React.useMemo(
    () => ({ open, setOpen, openMobile, setOpenMobile, toggle }),
    [open, setOpen, openMobile, toggle],
  );

  return (
    <SidebarContext.Provider value={value}>
      <div
        data-sidebar-state={open ? "expanded" : "collapsed"}
        className="group/sidebar flex min-h-dvh w-full bg-slate-50"
      >
        {children}
      </div>
    </SidebarContext.Provider>
  );
}

/** The page's address with the phone's menu open (`?open=nav`), and without it. */
function useMenuAddress() {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const opened = params.get("open") === "nav";
  params.set("open", "nav");
  const openHref = `${pathname}?${params}`;
  params.delete("open");
  const rest = params.toString();
  return { opened, openHref, closeHref: rest ? `${pathname}?${rest}` : pathname };
}

export function Sidebar({ label, children }: { label: string; children: React.ReactNode }) {
  const { open, openMobile, setOpenMobile } = useSidebar();
  // Opened at its address (a tap before hydration, or without JavaScript): the sidebar itself
  // is shown over the page on a phone, with a link that closes it (decision 0058).
  const menu = useMenuAddress();
  const inDrawer = React.useMemo(
    () => ({ expanded: true, onChoose: () => setOpenMobile(false) }),
    [setOpenMobile],
  );
  const inSidebar = React.useMemo(() => ({ expanded: open }), [open]);
  const inDrawerPage = React.useMemo(() => ({ expanded: true }), []);
  return (
    <>
      <SidebarSheet open={openMobile} onOpenChange={setOpenMobile} label={label}>
        <SidebarPlaceContext.Provider value={inDrawer}>{children}</SidebarPlaceContext.Provider>
      </SidebarSheet>
      {/* Desktop: a spacer keeps the content beside the fixed sidebar. */}
      <div
        aria-hidden="true"
        className={cn(
          // Printed pages (a statement) are the content alone.
          "hidden shrink-0 transition-[width] duration-200 motion-reduce:transition-none md:block print:hidden",
          open ? "w-(--sidebar-width)" : "w-(--sidebar-width-icon)",
        )}
      />
      <nav
        aria-label={label}
        data-collapsed={!open}
        className={cn(
          "fixed inset-y-0 left-0 z-30 hidden flex-col border-r border-border bg-white transition-[width] duration-200 motion-reduce:transition-none md:flex print:hidden",
          open ? "w-(--sidebar-width)" : "w-(--sidebar-width-icon)",
          menu.opened && "max-md:z-50 max-md:flex max-md:w-(--sidebar-width)",
        )}
      >
        <SidebarPlaceContext.Provider value={menu.opened ? inDrawerPage : inSidebar}>
          {children}
        </SidebarPlaceContext.Provider>
      </nav>
      {menu.opened && (
        <a
          href={menu.closeHref}
          className="fixed inset-0 z-40 bg-black/50 md:hidden print:hidden"
          aria-label="Close the menu"
        />
      )}
    </>
  );
}

/**
 * The menu button: on a phone it opens the drawer, on a wider screen it collapses the
 * sidebar. Two buttons, one shown per width by CSS, so each says truly whether what it
 * controls is expanded without the page reading the screen's width while it renders.
 */
export function SidebarTrigger({ className }: { className?: string }) {
  const { toggle, open, openMobile } = useSidebar();
  const menu = useMenuAddress();
  // A link to the page with the menu open, so a tap before hydration is not lost; once
  // hydrated, a click toggles in place.
  const button = (expanded: boolean, shownAt: string) => (
    <Button
      asChild
      variant="ghost"
      size="icon"
      className={cn("size-9", shownAt, className)}
      aria-label="Toggle sidebar"
      aria-expanded={expanded}
      title="Toggle sidebar (Ctrl+B)"
    >
      <a
        href={menu.opened ? menu.closeHref : menu.openHref}
        role="button"
        onClick={(event) => {
          if (menu.opened || event.button !== 0 || event.metaKey || event.ctrlKey) return;
          event.preventDefault();
          toggle();
        }}
        onKeyDown={(event) => {
          if (event.key !== " ") return;
          event.preventDefault();
          toggle();
        }}
      >
        <PanelLeft aria-hidden="true" />
      </a>
    </Button>
  );
  return (
    <>
      {button(openMobile, "md:hidden")}
      {button(open, "max-md:hidden")}
    </>
  );
}

export function SidebarGroup({ label, children }: { label: string; children: React.ReactNode }) {
  const { expanded } = React.useContext(SidebarPlaceContext);
  return (
    <div className="px-2 py-2">
      <h2
        className={cn(
          "px-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase",
          !expanded && "sr-only",
        )}
      >
        {label}
      </h2>
      <ul className="grid gap-0.5">{children}</ul>
    </div>
  );
}

/**
 * One entry: icon and label when expanded; the icon alone with a tooltip when collapsed
 * (the label stays for screen readers).
 */
export function SidebarItem({
  icon: Icon,
  label,
  badge,
  children,
}: {
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  label: string;
  /** A count that needs someone (new requests on Leads): shown beside the label, or as a dot. */
  badge?: { count: number; description: string };
  /** Renders the link; receives the class names and content to use. */
  children: (props: { className: string; content: React.ReactNode }) => React.ReactElement;
}) {
  const { expanded, onChoose } = React.useContext(SidebarPlaceContext);
  const link = children({
    className: cn(
      "flex h-9 items-center gap-3 rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-muted hover:text-foreground aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800",
      !expanded && "justify-center px-0",
    ),
    content: (
      <>
        {badge && badge.count > 0 && !expanded ? (
          <span className="relative">
            <Icon className="size-4 shrink-0" aria-hidden={true} />
            <span
              className="absolute -top-1 -right-1 size-2 rounded-full bg-red-600"
              aria-hidden="true"
            />
          </span>
        ) : (
          <Icon className="size-4 shrink-0" aria-hidden={true} />
        )}
        <span className={cn("truncate", !expanded && "sr-only")}>
          {label}
          {badge && badge.count > 0 && <span className="sr-only">({badge.description})</span>}
        </span>
        {badge && badge.count > 0 && (
          <span
            className={cn(
              "ml-auto rounded-full bg-red-600 px-1.5 text-xs leading-5 font-semibold text-white tabular-nums",
              !expanded && "sr-only",
            )}
            aria-hidden="true"
          >
            {badge.count}
          </span>
        )}
      </>
    ),
  });
  const item = onChoose ? <span onClickCapture={onChoose}>{link}</span> : link;
  if (expanded) return <li>{item}</li>;
  return (
    <IconTooltip text={badge && badge.count > 0 ? `${label}: ${badge.description}` : label}>
      {item}
    </IconTooltip>
  );
}

/**
 * The name of a collapsed sidebar icon, beside it while the pointer is on it or it has the
 * keyboard's focus; Escape hides it (WCAG 1.4.13). Fixed to the viewport, so the sidebar's
 * scrolling list does not clip it. The link keeps its own name: this is for the eye.
 */
function IconTooltip({ text, children }: { text: string; children: React.ReactNode }) {
  const [at, setAt] = React.useState<{ top: number; left: number }>();
  const show = (event: React.SyntheticEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setAt({ top: box.top + box.height / 2, left: box.right + 6 });
  };
  const hide = () => setAt(undefined);
  return (
    <li
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(event) => event.key === "Escape" && hide()}
    >
      {children}
      {at && (
        <span
          role="tooltip"
          style={{ top: at.top, left: at.left }}
          className="pointer-events-none fixed z-50 -translate-y-1/2 rounded-md bg-brand-950 px-2.5 py-1.5 text-xs font-medium whitespace-nowrap text-white shadow-md"
        >
          {text}
        </span>
      )}
    </li>
  );
}
