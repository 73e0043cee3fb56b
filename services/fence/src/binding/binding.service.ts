import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { inScope, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import type { EventBus } from '@openfleet/bus';
import { canonicalTerminalPhone, fenceIssueBatchPrefix, InstructionStatus, Topics, type FenceIssueRow, type InstructionOrderEvent } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { BusConsumer, consume, EVENT_BUS, queryWindow } from '@openfleet/service-kit';
import { rowInScope } from '@openfleet/storage';
import { randomUUID } from 'node:crypto';
import { Between, In, type Repository } from 'typeorm';
import { FenceEventRow } from '../evaluation/fence-event.entity';
import { FenceCatalogue } from '../fence/fence-catalogue';
import type { Fence } from '../fence/fence.entity';
import { FenceService } from '../fence/fence.service';
import { FenceBinding, FenceIssue, IssueState } from './fence-binding.entity';
import { AreaSetType, deleteAreaCommand, setAreaCommand, type AreaCommand } from './issue-body';

const REQUEST_PREFIX = 'fence-';

/** One vehicle's issue state as the console shows it (libs/contracts fence-api). */
export type IssueView = FenceIssueRow;


/**
 * Bindings (vehicles and fleets) and the fence on terminals: issuing and deleting go through the
 * instruction service (instruction.request.v1, queued while a vehicle is offline); its order
 * events (instruction.order.v1, batch id = request id) move each vehicle's issue state.
 */
@Injectable()
export class BindingService extends BusConsumer {
  private readonly logger = new Logger(BindingService.name);

  constructor(
    @InjectRepository(FenceBinding, 'fence') private readonly bindings: Repository<FenceBinding>,
    @InjectRepository(FenceIssue, 'fence') private readonly issues: Repository<FenceIssue>,
    @InjectRepository(FenceEventRow, 'fence') private readonly history: Repository<FenceEventRow>,
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    private readonly fences: FenceService,
    private readonly catalogue: FenceCatalogue,
    private readonly registry: VehicleRegistry,
  ) {
    super();
  }

  protected consumes() {
    return [
      consume(Topics.instructionOrder, {
        group: 'fence-issue-orders',
        fromBeginning: false,
        each: async (event) => {
          if (event.batchId.startsWith(REQUEST_PREFIX)) await this.applyOrder(event);
        },
      }),
    ];
  }

  async bind(user: AuthUser, fenceId: number, vehicleIds: string[] = [], fleetIds: string[] = []): Promise<void> {
    await this.fences.editable(user, fenceId);
    for (const vehicleId of vehicleIds) this.vehicleInScope(user, vehicleId);
    for (const fleetId of fleetIds) this.fleetInScope(user, fleetId);
    const now = Date.now();
    const rows = [...vehicleIds.map((id) => ({ targetType: 'vehicle', targetId: id })), ...fleetIds.map((id) => ({ targetType: 'fleet', targetId: id }))].map((row) => this.bindings.create({ fenceId, ...row, createdAt: now }));
    if (rows.length) await this.bindings.upsert(rows, ['fenceId', 'targetType', 'targetId']);
    await this.catalogue.reload();
  }

  async unbind(user: AuthUser, fenceId: number, vehicleIds: string[] = [], fleetIds: string[] = []): Promise<void> {
    await this.fences.editable(user, fenceId);
    if (vehicleIds.length) await this.bindings.delete({ fenceId, targetType: 'vehicle', targetId: In(vehicleIds) });
    if (fleetIds.length) await this.bindings.delete({ fenceId, targetType: 'fleet', targetId: In(fleetIds) });
    await this.catalogue.reload();
  }

  /** Vehicles bound to the fence (directly or through a fleet) that the caller may see. */
  boundVehicles(user: AuthUser, fenceId: number): string[] {
    return [...this.registry.all()].filter((vehicle) => inScope(user, vehicle) && this.catalogue.isBound(vehicle.vehicleId, fenceId)).map((vehicle) => vehicle.vehicleId);
  }

  /** Puts the fence on terminals (default every bound vehicle): append on a first issue, modify on a reissue. */
  async issue(user: AuthUser, fenceId: number, vehicleIds?: string[]): Promise<IssueView[]> {
    const fence = await this.fences.editable(user, fenceId);
    const targets = vehicleIds?.length ? vehicleIds : this.boundVehicles(user, fenceId);
    for (const vehicleId of targets) this.vehicleInScope(user, vehicleId);
    const existing = new Map((await this.issues.findBy({ fenceId, vehicleId: In(targets.length ? targets : ['']) })).map((row) => [row.vehicleId, row]));
    for (const vehicleId of targets) {
      const before = existing.get(vehicleId);
      const setType = before && before.state === IssueState.ISSUED ? AreaSetType.MODIFY : AreaSetType.APPEND;
      await this.request(user, fence, vehicleId, setAreaCommand(this.issuable(fence), setType), IssueState.ISSUING);
    }
    return this.states(user, fenceId);
  }

  /** Removes the fence from terminals (default every vehicle it was issued to). */
  async revoke(user: AuthUser, fenceId: number, vehicleIds?: string[]): Promise<IssueView[]> {
    const fence = await this.fences.editable(user, fenceId);
    const issued = await this.issues.findBy({ fenceId });
    const targets = vehicleIds?.length ? vehicleIds : issued.filter((row) => row.state !== IssueState.DELETED).map((row) => row.vehicleId);
    // Every target is checked before any goes out: a foreign id refuses the whole call (8002), as an unknown one does.
    for (const vehicleId of targets) this.vehicleInScope(user, vehicleId);
    for (const vehicleId of targets) await this.request(user, fence, vehicleId, deleteAreaCommand(this.issuable(fence)), IssueState.DELETING);
    return this.states(user, fenceId);
  }

  /** Asks a 2019 terminal which areas or routes it holds (0x8608; the 0x0608 answer is on the order, batch id = the returned request id). */
  async queryTerminal(user: AuthUser, vehicleId: string, type: number): Promise<{ requestId: string }> {
    this.vehicleInScope(user, vehicleId);
    const vehicle = this.registry.byVehicleId(vehicleId)!;
    const requestId = `${REQUEST_PREFIX}query-${randomUUID()}`;
    await this.bus.publish(Topics.instructionRequest, {
      key: canonicalTerminalPhone(vehicle.terminalPhone || vehicleId),
      value: { requestId, source: 'fence', commandType: 'fenceQuery', vehicleId, msgId: '0x8608', body: { type, ids: [] }, operatorId: user.id, offlinePolicy: 'fail', timeoutS: 30, requestedAt: Date.now() },
    });
    return { requestId };
  }

  /** A vehicle's fence events in [start, end] (at most 7 days, 300 otherwise), oldest first. */
  async events(user: AuthUser, vehicleId: string, startTime: string, endTime: string): Promise<FenceEventRow[]> {
    this.vehicleInScope(user, vehicleId);
    const { startS, endS } = queryWindow(startTime, endTime, 7);
    return this.history.find({ where: { vehicleId, at: Between(startS * 1000, endS * 1000 + 999) }, order: { at: 'ASC' }, take: 5000 });
  }

  /** Each vehicle's state for the fence: bound ones (not issued yet) and every issued one; stale when the fence changed since. */
  async states(user: AuthUser, fenceId: number): Promise<IssueView[]> {
    const fence = await this.fences.get(user, fenceId);
    const rows = new Map((await this.issues.findBy({ fenceId })).map((row) => [row.vehicleId, row]));
    const ids = new Set([...this.boundVehicles(user, fenceId), ...rows.keys()]);
    return [...ids]
      .map((vehicleId) => ({ vehicleId, vehicle: this.registry.byVehicleId(vehicleId), row: rows.get(vehicleId) }))
      // A vehicle the registry no longer knows: only the fence's own company or fleet sees its row.
      .filter(({ vehicle }) => (vehicle ? inScope(user, vehicle) : rowInScope(user, fence)))
      .map(({ vehicleId, vehicle, row }) => ({
        vehicleId,
        plateCode: vehicle?.plateCode ?? '',
        state: row?.state ?? 'bound',
        stale: row?.state === IssueState.ISSUED && row.issuedVersion < fence.version,
        orderStatus: row?.orderStatus ?? 0,
        errorCode: row?.errorCode ?? 0,
        updatedAt: row?.updatedAt ?? 0,
      }));
  }

  /** An order event for one of our requests: the vehicle's issue state follows the order's status. */
  async applyOrder(event: InstructionOrderEvent): Promise<void> {
    const row = await this.issues.findOneBy({ requestId: event.batchId });
    if (!row) return;
    const deleting = row.state === IssueState.DELETING || row.state === IssueState.DELETED;
    let state = row.state;
    if (event.status === InstructionStatus.SUCCESS) state = deleting ? IssueState.DELETED : IssueState.ISSUED;
    else if ([InstructionStatus.FAILED, InstructionStatus.RESPONSE_TIMEOUT, InstructionStatus.DEVICE_OFFLINE, InstructionStatus.VOID].includes(event.status as 2)) state = IssueState.FAILED;
    // Spec §8: a fence that cannot reach an offline vehicle is 7004.
    const errorCode = event.status === InstructionStatus.DEVICE_OFFLINE ? ErrorCode.FENCE_VEHICLE_OFFLINE : event.errorCode;
    await this.issues.update({ fenceId: row.fenceId, vehicleId: row.vehicleId, requestId: event.batchId }, { state, orderStatus: event.status, errorCode, updatedAt: Date.now() });
  }

  private async request(user: AuthUser, fence: Fence, vehicleId: string, command: AreaCommand, state: string): Promise<void> {
    const requestId = `${fenceIssueBatchPrefix(fence.id)}${randomUUID()}`;
    const vehicle = this.registry.byVehicleId(vehicleId);
    await this.issues.upsert(
      this.issues.create({ fenceId: fence.id, vehicleId, state, issuedVersion: fence.version, requestId, orderStatus: InstructionStatus.INITIAL, errorCode: 0, updatedAt: Date.now() }),
      ['fenceId', 'vehicleId'],
    );
    await this.bus.publish(Topics.instructionRequest, {
      key: canonicalTerminalPhone(vehicle?.terminalPhone || vehicleId),
      value: { requestId, source: 'fence', commandType: command.commandType, vehicleId, msgId: command.msgId, body: command.body, operatorId: user.id, offlinePolicy: 'queue', timeoutS: 30, requestedAt: Date.now() },
    });
  }

  private issuable(fence: Fence) {
    return { areaId: fence.id, name: fence.name, geometry: fence.geometry, attributes: fence.attributes, startTime: fence.startTime || undefined, endTime: fence.endTime || undefined, maxSpeedKmh: fence.maxSpeedKmh, overspeedDurationS: fence.overspeedDurationS, nightMaxSpeedKmh: fence.nightMaxSpeedKmh };
  }

  private vehicleInScope(user: AuthUser, vehicleId: string): void {
    const vehicle = this.registry.byVehicleId(vehicleId);
    if (!vehicle || !inScope(user, vehicle)) throw new AppError(ErrorCode.VEHICLE_NOT_FOUND, { data: vehicleId });
  }

  private fleetInScope(user: AuthUser, fleetId: string): void {
    if (user.superAdmin || user.scope.fleets.includes(fleetId)) return;
    // The fleet through a granted company or fleet only: a single granted vehicle does not open its whole fleet.
    const ok = [...this.registry.all()].some((vehicle) => vehicle.fleetPath.map(String).includes(fleetId) && inScope(user, { companyPath: vehicle.companyPath, fleetPath: vehicle.fleetPath }));
    if (!ok) throw new AppError(ErrorCode.FENCE_BIND_FAILED, { data: { fleetId } });
  }
}
