/*
 * What the phone says (issue 50). Illinois needs every party's consent to record a
 * conversation (720 ILCS 5/14-2): the announcement is said before every <Record> and every
 * recorded <Dial>, to the caller, and whispered to whoever picks up.
 */
export const VOICE = {
  recorded: "Calls are recorded. Staying on the line means you agree to the recording.",
  whisper: "A call for the business. Calls are recorded.",
  nightMenu: (business: string) =>
    `Thank you for calling ${business}. If you are locked out now, press 1. Otherwise, stay on the line.`,
  voicemail:
    "Sorry we missed you. After the tone, leave your name, your address and what you need, and we will call you back.",
  noMessage: "We did not get a message. We will text you a link to request a locksmith. Goodbye.",
  thanks: "Thank you. We will call you back soon. Goodbye.",
  jobClosed: "This job is closed, call the office.",
  bridging: "Connecting you to your customer.",
  bridgingToLocksmith: "Connecting you to your locksmith.",
  customerJobClosed: "No locksmith is on your job right now. Please call us. Goodbye.",
} as const;
