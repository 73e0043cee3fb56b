import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { PermissionCache, type AuthUser } from '@openfleet/auth';
import { ExportDownloadStatus, ExportTaskStatus, type FuelExportKind, type FuelExportTaskView } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { FileStore, Page, StoredFile } from '@openfleet/service-kit';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { IsNull, LessThan, type Repository } from 'typeorm';
import { FuelEventsQueryDto, FuelReportQueryDto } from '../fuel.dto';
import { EVENT_COLUMNS, eventSheetRow, REPORT_COLUMNS, reportSheetRow } from '../fuel-export.service';
import { FuelQueryService } from '../fuel-query.service';
import { FuelExportTask } from './fuel-export-task.entity';

export const FUEL_EXPORT_FILES = Symbol('FUEL_EXPORT_FILES');

/** What each kind needs: the action code, its query DTO, its sheet. */
const KINDS = {
  fuelReport: { code: 'fuelReport:export', dto: FuelReportQueryDto, title: '油耗报表', columns: REPORT_COLUMNS },
  fuelEvents: { code: 'fuelEvents:export', dto: FuelEventsQueryDto, title: '油量事件', columns: EVENT_COLUMNS },
} as const;
/** A claim whose heartbeat is older than this belongs to a stopped instance: the task is run again. */
const STALE_MS = 30_000;
const MAX_ATTEMPTS = 3;
const POLL_MS = 2000;
/** Unfinished tasks one user may have at once (207 beyond). */
const MAX_ACTIVE = 3;

interface StoredParams {
  query: Record<string, unknown>;
  user: AuthUser;
}

const view = (task: FuelExportTask): FuelExportTaskView => ({
  id: task.id, kind: task.kind as FuelExportKind, title: task.title, taskStatus: task.taskStatus, downloadStatus: task.downloadStatus, progress: task.progress,
  rows: task.rowCount, fileSize: task.fileSize, error: task.error, createdAt: task.createdAt, finishedAt: task.finishedAt,
});

/**
 * Offline downloads of the fuel report and events, as the tracking report tasks work: the query is
 * checked at creation (action code, parameters, window, scope), any instance runs a task it claims
 * with a conditional UPDATE (a crashed instance's claim goes stale and is taken over, three
 * attempts at most), the sheet is streamed into the file store, and only the owner sees it.
 */
@Injectable()
export class FuelExportTaskService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(FuelExportTaskService.name);
  private readonly instanceId = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    @InjectRepository(FuelExportTask, 'vehicle_service') private readonly tasks: Repository<FuelExportTask>,
    @Inject(FUEL_EXPORT_FILES) private readonly files: FileStore,
    private readonly query: FuelQueryService,
    private readonly permissions: PermissionCache,
  ) {}

  onModuleInit(): void {
    // On every replica, no lease: a task is claimed per row (conditional UPDATE + heartbeat), so two replicas share the tasks.
    this.timer = setInterval(() => void this.drain(), POLL_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  async create(user: AuthUser, kind: FuelExportKind, params: Record<string, unknown>): Promise<FuelExportTaskView> {
    const spec = KINDS[kind];
    if (!user.superAdmin && !this.permissions.allows(user, [spec.code])) throw new AppError(ErrorCode.NO_PERMISSION);
    const query = await this.checked(user, kind, params);
    if ((await this.tasks.count({ where: { ownerId: user.id, taskStatus: ExportTaskStatus.INCOMPLETE } })) >= MAX_ACTIVE) throw new AppError(ErrorCode.TOO_FREQUENT);
    const task = await this.tasks.save(this.tasks.create({
      ownerId: user.id, kind, title: `${spec.title} ${String(query.startTime)} - ${String(query.endTime)}`.slice(0, 64), params: { query: params, user } satisfies StoredParams,
      taskStatus: ExportTaskStatus.INCOMPLETE, downloadStatus: ExportDownloadStatus.EXECUTING, progress: 0, rowCount: 0, fileKey: null, fileSize: null, error: null,
      claimedBy: null, heartbeatAt: null, attempts: 0, createdAt: Date.now(), finishedAt: null,
    }));
    return view(task);
  }

  async list(user: AuthUser, current: number, size: number): Promise<Page<FuelExportTaskView>> {
    const [rows, total] = await this.tasks.findAndCount({ where: { ownerId: user.id }, order: { id: 'DESC' }, skip: (current - 1) * size, take: size });
    return { records: rows.map(view), total, current, size };
  }

  /** The owner's finished file; marks it downloaded. Another user's task answers as missing. */
  async download(user: AuthUser, id: number): Promise<{ file: StoredFile | undefined; name: string }> {
    const task = await this.owned(user, id);
    const file = task.fileKey ? await this.files.open(task.fileKey) : undefined;
    if (file) await this.tasks.update({ id }, { downloadStatus: ExportDownloadStatus.DOWNLOADED });
    return { file, name: `${task.kind}-${id}.xlsx` };
  }

  async remove(user: AuthUser, id: number): Promise<void> {
    const task = await this.owned(user, id);
    if (task.fileKey) await this.files.remove(task.fileKey);
    await this.tasks.delete({ id });
  }

  /** Runs pending tasks until none is left (the timer calls it; tests await it). */
  async drain(): Promise<void> {
    if (this.running) return this.running;
    this.running = (async () => {
      while (await this.runNext());
    })()
      .catch((error) => this.logger.warn(`fuel export runner: ${(error as Error).message}`))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  private async runNext(): Promise<boolean> {
    const now = Date.now();
    const candidate = await this.tasks.findOne({ where: [{ taskStatus: ExportTaskStatus.INCOMPLETE, claimedBy: IsNull() }, { taskStatus: ExportTaskStatus.INCOMPLETE, heartbeatAt: LessThan(now - STALE_MS) }], order: { id: 'ASC' } });
    if (!candidate) return false;
    const claim = await this.tasks
      .createQueryBuilder()
      .update()
      .set({ claimedBy: this.instanceId, heartbeatAt: now, attempts: () => 'attempts + 1' })
      .where('id = :id AND task_status = :status AND (claimed_by IS NULL OR heartbeat_at < :stale)', { id: candidate.id, status: ExportTaskStatus.INCOMPLETE, stale: now - STALE_MS })
      .execute();
    if (!claim.affected) return true; // another instance won it: look for the next
    const task = (await this.tasks.findOneBy({ id: candidate.id }))!;
    if (task.attempts > MAX_ATTEMPTS) await this.finish(task, { error: `gave up after ${MAX_ATTEMPTS} attempts` });
    else await this.run(task);
    return true;
  }

  private async run(task: FuelExportTask): Promise<void> {
    const key = `fuel/${task.ownerId}/${task.id}-${task.kind}.xlsx`;
    const upload = await this.files.createUpload(key);
    try {
      const { query, user } = task.params as StoredParams;
      const kind = task.kind as FuelExportKind;
      const checked = await this.checked(user, kind, query);
      const rows = kind === 'fuelReport' ? (await this.query.report(user, checked as FuelReportQueryDto, true)).rows.map(reportSheetRow) : (await this.query.eventPage(user, checked as FuelEventsQueryDto, true)).records.map(eventSheetRow);
      const finished = new Promise<void>((resolve, reject) => upload.stream.once('finish', resolve).once('error', reject));
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: upload.stream, useStyles: false, useSharedStrings: false });
      const sheet = workbook.addWorksheet(KINDS[kind].title);
      sheet.columns = KINDS[kind].columns.map((column) => ({ header: column.header, key: column.key, width: column.width ?? 16 }));
      for (const row of rows) sheet.addRow(row).commit();
      sheet.commit();
      await workbook.commit();
      await finished;
      await upload.commit();
      await this.finish(task, { key, rows: rows.length, size: (await this.files.open(key))?.size ?? null });
    } catch (error) {
      await upload.abort().catch(() => undefined);
      await this.finish(task, { error: (error as Error).message });
    }
  }

  private async finish(task: FuelExportTask, outcome: { key?: string; rows?: number; size?: number | null; error?: string }): Promise<void> {
    const done = outcome.error === undefined;
    await this.tasks.update(
      { id: task.id, claimedBy: this.instanceId },
      {
        taskStatus: done ? ExportTaskStatus.COMPLETE : ExportTaskStatus.FAILED,
        downloadStatus: !done ? ExportDownloadStatus.GENERATION_FAILED : outcome.rows ? ExportDownloadStatus.NOT_DOWNLOADED : ExportDownloadStatus.NO_DATA,
        progress: done ? 100 : task.progress, rowCount: outcome.rows ?? 0, fileKey: outcome.key ?? null, fileSize: outcome.size ?? null, error: outcome.error?.slice(0, 200) ?? null, finishedAt: Date.now(),
      },
    );
  }

  /** The query as its list would take it: 400 for a bad parameter, then window (300) and scope (8002) by running its check. */
  private async checked(user: AuthUser, kind: FuelExportKind, params: Record<string, unknown>): Promise<FuelReportQueryDto | FuelEventsQueryDto> {
    const dto = plainToInstance(KINDS[kind].dto, params);
    const errors = await validate(dto, { forbidUnknownValues: false });
    if (errors.length) throw new AppError(ErrorCode.BAD_PARAMETER, { data: errors.map((error) => error.property) });
    // The list itself with one row: the same window and scope checks, no second copy of them.
    if (kind === 'fuelReport') await this.query.report(user, Object.assign(new FuelReportQueryDto(), dto, { current: 1, size: 1 }));
    else await this.query.eventPage(user, Object.assign(new FuelEventsQueryDto(), dto, { current: 1, size: 1 }));
    return dto;
  }

  private async owned(user: AuthUser, id: number): Promise<FuelExportTask> {
    const task = await this.tasks.findOneBy({ id, ownerId: user.id });
    if (!task) throw new AppError(ErrorCode.NOT_FOUND);
    return task;
  }
}
