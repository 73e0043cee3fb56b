import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ExportDownloadStatus, ExportTaskStatus } from '@openfleet/contracts';
import type { FileStore, FileUpload } from '@openfleet/service-kit';
import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { DataSource } from 'typeorm';
import { TRACKING_CONFIG, type TrackingConfig } from '../tracking-config';
import { ExportJobs } from './export-jobs';
import { EXPORT_FILES, ExportTaskService, type ExportTaskRow, type StoredParams } from './export-task.service';

/** A claim whose heartbeat is older than this belongs to a stopped instance: the task is run again. */
const STALE_MS = 30_000;
/** Progress (and the heartbeat, and the check for pause or cancel) at least this often while writing. */
const PROGRESS_MS = 1000;
const MAX_ATTEMPTS = 3;
const EXPIRY_SWEEP_MS = 60_000;

class Stopped extends Error {}

/** Unzipped sheet XML allowed to wait for deflate before the writer waits too. With batches of 500 rows this keeps a million-row export within about 30 MB of RSS (4 MB and 2,000 rows: 130 MB). */
const ZIP_BACKLOG_BYTES = 2 ** 20;

interface BufferedStream {
  _readableState?: { length: number };
  _writableState?: { length: number };
}

/**
 * Waits until the zip has taken most of the rows written so far. exceljs's sheet stream writes
 * into the zip without backpressure, so when rows come faster than deflate takes them the XML
 * piles up in memory (about 450 MB for a million track points). archiver reads the sheet through
 * a PassThrough, whose buffers are exactly that backlog: wait while they hold more than 1 MB.
 * Should those internals change, this only yields to the event loop.
 */
async function zipCaughtUp(sheet: ExcelJS.Worksheet): Promise<void> {
  const entry = (sheet as unknown as { stream?: { pipes?: BufferedStream[] } }).stream?.pipes?.[0];
  const backlog = () => (entry?._readableState?.length ?? 0) + (entry?._writableState?.length ?? 0);
  while (backlog() > ZIP_BACKLOG_BYTES) await new Promise((resolve) => setTimeout(resolve, 2));
  await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Runs the offline download tasks of export_task, one at a time per instance, on any instance: a
 * task is claimed with a conditional UPDATE (the claim and a heartbeat), so two instances never
 * run the same one, and a task whose instance stopped (no heartbeat for 30 s: a crash, a restart)
 * is claimed again and written from the start; after three attempts it fails for good. Rows go
 * through exceljs's streaming WorkbookWriter into the file store, so memory stays flat whatever
 * the row count. Finished files are deleted after TRACKING_EXPORT_TTL_H.
 */
@Injectable()
export class ExportTaskRunner implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ExportTaskRunner.name);
  private readonly instanceId = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  private pollTimer?: NodeJS.Timeout;
  private expiryTimer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopping = false;

  constructor(
    @InjectDataSource('tracking') private readonly dataSource: DataSource,
    @Inject(TRACKING_CONFIG) private readonly config: TrackingConfig,
    @Inject(EXPORT_FILES) private readonly files: FileStore,
    private readonly jobs: ExportJobs,
    private readonly tasks: ExportTaskService,
  ) {}

  onModuleInit(): void {
    // On every replica, no lease: a task is claimed per row (conditional UPDATE + heartbeat), expiry is rm -f + UPDATE (idempotent).
    this.pollTimer = setInterval(() => this.poll(), this.config.TRACKING_EXPORT_POLL_MS);
    this.pollTimer.unref();
    this.expiryTimer = setInterval(() => void this.expire().catch((error) => this.logger.warn(`export expiry failed: ${(error as Error).message}`)), EXPIRY_SWEEP_MS);
    this.expiryTimer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    clearInterval(this.pollTimer);
    clearInterval(this.expiryTimer);
    // The task in hand stops at its next progress check; another instance (or the next start) takes it over.
    await this.running?.catch(() => undefined);
  }

  /** Looks for a task now (the timer does this every TRACKING_EXPORT_POLL_MS). */
  poll(): void {
    if (this.running || this.stopping) return;
    this.running = this.runNext()
      .catch((error) => this.logger.warn(`export task runner: ${(error as Error).message}`))
      .finally(() => (this.running = undefined));
  }

  /** Runs the next pending task, if any, to its end (tests and tools; the timer calls poll). */
  async drain(): Promise<void> {
    this.poll();
    await this.running;
  }

  /** Deletes the files of tasks past their time; the tasks stay, shown as expired. */
  async expire(now = Date.now()): Promise<number> {
    const rows: ExportTaskRow[] = await this.dataSource.query('SELECT * FROM export_task WHERE file_key IS NOT NULL AND expires_at IS NOT NULL AND expires_at < ?', [now]);
    for (const row of rows) {
      await this.files.remove(row.file_key!);
      await this.dataSource.query('UPDATE export_task SET file_key = NULL WHERE id = ?', [row.id]);
    }
    return rows.length;
  }

  private async runNext(): Promise<void> {
    const now = Date.now();
    const [candidate] = (await this.dataSource.query(
      'SELECT id FROM export_task WHERE task_status = ? AND (claimed_by IS NULL OR heartbeat_at < ?) ORDER BY id LIMIT 1',
      [ExportTaskStatus.INCOMPLETE, now - STALE_MS],
    )) as { id: number }[];
    if (!candidate) return;
    await this.dataSource.query(
      'UPDATE export_task SET claimed_by = ?, heartbeat_at = ?, attempts = attempts + 1 WHERE id = ? AND task_status = ? AND (claimed_by IS NULL OR heartbeat_at < ?)',
      [this.instanceId, now, candidate.id, ExportTaskStatus.INCOMPLETE, now - STALE_MS],
    );
    const [task] = (await this.dataSource.query('SELECT * FROM export_task WHERE id = ?', [candidate.id])) as ExportTaskRow[];
    if (task?.claimed_by !== this.instanceId) return; // another instance won the claim
    if (Number(task.attempts) > MAX_ATTEMPTS) return this.fail(task, `gave up after ${MAX_ATTEMPTS} attempts`);
    await this.run(task);
  }

  private async run(task: ExportTaskRow): Promise<void> {
    const id = Number(task.id);
    const key = `${task.owner_id}/${id}-${task.kind}.xlsx`;
    let upload: FileUpload | undefined;
    try {
      const { query, user } = JSON.parse(task.params) as StoredParams;
      const job = await this.jobs.open(user, task.kind, query);
      upload = await this.files.createUpload(key);
      const finished = new Promise<void>((resolve, reject) => upload!.stream.once('finish', resolve).once('error', reject));
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: upload.stream, useStyles: false, useSharedStrings: false });
      const sheet = workbook.addWorksheet(job.sheet);
      sheet.columns = job.columns.map((column) => ({ header: column.header, key: column.key, width: column.width ?? 16 }));
      let rows = 0;
      let reported = Date.now();
      for await (const batch of job.batches) {
        for (const row of batch) sheet.addRow(row).commit();
        rows += batch.length;
        if (Date.now() - reported >= PROGRESS_MS) {
          reported = Date.now();
          await this.progress(task, rows, job.total);
        }
        await zipCaughtUp(sheet);
      }
      sheet.commit();
      await workbook.commit();
      await finished;
      await upload.commit();
      const size = (await this.files.open(key))?.size ?? null;
      const done = Date.now();
      await this.dataSource.query(
        'UPDATE export_task SET task_status = ?, download_status = ?, progress = 100, row_count = ?, file_key = ?, file_size = ?, finished_at = ?, expires_at = ?, heartbeat_at = ? WHERE id = ? AND claimed_by = ? AND task_status = ?',
        [ExportTaskStatus.COMPLETE, rows ? ExportDownloadStatus.NOT_DOWNLOADED : ExportDownloadStatus.NO_DATA, rows, key, size, done, done + this.config.TRACKING_EXPORT_TTL_H * 3_600_000, done, id, this.instanceId, ExportTaskStatus.INCOMPLETE],
      );
      await this.tasks.announce((await this.reread(id)) ?? task);
    } catch (error) {
      await upload?.abort().catch(() => undefined);
      if (error instanceof Stopped) return;
      this.logger.warn(`export task ${id} failed: ${(error as Error).message}`);
      await this.fail(task, (error as Error).message);
    }
  }

  /** Records progress and the heartbeat; throws Stopped when the owner paused or cancelled the task, or the instance stops. */
  private async progress(task: ExportTaskRow, rows: number, total: number): Promise<void> {
    const id = Number(task.id);
    const current = await this.reread(id);
    if (this.stopping || !current || Number(current.task_status) !== ExportTaskStatus.INCOMPLETE || current.claimed_by !== this.instanceId) throw new Stopped();
    const progress = total > 0 ? Math.min(99, Math.floor((rows / total) * 100)) : 0;
    await this.dataSource.query('UPDATE export_task SET progress = ?, row_count = ?, heartbeat_at = ? WHERE id = ?', [progress, rows, Date.now(), id]);
    await this.tasks.announce({ ...current, progress, row_count: rows });
  }

  private async fail(task: ExportTaskRow, reason: string): Promise<void> {
    await this.dataSource.query('UPDATE export_task SET task_status = ?, download_status = ?, error = ?, finished_at = ? WHERE id = ? AND task_status = ?', [
      ExportTaskStatus.FAILED, ExportDownloadStatus.GENERATION_FAILED, reason.slice(0, 200), Date.now(), task.id, ExportTaskStatus.INCOMPLETE,
    ]);
    const row = await this.reread(Number(task.id));
    if (row) await this.tasks.announce(row);
  }

  private async reread(id: number): Promise<ExportTaskRow | undefined> {
    const [row] = (await this.dataSource.query('SELECT * FROM export_task WHERE id = ?', [id])) as ExportTaskRow[];
    return row;
  }
}
