// What admin's feedback channel answers (/basic/feedback): users (and drivers through the app)
// submit, the platform owner's operators reply and close. Types and browser-safe constants only.

/** 1 问题 (problem), 2 建议 (suggestion), 3 投诉 (complaint). */
export const FEEDBACK_TYPES = [1, 2, 3] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

/** 0 open, 1 replied, 2 closed. */
export const FEEDBACK_STATUSES = [0, 1, 2] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

export const FEEDBACK_CONTENT_MAX = 2000;
export const FEEDBACK_CONTACT_MAX = 64;
export const FEEDBACK_REPLY_MAX = 2000;
/** Spec §9: a picture upload is at most 2 MB. */
export const FEEDBACK_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export interface FeedbackView {
  id: number;
  companyId: number;
  userId: number;
  account: string;
  /** 'console' or 'app'. */
  source: string;
  type: FeedbackType;
  content: string;
  contact: string;
  hasImage: boolean;
  status: FeedbackStatus;
  reply: string | null;
  repliedBy: string;
  repliedAt: number | null;
  /** The submitter has not yet seen the latest reply. */
  replyUnread: boolean;
  createdAt: number;
}

/** GET /basic/feedback/mine: the caller's own feedback, newest first, and how many replies are unread. */
export interface MyFeedback {
  unread: number;
  records: FeedbackView[];
}
