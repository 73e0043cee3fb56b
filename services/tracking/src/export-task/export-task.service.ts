import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PermissionCache, type AuthUser } from '@openfleet/auth';
import type { EventBus } from '@openfleet/bus';
import { ExportDownloadStatus, ExportTaskStatus, Topics, type ExportTaskView } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { EVENT_BUS, type FileStore } from '@openfleet/service-kit';
import { insertedId } from '@openfleet/storage';
import type { Readable } from 'node:stream';
import type { DataSource } from 'typeorm';
import { TRACKING_CONFIG, type TrackingConfig } from '../tracking-config';
import type { CreateExportTaskDto, ExportKind, ExportTaskListQuery } from './dto/export-task.dto';
import { EXPORT_KINDS, ExportJobs } from './export-jobs';

export const EXPORT_FILES = Symbol('EXPORT_FILES');

/** One row of export_task, as stored. */
export interface ExportTaskRow {
  id: number | string;
  owner_id: string;
  kind: ExportKind;
  title: string;
  params: string;
  task_status: number;
  download_status: number;
  progress: number;
  row_count: number;
  file_key: string | null;
  file_size: number | string | null;
  error: string | null;
  attempts: number;
  claimed_by: string | null;
  heartbeat_at: number | string | null;
  created_at: number | string;
  finished_at: number | string | null;
  expires_at: number | string | null;
}

/** What a task's params column holds: the query, and the owner as the token described them at creation. */
export interface StoredParams {
  query: Record<string, unknown>;
  user: AuthUser;
}

/** A task as the API answers it. */
export function taskView(row: ExportTaskRow): ExportTaskView {
  const expiresAt = row.expires_at === null ? null : Number(row.expires_at);
  return {
    id: Number(row.id),
    kind: row.kind,
    title: row.title,
    taskStatus: Number(row.task_status),
    downloadStatus: Number(row.download_status),
    progress: Number(row.progress),
    rows: Number(row.row_count),
    fileSize: row.file_size === null ? null : Number(row.file_size),
    error: row.error,
    createdAt: Number(row.created_at),
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
    expiresAt,
    /** The file was deleted after its time (TRACKING_EXPORT_TTL_H). */
    expired: Number(row.task_status) === ExportTaskStatus.COMPLETE && row.file_key === null && expiresAt !== null,
  };
}

/**
 * Offline download tasks, as their owner sees them: create (checked like the report itself:
 * action code, parameters, window, scope), list, pause, resume, cancel, delete, download. Only the
 * owner reaches a task; the runner (ExportTaskRunner) does the work on any instance.
 */
@Injectable()
export class ExportTaskService {
  private readonly logger = new Logger(ExportTaskService.name);

  constructor(
    @InjectDataSource('tracking') private readonly dataSource: DataSource,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(TRACKING_CONFIG) private readonly config: TrackingConfig,
    @Inject(EXPORT_FILES) private readonly files: FileStore,
    private readonly jobs: ExportJobs,
    private readonly permissions: PermissionCache,
  ) {}

  async create(user: AuthUser, body: CreateExportTaskDto) {
    const spec = EXPORT_KINDS[body.kind];
    if (!this.permissions.allows(user, [spec.code])) throw new AppError(ErrorCode.NO_PERMISSION);
    const query = await this.jobs.check(user, body.kind, body.params);
    const [active] = await this.dataSource.query('SELECT COUNT(*) AS n FROM export_task WHERE owner_id = ? AND task_status IN (?, ?)', [user.id, ExportTaskStatus.INCOMPLETE, ExportTaskStatus.PAUSED]);
    if (Number(active.n) >= this.config.TRACKING_EXPORT_MAX_ACTIVE) throw new AppError(ErrorCode.TOO_FREQUENT, { data: { maxActive: this.config.TRACKING_EXPORT_MAX_ACTIVE } });
    const params: StoredParams = { query, user: { id: user.id, companyId: user.companyId, userType: user.userType, roleIds: user.roleIds, superAdmin: user.superAdmin, scope: user.scope } };
    const now = Date.now();
    const id = insertedId(
      await this.dataSource.query(
        'INSERT INTO export_task (owner_id, kind, title, params, task_status, download_status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        [user.id, body.kind, `${spec.title} ${String(query.startTime ?? '')}~${String(query.endTime ?? '')}`.slice(0, 100), JSON.stringify(params), ExportTaskStatus.INCOMPLETE, ExportDownloadStatus.EXECUTING, now],
      ),
    );
    const [row] = await this.dataSource.query('SELECT * FROM export_task WHERE id = ?', [id]);
    await this.announce(row as ExportTaskRow);
    return taskView(row as ExportTaskRow);
  }

  async list(user: AuthUser, query: ExportTaskListQuery) {
    const where = ['owner_id = ?'];
    const values: unknown[] = [user.id];
    if (query.taskStatus !== undefined) {
      where.push('task_status = ?');
      values.push(query.taskStatus);
    }
    if (query.downloadStatus !== undefined) {
      where.push('download_status = ?');
      values.push(query.downloadStatus);
    }
    const [count] = await this.dataSource.query(`SELECT COUNT(*) AS n FROM export_task WHERE ${where.join(' AND ')}`, values);
    const rows: ExportTaskRow[] = await this.dataSource.query(
      `SELECT * FROM export_task WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ${query.size} OFFSET ${(query.current - 1) * query.size}`,
      values,
    );
    return { records: rows.map(taskView), total: Number(count.n), current: query.current, size: query.size };
  }

  /** Pause (4) and cancel (3) an unfinished task; resume (0) a paused one, which starts it again. */
  async move(user: AuthUser, id: number, action: 'pause' | 'resume' | 'cancel') {
    const row = await this.owned(user, id);
    const status = Number(row.task_status);
    const allowed = action === 'resume' ? status === ExportTaskStatus.PAUSED : status === ExportTaskStatus.INCOMPLETE || status === ExportTaskStatus.PAUSED;
    if (!allowed) throw new AppError(ErrorCode.CONFLICT, { data: { taskStatus: status } });
    if (action === 'resume') {
      await this.dataSource.query('UPDATE export_task SET task_status = ?, download_status = ?, progress = 0, row_count = 0, claimed_by = NULL, heartbeat_at = NULL, attempts = 0 WHERE id = ?', [ExportTaskStatus.INCOMPLETE, ExportDownloadStatus.EXECUTING, id]);
    } else {
      const next = action === 'pause' ? ExportTaskStatus.PAUSED : ExportTaskStatus.CANCELLED;
      // The runner sees the status at its next progress check and stops, deleting what it wrote.
      await this.dataSource.query('UPDATE export_task SET task_status = ?, download_status = ?, finished_at = ? WHERE id = ?', [
        next, action === 'pause' ? ExportDownloadStatus.EXECUTING : ExportDownloadStatus.GENERATION_FAILED, action === 'cancel' ? Date.now() : null, id,
      ]);
    }
    const moved = await this.owned(user, id);
    await this.announce(moved);
    return taskView(moved);
  }

  async remove(user: AuthUser, id: number): Promise<void> {
    const row = await this.owned(user, id);
    if (Number(row.task_status) === ExportTaskStatus.INCOMPLETE) throw new AppError(ErrorCode.CONFLICT, { detail: 'cancel the task first' });
    if (row.file_key) await this.files.remove(row.file_key);
    await this.dataSource.query('DELETE FROM export_task WHERE id = ?', [id]);
  }

  /** The finished file, for its owner only; marks the task downloaded. */
  async download(user: AuthUser, id: number): Promise<{ stream: Readable; size: number; fileName: string }> {
    const row = await this.owned(user, id);
    if (Number(row.task_status) !== ExportTaskStatus.COMPLETE) throw new AppError(ErrorCode.CONFLICT, { data: { taskStatus: Number(row.task_status) } });
    const file = row.file_key ? await this.files.open(row.file_key) : undefined;
    if (!file) throw new AppError(ErrorCode.ALREADY_DELETED, { detail: 'the file has expired' });
    await this.dataSource.query('UPDATE export_task SET download_status = ? WHERE id = ?', [ExportDownloadStatus.DOWNLOADED, id]);
    await this.announce({ ...row, download_status: ExportDownloadStatus.DOWNLOADED });
    return { ...file, fileName: `${row.kind}-${Number(row.id)}.xlsx` };
  }

  /** Publishes a task's state for its owner's sockets (best effort: the list is the record). */
  async announce(row: ExportTaskRow): Promise<void> {
    try {
      await this.bus.publish(Topics.exportTask, [{
        key: row.owner_id,
        value: { taskId: Number(row.id), ownerId: row.owner_id, taskStatus: Number(row.task_status), downloadStatus: Number(row.download_status), progress: Number(row.progress), rows: Number(row.row_count), at: Date.now() },
      }]);
    } catch (error) {
      this.logger.warn(`export task ${row.id} progress not published: ${(error as Error).message}`);
    }
  }

  /** A task of this user: another user's answers 410 exactly like a missing one, so ids reveal nothing. */
  private async owned(user: AuthUser, id: number): Promise<ExportTaskRow> {
    const [row] = (await this.dataSource.query('SELECT * FROM export_task WHERE id = ?', [id])) as ExportTaskRow[];
    if (!row || row.owner_id !== String(user.id)) throw new AppError(ErrorCode.ALREADY_DELETED);
    return row;
  }
}
