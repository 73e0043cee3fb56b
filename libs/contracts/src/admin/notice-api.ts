// What admin's notice channel answers (/basic/pressRelease, /basic/notices/inbox) and pushes:
// press releases to console users (read receipts) and to drivers (0x8300, delivery receipts).
// Types and browser-safe constants only.

/** 0 normal, 1 important, 2 urgent: the bell's colour and the order of the inbox. */
export const NOTICE_LEVELS = [0, 1, 2] as const;
export type NoticeLevel = (typeof NOTICE_LEVELS)[number];

/**
 * Who a press release reaches: every user of the publisher's company and the companies below it,
 * the users of chosen companies (each visible to the publisher), of chosen roles, or chosen users.
 */
export const NOTICE_AUDIENCES = ['company', 'companies', 'roles', 'users'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];

/** Longest title and body (the body also goes to terminals, where 0x8300 carries up to 1,024 GBK bytes: longer bodies are cut there). */
export const NOTICE_TITLE_MAX = 100;
export const NOTICE_BODY_MAX = 4000;
/** Most ids one audience or one driver send names. */
export const NOTICE_TARGETS_MAX = 2000;

/** A press release as the publisher lists it (pressRelease). */
export interface PressReleaseView {
  id: number;
  companyId: number;
  title: string;
  content: string;
  level: NoticeLevel;
  audience: NoticeAudience;
  /** Company, role or user ids of the audience (empty for `company`). */
  audienceIds: number[];
  /** 0 draft, 1 published, 2 withdrawn. */
  status: number;
  /** When users see it: set at publish (a future time schedules it). */
  publishedAt: number | null;
  /** After this it leaves the inbox (null: never). */
  expiresAt: number | null;
  author: string;
  updatedAt: number;
  /** Users it was published to, and how many have read it. */
  targeted: number;
  read: number;
}

/** One targeted user of a published press release: read or not, and when. */
export interface NoticeReceiptView {
  userId: number;
  account: string;
  name: string;
  companyId: number;
  readAt: number | null;
}

/** One vehicle a press release was sent to as a 0x8300 text, with its terminal's answer. */
export interface NoticeDeliveryView {
  vehicleId: string;
  plateCode: string;
  /** Instruction status 0-7 (spec §4): 1 the terminal answered 0x0001 success, 3 refused, 4 no answer, 5 queued, 7 sent. */
  status: number;
  errorCode: number;
  sentAt: number;
  answeredAt: number | null;
}

/** Receipts of one press release (GET /basic/pressRelease/:id/receipts). */
export interface PressReleaseReceipts {
  targeted: number;
  read: number;
  unread: number;
  users: NoticeReceiptView[];
  vehicles: NoticeDeliveryView[];
}

/** A notice in the signed-in user's inbox (the header's bell). */
export interface InboxNotice {
  id: number;
  title: string;
  content: string;
  level: NoticeLevel;
  publishedAt: number;
  expiresAt: number | null;
  author: string;
  readAt: number | null;
}

/** GET /basic/notices/inbox: the newest notices of the user (at most 50) and the unread count. */
export interface NoticeInbox {
  unread: number;
  notices: InboxNotice[];
}

/** The hub's `notice` event: a press release published to this user (title only; the inbox has the rest). */
export interface NoticePush {
  noticeId: number;
  title: string;
  level: NoticeLevel;
  publishedAt: number;
}
