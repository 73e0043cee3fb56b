import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EventBus } from '@openfleet/bus';
import { Topics, type RolePermissions } from '@openfleet/contracts';
import { BusConsumer, consume, EVENT_BUS } from '@openfleet/service-kit';
import type { AuthUser } from './auth-user';

/**
 * Action codes per role, kept in memory from the compacted `admin.role-permissions.v1` topic, so any
 * service can check permissions without calling the admin service. Each process reads the whole topic
 * in its own consumer group.
 */
@Injectable()
export class PermissionCache extends BusConsumer {
  private readonly logger = new Logger(PermissionCache.name);
  private readonly codesByRole = new Map<string, { codes: Set<string>; updatedAt: number }>();

  constructor(@Inject(EVENT_BUS) protected readonly bus: EventBus) {
    super();
  }

  protected consumes() {
    return [consume(Topics.rolePermissions, { group: 'auth-permission-cache', perInstance: true, fromBeginning: true, each: (entry) => this.apply(entry) })];
  }

  /** Applies one snapshot record; an older record never overwrites a newer one. */
  apply(entry: RolePermissions): void {
    const current = this.codesByRole.get(entry.roleId);
    if (current && current.updatedAt > entry.updatedAt) return;
    if (entry.deleted) {
      this.codesByRole.delete(entry.roleId);
      return;
    }
    this.codesByRole.set(entry.roleId, { codes: new Set(entry.actionCodes), updatedAt: entry.updatedAt });
    this.logger.debug(`role ${entry.roleId}: ${entry.actionCodes.length} action codes`);
  }

  /** Every action code the user's roles grant. */
  codesOf(user: AuthUser): Set<string> {
    const codes = new Set<string>();
    for (const roleId of user.roleIds) for (const code of this.codesByRole.get(roleId)?.codes ?? []) codes.add(code);
    return codes;
  }

  /** True when the user may perform every one of `actionCodes` (a super administrator always may). */
  allows(user: AuthUser, actionCodes: readonly string[]): boolean {
    if (user.superAdmin) return true;
    const granted = this.codesOf(user);
    for (const code of user.actions ?? []) granted.add(code);
    return actionCodes.every((code) => granted.has(code));
  }
}
