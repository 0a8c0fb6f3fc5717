/**
 * What admin pages can read with useOutletContext(): the admin layout route provides it
 * (a route module does not import another route's module).
 */
export interface AdminOutletContext {
  liveConnected: boolean;
}
