import { SetMetadata, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthUser } from './auth-user';

// `@Public()` is declared in service-kit (its /health and /metrics need it) and re-exported here.
export { IS_PUBLIC, Public } from '@openfleet/service-kit';
export const REQUIRED_ACTIONS = 'openfleet:auth:actions';
export const ANY_OF_ACTIONS = 'openfleet:auth:any-actions';
export const ALLOW_REVOKED_SESSION = 'openfleet:auth:allow-revoked-session';

/**
 * A token of a revoked session still passes (signature and expiry are checked): only for the endpoint
 * that reports the session's state itself (`verifySessionStatus` answers 402, as the spec says).
 */
export const AllowRevokedSession = () => SetMetadata(ALLOW_REVOKED_SESSION, true);

/** The caller's roles must grant every listed action code (`<screen>:<action>`, e.g. `carList:add`). */
export const RequiresAction = (...actionCodes: string[]) => SetMetadata(REQUIRED_ACTIONS, actionCodes);

/**
 * The caller's roles must grant at least one of the codes: an endpoint several screens call lists
 * each screen's code (`findLatestPositions` serves multiCar, singleCar and historyTrack).
 */
export const RequiresAnyAction = (...actionCodes: string[]) => SetMetadata(ANY_OF_ACTIONS, actionCodes);

/** Injects the authenticated {@link AuthUser}. */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): AuthUser => {
  return context.switchToHttp().getRequest<{ user: AuthUser }>().user;
});
