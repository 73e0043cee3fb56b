import type { OfflinePolicy } from './order-types';

/**
 * What the instruction service answers the console (/gps/sendOrder, /gps/terminalParams,
 * /gps/remoteControl): types only, browser-safe (`@openfleet/contracts/instruction`).
 */

/** One page of a list. */
export interface Paged<T> {
  records: T[];
  total: number;
}

/** A photo or upload an order produced (detail only). */
export interface OrderMediaItem {
  id: number;
  mediaId: number;
  mediaType: number;
  format: number;
  channel: number;
  size: number;
  receivedAt: number;
  url: string;
}

/** An instruction order as the instruction service answers it (spec §3 order, §4 status 0-7). */
export interface InstructionOrder {
  id: number;
  batchId: string;
  vehicleId: string;
  terminalPhone: string;
  plateCode: string;
  commandType: string;
  msgId: string;
  params: Record<string, unknown>;
  status: number;
  errorCode: number;
  offlinePolicy: OfflinePolicy;
  replyMsgId: string;
  replyResult: number | null;
  replyBody: Record<string, unknown> | null;
  operatorId: string;
  createdAt: number;
  sentAt: number;
  replyAt: number;
  /** Detail only: photos and uploads the order produced. */
  media?: OrderMediaItem[];
}

/** What a send answered for one vehicle. */
export interface SendOutcome {
  vehicleId: string;
  plateCode: string;
  orderId: string | null;
  status: number;
  errorCode: number;
}

/** One parameter of a terminal's last 0x0104 answer. */
export interface TerminalParameterRow {
  id: number;
  idHex: string;
  name: string;
  type: string;
  /** An object for the structured JT/T 1078 parameters (type struct). */
  value: number | string | Record<string, unknown> | null;
}

/** gps/terminalParams/:vehicleId */
export interface TerminalParameters {
  vehicleId: string;
  plateCode: string;
  parametersAt: number;
  attributes: Record<string, unknown> | null;
  attributesAt: number;
  parameters: TerminalParameterRow[];
}

/** One line of the remote-control log. */
export interface RemoteLogRow {
  id: number;
  vehicleId: string;
  plateCode: string;
  operation: string;
  detail: string;
  orderId: number | null;
  result: number;
  errorCode: number;
  operatorId: string;
  createdAt: number;
}

/** gps/sendOrder/pendingCount */
export interface PendingOrderCount {
  count: number;
  time: number;
}
