/**
 * What the vehicle-service's operation part answers the console: a vehicle's operating relation
 * (/index/directVehicle, 直营/挂靠/租赁), its platform service term (/index/manageService, 服务期与服务费)
 * and its special business cases (/index/specialBusiness, 报停/复运/过户/注销/转籍). Types and
 * browser-safe constants only; dates are China dates "YYYY-MM-DD", money in yuan.
 */

/** The URL segment of each resource: `/vehicleService/<resource>`. */
export type OperationResource = 'operatingRelation' | 'serviceTerm' | 'specialBusiness';

/** The menu screen of each resource: its action codes are `<screen>:add|modify|delete|search|import|export`. */
export const OPERATION_SCREENS: Readonly<Record<OperationResource, string>> = {
  operatingRelation: 'directVehicle',
  serviceTerm: 'manageService',
  specialBusiness: 'specialBusiness',
};

/** Operating relation: 1 直营 owned by the company, 2 挂靠 affiliated (owned by a private party), 3 租赁 leased. */
export const OPERATING_RELATIONS = [1, 2, 3] as const;
export type OperatingRelationType = (typeof OPERATING_RELATIONS)[number];

/** Days before the end of a contract or service term from which it counts as expiring. */
export const OPERATION_EXPIRING_DAYS = 30;

/** A contract or service term on the caller's day: none (no end date), not yet started, in force, ending within 30 days, over. */
export type TermState = 'none' | 'upcoming' | 'active' | 'expiring' | 'expired';
export const TERM_STATES: readonly TermState[] = ['none', 'upcoming', 'active', 'expiring', 'expired'];

/** Columns every operation row has. */
export interface OperationRowBase {
  id: number;
  vehicleId: string;
  plateCode: string;
  companyId: string;
  remark: string;
  createdBy: string;
  /** Epoch ms. */
  createdAt: number;
  updatedAt: number;
}

/** One vehicle's operating relation (one per vehicle). */
export interface OperatingRelation extends OperationRowBase {
  relationType: OperatingRelationType;
  /** The owner (直营: the company itself), the affiliated owner (挂靠) or the lessor/lessee (租赁). */
  partyName: string;
  partyPhone: string;
  partyIdNo: string;
  contractNo: string;
  contractStart: string | null;
  contractEnd: string | null;
  /** Affiliation or lease fee, yuan per year. */
  fee: number;
  state: TermState;
  /** Days left to the contract end (negative once over); null without an end. */
  daysLeft: number | null;
}

/** One vehicle's platform service term (one per vehicle; renewals extend it and are kept). */
export interface ServiceTerm extends OperationRowBase {
  packageName: string;
  startDate: string;
  endDate: string;
  /** Service fee of the current term, yuan. */
  fee: number;
  paid: boolean;
  renewalCount: number;
  state: TermState;
  daysLeft: number;
}

/** One renewal of a service term (history). */
export interface ServiceRenewal {
  id: number;
  termId: number;
  vehicleId: string;
  packageName: string;
  previousEnd: string;
  newEnd: string;
  fee: number;
  paid: boolean;
  remark: string;
  createdBy: string;
  createdAt: number;
}

/** The counts the service page shows above its list, in the caller's scope. */
export interface ServiceTermCounts {
  total: number;
  expiring: number;
  expired: number;
  unpaid: number;
}

/** Special business: 1 报停 suspension, 2 复运 resumption, 3 过户 ownership transfer, 4 注销 deregistration, 5 转籍 transfer of registration. */
export const SPECIAL_BUSINESS_TYPES = [1, 2, 3, 4, 5] as const;
export type SpecialBusinessType = (typeof SPECIAL_BUSINESS_TYPES)[number];

/** Approval: 0 申请 pending, 1 审核通过 approved, 2 驳回 rejected. */
export const SPECIAL_BUSINESS_STATUSES = [0, 1, 2] as const;
export type SpecialBusinessStatus = (typeof SPECIAL_BUSINESS_STATUSES)[number];

/** A vehicle's use state as approved special business leaves it: 1 in operation, 2 suspended (报停), 3 deregistered (注销), 4 transferred out (转籍). */
export const VEHICLE_USE_STATES = [1, 2, 3, 4] as const;
export type VehicleUseState = (typeof VEHICLE_USE_STATES)[number];

export interface SpecialBusiness extends OperationRowBase {
  businessType: SpecialBusinessType;
  applicant: string;
  applicantPhone: string;
  reason: string;
  applyDate: string;
  /** The day it takes effect (报停 from, 复运 from, 过户 transfer day ...). */
  effectiveDate: string;
  /** 报停: the planned last day of the suspension. */
  endDate: string | null;
  /** 过户/转籍: the new owner or the new registration place. */
  newOwner: string;
  status: SpecialBusinessStatus;
  reviewedBy: string;
  reviewComment: string;
  /** Epoch ms; 0 while pending. */
  reviewedAt: number;
  /** The vehicle's use state now (after every approved case). */
  useState: VehicleUseState;
}

/** Answer of `POST /vehicleService/<resource>/import`: rows saved, and each refused row (Excel row number) with its reasons in the requester's language. */
export interface OperationImportResult {
  imported: number;
  failed: { row: number; reasons: string[] }[];
}
