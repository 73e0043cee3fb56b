import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { BusDirection } from '@openfleet/contracts';
import type { Repository } from 'typeorm';
import { BusLineRow, BusLineVehicleRow } from './bus-line.entities';

/** Another instance's edits reach this one within this time (cluster mode; this instance's own edits reload at once). */
const RELOAD_MS = 15_000;

/** Every line and which vehicle runs on which, in memory: the detector asks for each position. */
@Injectable()
export class BusLineCatalogue implements OnModuleInit, OnModuleDestroy {
  private lines = new Map<number, BusLineRow>();
  private assignments = new Map<string, { lineId: number; direction: BusDirection }>();
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectRepository(BusLineRow, 'industry') private readonly lineRows: Repository<BusLineRow>,
    @InjectRepository(BusLineVehicleRow, 'industry') private readonly vehicleRows: Repository<BusLineVehicleRow>,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.reload();
    this.timer = setInterval(() => void this.reload().catch(() => undefined), RELOAD_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  async reload(): Promise<void> {
    const [lines, vehicles] = await Promise.all([this.lineRows.find(), this.vehicleRows.find()]);
    this.lines = new Map(lines.map((line) => [line.id, line]));
    this.assignments = new Map(vehicles.map((row) => [row.vehicleId, { lineId: row.lineId, direction: row.direction as BusDirection }]));
  }

  line(id: number): BusLineRow | undefined {
    return this.lines.get(id);
  }

  /** The line a vehicle runs on and the direction it was assigned to start in. */
  assignmentOf(vehicleId: string): { line: BusLineRow; direction: BusDirection } | undefined {
    const assignment = this.assignments.get(vehicleId);
    const line = assignment && this.lines.get(assignment.lineId);
    return line && { line, direction: assignment.direction };
  }

  vehiclesOf(lineId: number): { vehicleId: string; direction: BusDirection }[] {
    return [...this.assignments].filter(([, a]) => a.lineId === lineId).map(([vehicleId, a]) => ({ vehicleId, direction: a.direction }));
  }
}
