import type { ReminderKind, ReminderRow, ReminderStatus, ReminderThreshold } from '@openfleet/contracts';
import type { ReminderEntity } from './reminder.entities';

/** A stored reminder as the console gets it (list row, live event). */
export function rowOf(entity: ReminderEntity): ReminderRow {
  return {
    id: entity.id,
    kind: entity.kind as ReminderKind,
    threshold: entity.threshold as ReminderThreshold,
    recordId: entity.recordId,
    vehicleId: entity.vehicleId,
    companyId: entity.companyId,
    plateCode: entity.plateCode,
    dueDate: entity.dueDate,
    daysLeft: entity.daysLeft,
    serviceIntervalKm: entity.serviceIntervalKm,
    mileageSinceServiceKm: entity.mileageSinceServiceKm,
    predictedDueDate: entity.predictedDueDate,
    status: entity.status as ReminderStatus,
    createdAt: entity.createdAt,
    readAt: entity.readAt,
    doneAt: entity.doneAt,
  };
}
