/** The caller as the access token describes it (attached to the request by {@link AuthGuard}). */
export interface AuthUser {
  /** User id. */
  id: string;
  companyId: string;
  userType: number;
  roleIds: string[];
  superAdmin: boolean;
  /** Granted roots: the user sees vehicles under these companies and fleets (and their descendants). */
  scope: { companies: string[]; fleets: string[] };
  /** Session (refresh-token family) id, when the issuer sets one. */
  sessionId?: string;
}

/** Claims of an access token, in their compact wire names. */
export interface AccessTokenClaims {
  sub: string;
  cid: string;
  utype: number;
  rids: string[];
  sa: boolean;
  scope: { c: string[]; f: string[] };
  sid?: string;
}
