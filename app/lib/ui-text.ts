/*
 * Every message the back office shows a user, in one place: the spec's exact texts
 * (docs/spec/back-office.md §8: failures are destructive toasts titled 'Error'), ours where the
 * spec is silent, the forms' field errors and the business rules' refusals. Routes, models, schemas
 * and components all read them from here, so a text is changed once. The few that every
 * hydrated page loads (MONEY, REQUEST) are in ui-text-shell.ts: the rest stays out of a
 * page's first load (decision 0040); so are the two Profile's forms show (ui-text-profile.ts).
 */
import { PASSWORD_HINT, TWO_FACTOR_REQUIRED } from "./ui-text-profile";

export const ERROR_TITLE = "Error";

/** A post with no form we know (a stale page, a forged request): says so instead of a bare 400. */
export const UNREADABLE_FORM = "This form could not be read. Reload the page and try again.";

/**
 * Failure toasts ('Error' + one of these): the catalogue of docs/spec/back-office.md §8 first, then
 * ours.
 */
export const FAILURE = {
  loadDashboard: "Failed to load dashboard statistics",
  loadLocksmiths: "Failed to load locksmiths",
  saveLocksmith: "Failed to save locksmith",
  updateLocksmithStatus: "Failed to update locksmith status",
  loadLeads: "Failed to load leads",
  saveLead: "Failed to save lead",
  disputeLsaLead: "Failed to report the lead to Google",
  assignLead: "Failed to assign lead",
  updateLeadStatus: "Failed to update lead status",
  confirmQuote: "Failed to confirm the quote",
  rejectQuote: "Failed to reject the quote",
  loadJobs: "Failed to load jobs",
  updateJobStatus: "Failed to update job status",
  loadDispatchCodes: "Failed to load dispatch codes",
  createDispatchCode: "Failed to create dispatch code",
  updateCodeStatus: "Failed to update code status",
  loadCallLogs: "Failed to load call logs",
  // Not in docs/spec/back-office.md §8 (it does not show these screens or actions).
  createJob: "Failed to create job",
  dispatchLead: "Failed to dispatch the lead",
  reassignLead: "Failed to reassign the lead",
  reopenLead: "Failed to reopen the lead",
  addNote: "Failed to add the note",
  makeLead: "Failed to make a lead from the call",
  savePricing: "Failed to save pricing",
  refundPayment: "Failed to refund the payment",
  keepPayment: "Failed to keep the payment",
  openGuaranteeCallback: "Failed to open the guarantee call-back",
  savePaymentPlan: "Failed to save the payment plan",
  recordInstalment: "Failed to record the instalment",
  loadReviews: "Failed to load reviews",
  saveReview: "Failed to save review",
  updateReview: "Failed to update review",
  updateTeam: "Failed to update the team",
  updateSetting: "Failed to save the setting",
  updateProfile: "Failed to update your profile",
  changePassword: "Failed to change the password",
  twoFactor: "Failed to change two-factor sign-in",
  resetTwoFactor: "Failed to reset two-factor sign-in",
  twoFactorRequirement: "Failed to change the two-factor requirement",
  liftLockout: "Failed to lift the lockout",
  makeResetLink: "Failed to make a reset link",
  confirmIdentity: "Failed to confirm it's you",
  resetPassword: "Failed to reset the password",
  endSession: "Failed to end the session",
  loadMessages: "Failed to load messages",
  recordPayout: "Failed to record the payout",
  undoPayout: "Failed to undo the payout",
  resendMessage: "Failed to resend the text",
  dropMessage: "Failed to drop the text",
  retryBackgroundWork: "Failed to retry the background work",
  dropBackgroundWork: "Failed to drop the background work",
  saveBackgroundWorkSettings: "Failed to save how long finished work is kept",
  saveTextSettings: "Failed to save the text settings",
  saveConsent: "Failed to save the customer's answer",
  savePrices: "Failed to save the prices",
  saveAfterHours: "Failed to save the after-hours rate",
  saveNeedsClosing: "Failed to save when a job needs closing",
  saveSources: "Failed to save the sources",
  loadReports: "Failed to load the reports",
  saveReviewSettings: "Failed to save the review settings",
  saveReceiptSettings: "Failed to save the receipt settings",
  savePhoneSettings: "Failed to save the phone settings",
  savePushDevice: "Failed to turn on notifications for this device",
  removePushDevice: "Failed to remove the device",
  testPush: "Failed to send the test notification",
  saveNightWatch: "Failed to save the night watch settings",
  saveDoorCheckSettings: "Failed to save the door check settings",
  recordPhoneCheck: "Failed to record the door check",
  recordPhoneRefusal: "Failed to record the refusal",
} as const;

/** Success toasts: the texts of docs/spec/back-office.md §8 first, then ours. */
export const SUCCESS = {
  locksmithAdded: "Locksmith added successfully",
  locksmithUpdated: "Locksmith updated successfully",
  locksmithActivated: "Locksmith activated",
  locksmithDeactivated: "Locksmith deactivated",
  leadAdded: "Lead added successfully",
  leadAssigned: "Lead assigned successfully",
  leadStatusUpdated: "Lead status updated",
  quoteConfirmed: "Quote confirmed: it went to the customer",
  quoteRejected: "Quote rejected: the locksmith sees why",
  jobStatusUpdated: "Job status updated",
  dispatchCodeCreated: "Dispatch code created successfully",
  codeStatusUpdated: "Code status updated",
  codeCopiedTitle: "Copied",
  codeCopied: "Dispatch code copied to clipboard",
  signedOut: "Signed out successfully",
  signedOutDetail: "You have been logged out of the admin dashboard.",
  signedInTitle: "Welcome back!",
  signedIn: "You have been signed in successfully",
  // Not in docs/spec/back-office.md §8.
  jobCreated: "Job created",
  leadSaved: "Lead saved",
  leadDispatched: "Locksmith dispatched",
  leadReassigned: "Lead reassigned",
  leadReopened: "Lead reopened",
  noteAdded: "Note added",
  pricingSaved: "Pricing saved",
  priceWaitsForCustomer: "New price waits for the customer",
  refundMade: "Refund made",
  paymentKept: "Payment kept",
  guaranteeCallbackOpened: "Guarantee call-back opened",
  paymentPlanSaved: "Payment plan saved",
  instalmentRecorded: "Instalment recorded as paid",
  reviewAdded: "Review added successfully",
  reviewUpdated: "Review updated successfully",
  reviewPublished: "Review published",
  reviewUnpublished: "Review unpublished",
  reviewDeleted: "Review deleted",
  messageResent: "Text queued again",
  payoutRecorded: "Payout recorded",
  payoutUndone: "Payout undone",
  messageDropped: "Text dropped",
  backgroundWorkRetried: "Retrying now",
  backgroundWorkDropped: "Dropped",
  backgroundWorkSettingsSaved: "Saved how long finished work is kept",
  textSettingsSaved: "Text settings saved",
  consentSaved: "Text consent saved",
  pricesSaved: "Prices saved",
  afterHoursSaved: "After-hours rate saved",
  needsClosingSaved: "Needs closing saved",
  sourcesSaved: "Sources saved",
  lsaConnected: "Google Local Services connected: the first pull runs now",
  lsaDisconnected: "Google Local Services disconnected",
  lsaDisputed: "Sent to Google as not a real lead",
  reviewSettingsSaved: "Review settings saved",
  receiptSettingsSaved: "Receipt settings saved",
  phoneSettingsSaved: "Phone settings saved",
  nightWatchSaved: "Night watch settings saved",
  doorCheckSettingsSaved: "Door check settings saved",
  phoneCheckRecorded: "Door check recorded",
  phoneRefusalRecorded: "Refusal recorded",
} as const;

/** The sign-in page's texts (docs/spec/back-office.md §2 Auth page, §4 and §8). */
export const AUTH = {
  signInFailedTitle: "Sign In Failed",
  signUpFailedTitle: "Sign Up Failed",
  signOutFailedTitle: "Error signing out",
  signOutFailed: "Please try again.",
  passwordHint: PASSWORD_HINT,
  passwordTooShort: "Password must be at least 8 characters long",
  passwordTooWeak:
    "Password must contain at least one uppercase letter, one lowercase letter, and one number",
  passwordTooLong: "Password must be at most 128 characters long",
  passwordTooCommon: "This password is too common. Choose another.",
  nameTooLong: "Name is too long",
  emailTooLong: "Email is too long",
  codeInvalid:
    "That code is not right, or it was used already. Wait for the next code in your app and try again.",
  recoveryCodeInvalid: "That recovery code is not right, or it was used already.",
  codeFormat: "Enter the 6-digit code from your authenticator app",
  recoveryCodeFormat: "Enter one of your recovery codes",
  anyCodeFormat: "Enter a code from your authenticator app, or a recovery code",
  challengeExpired: "That sign-in took too long. Enter your email and password again.",
  challengeTooManyCodes:
    "Too many wrong codes for this sign-in. Enter your email and password again.",
  accountLocked: "Too many failed sign-ins. Wait 15 minutes, then sign in again.",
  signInFlood: (seconds: number) =>
    `Too many failed sign-ins from many places at once. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
  noTrustedDevices: "Every sign-in asks for a code: this server does not remember devices.",
  twoFactorRequired: TWO_FACTOR_REQUIRED,
  // Sign-up answers alike for a new and a taken email (decision 0030).
  signUpReceivedTitle: "Thanks for signing up",
  signUpReceived:
    "If this email is new here, your account now waits for an owner's approval: sign in to check on it. If you already have an account, sign in, or reset your password.",
  // "Forgot password?": the same answer whether or not the account exists.
  resetLinkSent:
    "If an account uses that email, a link to choose a new password is on its way. It works once, within 1 hour.",
  resetAskOwner:
    "Ask an owner of the business for a reset link: they can make one in Settings → Team.",
  passwordResetTitle: "Password changed",
  passwordReset: "Sign in with your new password. Every other session of this account has ended.",
  confirmFirstTitle: "Confirm it's you",
  confirmFirst:
    "Changes to passwords, two-factor sign-in and roles need your password (or a code) from the last 10 minutes.",
  confirmedTitle: "Confirmed",
  confirmed: "For the next 10 minutes you can change passwords, two-factor sign-in and roles.",
} as const;

/** Field errors of the back office's forms. */
export const FIELD = {
  nameRequired: "Name is required",
  phoneRequired: "Phone is required",
  phoneInvalid: "Enter a 10-digit phone number",
  emailRequired: "Email is required",
  emailInvalid: "Enter a valid email address",
  passwordRequired: "Password is required",
  repeatPassword: "Repeat the new password",
  passwordsDiffer: "The passwords do not match",
  cutPercent: "Enter a whole number from 0 to 100",
  zipInvalid: "ZIP codes must be 5 digits",
  zipTooMany: "List at most 100 ZIP codes",
  licenseCharacters: "Use only letters, digits, dots and dashes",
  licenseDate: "Enter the day it expires, e.g. 2027-02-28",
  licenseTooLate: "Choose a day within the next 10 years",
  licenseTooEarly: "Choose a day from 2000 on",
  complianceKind: "Choose insurance, bond or background check",
  checkedOnDate: "Enter the day it was done, e.g. 2026-03-14",
  checkedOnFuture: "Choose a day that has passed",
  amountPositive: "Enter an amount above $0",
  complianceFileType: "Choose a PDF, JPEG or PNG file",
  complianceFileTooLarge: "Choose a file of at most 10 MB",
  serviceType: "Choose a service type",
  jobType: "Choose a job type",
  clientNameRequired: "Client name is required",
  codeRequired: "Code is required",
  codeCharacters: "Use only letters A-Z and digits 0-9",
  chooseLead: "Choose a lead from the list",
  chooseLocksmith: "Choose a locksmith from the list",
  chooseStatus: "Choose a status",
  confirmCancel:
    "Cancelling texts the customer that nobody is coming: tick “Yes, cancel it” to confirm.",
  missingId: "This record could not be identified; reload the page",
  reassignReason: "Say why the job moves: the lead's timeline keeps it.",
  reopenReason: "Say why the lead is reopened: the timeline keeps it.",
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
} as const;

/** The Record payout form's fields. */
export const PAYOUT_FIELD = {
  paidOn: {
    required: "Choose the day it was paid",
    tooLate: "Choose a day up to today: a payout is recorded once it is paid",
    tooEarly: "Choose a day from 2000 on",
  },
} as const;

/** A business rule's refusal: shown next to its field, or in the 'Error' toast. */
export const RULE = {
  pushServiceRefused:
    "This browser's push service is not one we send to. Try Chrome, Edge, Firefox or Safari.",
  pushKeysRefused:
    "This browser's notification keys cannot be used. Turn notifications off and on again in this browser.",
  codeTaken: "This code is already in use; generate another one",
  locksmithInactive: "That locksmith is inactive: activate them first.",
  lastOwner: "The last owner cannot be demoted or removed.",
  accountGone: "That account no longer exists.",
  notPending: "That account is not waiting for approval.",
  leadGone: "Lead not found",
  jobGone: "Job not found",
  locksmithGone: "Locksmith not found",
  codeGone: "Dispatch code not found",
  reviewGone: "This review was deleted.",
  wrongPassword: "The current password is not correct",
  tooManyAttempts: "Too many attempts. Wait a minute and try again.",
  currentSession: "Use Log out to end this session.",
  resetLinkGone:
    "This reset link is not valid any more: it was used, replaced by a newer one, or it expired.",
  twoFactorYourselfFirst:
    "Turn on two-factor sign-in for yourself first (in Profile), then require it for everyone.",
  twoFactorAlreadyOn: "Two-factor sign-in is on already: reload the page.",
  twoFactorOwnInProfile: "Turn off your own two-factor sign-in in Profile, with a code.",
  leadHasOpenJob: "This lead already has an open job: finish or cancel that one first.",
  jobLinkGone: "This job link is not valid any more.",
  leadClosed:
    "This lead is closed: reopen it first (with a reason), then send someone. Reopening texts nobody.",
  leadHeld: (holder: string) => `${holder}: use Reassign to send someone else.`,
  dispatchChangedMeanwhile:
    "Someone changed who has this lead meanwhile: look at it again, then reassign if you still need to.",
  reassignToSomeoneElse: "They have this job already: choose someone else.",
  leadNotClosed: "This lead is open already: nothing to reopen.",
  reopenFirst: "This lead is closed: use Reopen (with a reason) to work it again.",
  jobLinkStageChanged: "This job changed since the page was opened: here it is as it is now.",
  reviewCustomersOwn:
    "This review came from the customer's own link: its stars and words stay as they wrote them.",
  reviewStaysOnRecord:
    "A review from a job stays on record (the rating counts it): unpublish it instead, with its reason.",
  payoutGone: "Payout not found, or already undone",
  jobsSettledMeanwhile:
    "Some of these jobs were paid meanwhile (another payout settled them): reload to see what is still owed.",
  jobSettled: "This job is settled by a payout: undo the payout first to change it.",
  reviewLinkGone: "This review link is not valid any more.",
  reviewHideNeedsReason:
    "A review from a job is taken off the website only for a listed policy reason: choose one.",
  reviewFromOurJob:
    "This review came from one of our jobs' links, so it is about a job of ours: choose the reason that applies.",
  reviewNotEarly: (at: string) =>
    `A review from a job goes live by itself on ${at}, whatever its rating: none goes early.`,
  reviewNoConsent:
    "The customer did not agree to show this review on the website: it can stay on record, not be published.",
  messageGone: "Message not found",
  backgroundWorkGone: "This background work is not there any more.",
  backgroundWorkNotDead: "This work is no longer failed: it was retried or dropped already.",
  customerOptedOut: "The customer replied STOP: nothing more is sent to them.",
  messageNotRetryable: "This text is no longer waiting: it was sent, resent or dropped already.",
  textingNotConfigured:
    "Texting is not configured: set the Twilio account and a sender number, or send it from your phone.",
} as const;

/** A back-office screen that failed: said inside the shell (routes/admin/layout.tsx). */
export const ADMIN_ERRORS = {
  failed: {
    title: "This page could not be shown",
    body: "Something went wrong on our side while loading it. The rest of the back office works: try again, or go to another page.",
  },
  notFound: {
    title: "Page not found",
    body: "The link may be wrong, or what it pointed to was deleted.",
  },
  retry: "Try again",
} as const;
