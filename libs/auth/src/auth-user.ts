/** The caller as the access token describes it (attached to the request by {@link AuthGuard}). */
export interface AuthUser {
  /** User id. */
  id: string;
  companyId: string;
  userType: number;
  roleIds: string[];
  superAdmin: boolean;
  /**
   * Granted roots: the user sees vehicles under these companies and fleets (and their descendants),
   * plus the single vehicles in `vehicles` (vgPower's per-vehicle grants; absent: none).
   */
  scope: { companies: string[]; fleets: string[]; vehicles?: string[] };
  /** Session (refresh-token family) id, when the issuer sets one. */
  sessionId?: string;
  /**
   * Action codes the token itself grants, beside its roles': only service tokens carry them (the
   * open API's token for an app key, docs/open-api.md); a login never does.
   */
  actions?: string[];
}

/** Claims of an access token, in their compact wire names. */
export interface AccessTokenClaims {
  sub: string;
  cid: string;
  utype: number;
  rids: string[];
  sa: boolean;
  scope: { c: string[]; f: string[]; v?: string[] };
  sid?: string;
  act?: string[];
}

/**
 * Most single vehicles a user may be granted. Every grant rides in the access token, which travels
 * in the Authorization header: 1,000 ids keep it well under Node's 16 KB request-header limit.
 */
export const MAX_VEHICLE_GRANTS = 1000;
