/** What the lead page shows after a dispatch: the code and the text for the locksmith. */
export interface DispatchResult {
  /** The dispatch code; none when assigned by phone. */
  code: string | null;
  locksmithName: string;
  /** It took the lead from someone else (a reassign), rather than sending the first. */
  reassigned: boolean;
  text: string;
  /** queued: the text goes out by itself; unsent: texting is not set up; off: switched off. */
  textStatus: "queued" | "unsent" | "off" | "phone";
}

/** What happened to the locksmith's text, said above it in the dialog. */
export function dispatchTextNote({ textStatus, locksmithName, code }: DispatchResult): string {
  switch (textStatus) {
    case "phone":
      return `Assigned to ${locksmithName} by phone: nothing was texted to them. Their job page is in this text, if they want it:`;
    case "queued":
      return `Code ${code}. This text is on its way to ${locksmithName}; Messages shows when it is delivered.`;
    case "unsent":
      return `Code ${code}. Not sent — texting is not configured. Copy it and send it to ${locksmithName} from your phone:`;
    case "off":
      return `Code ${code}. Texts to locksmiths are switched off in Settings → Messages. Send this to ${locksmithName}:`;
  }
}
