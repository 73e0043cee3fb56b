/** What the industry service's waybill module answers the console: types only, browser-safe. */

/**
 * Where a dispatcher's waybill stands, computed from the vehicle's positions: planned (not left the
 * origin yet), onTheWay (left the origin radius: `departedAt` is when), arrived (entered the
 * destination radius: `arrivedAt`). Lateness is the separate `late` flag, so "arrived late" is
 * arrived + late.
 */
export type WaybillStatus = 'planned' | 'onTheWay' | 'arrived';
export const WAYBILL_STATUSES: readonly WaybillStatus[] = ['planned', 'onTheWay', 'arrived'];

/** UN dangerous-goods classes 1-9; 0 is ordinary goods. */
export const DANGEROUS_GOODS_CLASSES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/** A planned place (WGS-84) and the radius that counts as being there. */
export interface WaybillPlace {
  name: string;
  longitude: number;
  latitude: number;
  radiusM: number;
}

/** What a dispatcher writes (POST/PUT /industry/waybill). Times are China time "YYYY-MM-DD HH:mm:ss". */
export interface WaybillInput {
  shipper: string;
  shipperPhone?: string;
  consignee: string;
  consigneePhone?: string;
  goods: string;
  /** Weight in kg, 0 when not given. */
  weightKg?: number;
  /** UN class 1-9, 0 ordinary goods. */
  dangerousClass: number;
  origin: WaybillPlace;
  destination: WaybillPlace;
  via?: WaybillPlace[];
  plannedDepartAt: string;
  plannedArriveAt: string;
  vehicleId: string;
  /** A driver of the master data (basic/driver); the name is kept as it was when assigned. */
  driverId?: string;
  driverName: string;
  remark?: string;
}

/** A waybill as the list shows it. */
export interface WaybillView extends Required<Omit<WaybillInput, 'driverId'>> {
  id: number;
  /** YD + creation time + id, what the terminal text and the export show. */
  waybillNo: string;
  driverId: string;
  plateCode: string;
  companyId: string;
  status: WaybillStatus;
  late: boolean;
  departedAt: string | null;
  arrivedAt: string | null;
  /** Instruction status (0-7, spec §4) of the last text sent to the terminal; null when never sent. */
  sendStatus: number | null;
  sendErrorCode: number;
  sentAt: string | null;
  createdAt: string;
}

/** One electronic waybill a terminal reported (0x0701). */
export interface WaybillUploadView {
  id: number;
  vehicleId: string;
  plateCode: string;
  terminalPhone: string;
  /** The driver whose card was in the terminal at the time (last 0x0702 insertion), "" when none. */
  driverName: string;
  driverLicence: string;
  /** China time of arrival at the platform. */
  receivedAt: string;
  /** Bytes of the content as declared by the terminal. */
  length: number;
  /** The content read as GBK. */
  text: string;
  /** `key:value` pairs found in the text (：or :, separated by ; ， or new lines), in order. */
  fields: { key: string; value: string }[];
  /** The raw content (hex), kept whatever the text says. */
  hex: string;
}

/** Result of POST /industry/waybill/:id/send: the instruction request made (its order follows on instruction.order.v1). */
export interface WaybillSendResult {
  requestId: string;
  text: string;
}
