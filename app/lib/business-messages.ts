/**
 * The spec's exact texts for the back-office sections (section 8): every failure is a
 * destructive toast titled 'Error' with one of these messages; successes are as listed.
 */
export const ERROR_TITLE = "Error";

export const BUSINESS_ERRORS = {
  loadDashboard: "Failed to load dashboard statistics",
  loadLocksmiths: "Failed to load locksmiths",
  saveLocksmith: "Failed to save locksmith",
  updateLocksmithStatus: "Failed to update locksmith status",
  loadLeads: "Failed to load leads",
  saveLead: "Failed to save lead",
  assignLead: "Failed to assign lead",
  updateLeadStatus: "Failed to update lead status",
  loadJobs: "Failed to load jobs",
  updateJobStatus: "Failed to update job status",
  loadDispatchCodes: "Failed to load dispatch codes",
  createDispatchCode: "Failed to create dispatch code",
  updateCodeStatus: "Failed to update code status",
  loadCallLogs: "Failed to load call logs",
} as const;

export const BUSINESS_SUCCESS = {
  locksmithAdded: "Locksmith added successfully",
  locksmithUpdated: "Locksmith updated successfully",
  locksmithActivated: "Locksmith activated",
  locksmithDeactivated: "Locksmith deactivated",
  leadAdded: "Lead added successfully",
  leadAssigned: "Lead assigned successfully",
  leadStatusUpdated: "Lead status updated",
  jobStatusUpdated: "Job status updated",
  dispatchCodeCreated: "Dispatch code created successfully",
  codeStatusUpdated: "Code status updated",
  codeCopiedTitle: "Copied",
  codeCopied: "Dispatch code copied to clipboard",
} as const;
