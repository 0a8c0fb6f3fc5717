/** What an operator's device shows; `url` opens when they tap it (the service worker). */
export interface PushNotice {
  title: string;
  body: string;
  url: string;
  /** Notices with one tag replace each other on the device (one per lead, say). */
  tag: string;
}
