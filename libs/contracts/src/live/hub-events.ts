/**
 * The api live hub's socket.io contract (services/api/src/live-hub), typed once for the server's
 * `Server<ClientToServerEvents, ServerToClientEvents>` and the console's
 * `Socket<ServerToClientEvents, ClientToServerEvents>`. Types only, plus the event names: browser-safe.
 */
import type { AlarmEvent } from '../events/alarm-event';
import type { CommandResult } from '../events/command-result';
import type { TerminalSessionEvent } from '../events/terminal-session';
import type { FenceEvent } from '../fence/fence-event';
import type { InstructionOrderEvent } from '../instruction/order-types';
import type { ExportTaskEvent } from '../report/export-task';
import type { ReminderEvent } from '../vehicle-service/reminders-api';
import type { NoticePush } from '../admin/notice-api';
import type { LivePosition } from './vehicle-positions';
import type { RescueCaseEvent } from '../alarm/rescue-event';
import type { DashboardFollowRequest, DashboardPayload } from './dashboard';

/** What the alarm service puts in an alarm's `detail` for the browser (plate, the company's push and sound settings). */
export interface AlarmPushDetail {
  plateCode?: string;
  blindArea?: boolean;
  push?: boolean;
  sound?: boolean;
}

/** An alarm as the hub forwards it (alarm.event.v1). */
export type LiveAlarm = Omit<AlarmEvent, 'detail'> & { detail?: AlarmPushDetail & Record<string, unknown> };

/** Events the hub pushes; every one has a producer (the bus topic named beside it). */
export interface ServerToClientEvents {
  /** Coalesced positions (position.v1): at most one batch per client per tick. */
  positions: (batch: LivePosition[]) => void;
  /** alarm.event.v1 */
  alarm: (event: LiveAlarm) => void;
  /** instruction.result.v1, secrets masked */
  commandResult: (event: CommandResult) => void;
  /** instruction.order.v1, secrets masked */
  instructionOrder: (event: InstructionOrderEvent) => void;
  /** fence.event.v1 */
  fenceEvent: (event: FenceEvent) => void;
  /** terminal.session.v1 */
  terminalSession: (event: TerminalSessionEvent) => void;
  /** report.export-task.v1, to the task's owner only */
  exportTask: (event: ExportTaskEvent) => void;
  /** vehicle-service.reminders.v1 (vehicle-service reminders sweep), to the receiving roles of the vehicle's company */
  reminders: (event: ReminderEvent) => void;
  /** The big screen's aggregates of the socket's scope, every DASHBOARD_TICK_MS to sockets that sent `dashboard` {follow: true} (positions, alarms, energy reports, vehicle states). */
  dashboard: (payload: DashboardPayload) => void;
  /** admin.notice-published.v1: a press release published to this user (its title; the inbox has the rest) */
  notice: (event: NoticePush) => void;
  /** alarm.rescue.v1: a collision rescue case opened or moved, to the rooms of the vehicle's company and fleets */
  rescueCase: (event: RescueCaseEvent) => void;
}

/** `subscribe`: follow these vehicles (ids or terminal phones), or the whole scope. */
export type LiveSubscribeRequest = { vehicleIds: string[] } | { scope: true };

/** The hub's acknowledgement of a subscription change (the HTTP envelope's flag and code). */
export interface LiveSubscribeAck {
  flag: boolean;
  errorCode: number;
  data?: { scope: boolean; vehicles: number } | null;
}

/** Messages the console sends. */
export interface ClientToServerEvents {
  subscribe: (request: LiveSubscribeRequest, ack: (answer: LiveSubscribeAck) => void) => void;
  /** Stops every position push to this socket until the next `subscribe`. */
  unsubscribe: (request: Record<string, never>, ack: (answer: LiveSubscribeAck) => void) => void;
  /** Follow (or stop) the big screen's `dashboard` pushes; the first push follows at once. */
  dashboard: (request: DashboardFollowRequest, ack: (answer: LiveSubscribeAck) => void) => void;
}

export type HubEventName = keyof ServerToClientEvents;

/** The payload of one hub event, e.g. `HubPayload<'fenceEvent'>`. */
export type HubPayload<E extends HubEventName> = Parameters<ServerToClientEvents[E]>[0];

/** The event names as values (never write them as bare strings). */
export const HubEvent = {
  positions: 'positions',
  alarm: 'alarm',
  commandResult: 'commandResult',
  instructionOrder: 'instructionOrder',
  fenceEvent: 'fenceEvent',
  terminalSession: 'terminalSession',
  exportTask: 'exportTask',
  reminders: 'reminders',
  dashboard: 'dashboard',
  notice: 'notice',
  rescueCase: 'rescueCase',
} as const satisfies { [E in HubEventName]: E };

export const HubCommand = { subscribe: 'subscribe', unsubscribe: 'unsubscribe', dashboard: 'dashboard' } as const satisfies { [C in keyof ClientToServerEvents]: C };
