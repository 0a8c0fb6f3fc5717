/** What the dashboard's System Status card reports: checked on the server, drawn in the page. */
export interface SystemStatusReport {
  database:
    | { online: true; engine: string; roundTripMs: number }
    // Why it failed is logged on the server, not shown: it can name hosts and ports.
    | { online: false; engine: string };
  /** This process's LISTEN connection, which feeds every browser's live updates. */
  liveChannel: boolean;
  backup: {
    /**
     * "embedded": this process backs up the PGlite data directory every intervalHours;
     * "off": those backups are switched off (BACKUP_INTERVAL_HOURS=0);
     * "server": PostgreSQL, backed up by its own tools, not by us.
     */
    mode: "embedded" | "off" | "server";
    intervalHours: number;
    /** ISO time; null when no backup was ever recorded. */
    lastAt: string | null;
    /** "3 hours ago", from the server's clock; null with lastAt. */
    ago: string | null;
    /** Automatic backups are on and the last one is older than two intervals. */
    overdue: boolean;
    /** The time could not be read (the database is down). */
    unknown: boolean;
  };
}
