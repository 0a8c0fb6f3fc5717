import type { CallStatus, DispatchCodeStatus, JobStatus, LocksmithStatus } from "./business-enums";

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  in_progress: "In Progress",
  completed: "Completed",
  cancelled: "Cancelled",
};

export const DISPATCH_CODE_STATUS_LABELS: Record<DispatchCodeStatus, string> = {
  new: "New",
  assigned: "Assigned",
  used: "Used",
  expired: "Expired",
};

export const CALL_STATUS_LABELS: Record<CallStatus, string> = {
  answered: "Answered",
  missed: "Missed",
  busy: "Busy",
  failed: "Failed",
};

export const LOCKSMITH_STATUS_LABELS: Record<LocksmithStatus, string> = {
  active: "Active",
  inactive: "Inactive",
};
