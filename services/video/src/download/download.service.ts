import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { InstructionStatus, VIDEO_QUERY_MAX_DAYS, VideoDownloadStatus, type InstructionOrderEvent, type VideoDownloadRequest, type VideoDownloadView } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { formatCst, parseTimeParam, queryWindow } from '@openfleet/service-kit';
import { pathOf, whereInScope } from '@openfleet/storage';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { rmSync } from 'node:fs';
import { basename, isAbsolute, join, relative } from 'node:path';
import type { Repository } from 'typeorm';
import { command } from '../live/live.service';
import { MediaAddress } from '../media/media-address';
import { bcdOf } from '../playback/playback.service';
import { VideoDirectory } from '../registry/video-directory';
import { newVideoRequestId, VideoCommands } from '../signalling/video-commands';
import { VideoStorage } from '../storage/video-storage';
import { UploadFtpServer, type UploadGrant, type UploadSink } from './upload-ftp.server';
import { VideoDownload } from './video-download.entity';

/** 0x9206 task conditions: upload over Wi-Fi, LAN and 3G/4G alike. */
const ANY_NETWORK = 0b111;

/** How long a 0x1206 success waits for the uploaded file to be recorded before the task counts as "no data". */
const FILE_SETTLE_MS = 2000;

/** 0x9207 upload control. */
export const UploadControl = { PAUSE: 0, RESUME: 1, CANCEL: 2 } as const;

/**
 * Recording downloads: 0x9206 asks the terminal to upload a recording to the embedded FTP server
 * with credentials made for that task; the file's arrival (and the terminal's 0x1206) settle the
 * task's status, progress follows the bytes written against the size the resource list gave.
 * Pause, resume and cancel go out as 0x9207. Spec §4 download status: 0 executing, 1 not
 * downloaded, 2 downloaded, 3 generation failed, 4 no data.
 */
@Injectable()
export class DownloadService implements OnModuleInit, OnModuleDestroy, UploadSink {
  private readonly logger = new Logger('VideoDownloads');
  /** Files being written: task id -> bytes so far. */
  private readonly writing = new Map<number, () => number>();
  /** Set at shutdown: late FTP and 0x1206 events no longer touch the database. */
  private stopped = false;

  constructor(
    @InjectRepository(VideoDownload, 'video') private readonly tasks: Repository<VideoDownload>,
    private readonly directory: VideoDirectory,
    private readonly commands: VideoCommands,
    private readonly address: MediaAddress,
    private readonly ftp: UploadFtpServer,
    private readonly storage: VideoStorage,
  ) {}

  onModuleInit(): void {
    this.ftp.sink = this;
    this.commands.onFollowUp = (event) => this.settle(this.followUp(event), `0x1206 of ${event.batchId}`);
  }

  onModuleDestroy(): void {
    this.stopped = true;
  }

  async create(user: AuthUser, request: VideoDownloadRequest): Promise<VideoDownloadView> {
    const target = this.directory.target(user, request.vehicleId);
    if (!(request.channel >= 1 && request.channel <= target.videoChannels)) throw new AppError(ErrorCode.VIDEO_CHANNEL_INVALID, { data: { channel: request.channel } });
    queryWindow(request.startTime, request.endTime, VIDEO_QUERY_MAX_DAYS);
    if (this.ftp.port() <= 0) throw new AppError(ErrorCode.VIDEO_SERVER_CONNECT_FAILED);
    if (!this.storage.hasRoom()) throw new AppError(ErrorCode.VIDEO_STORAGE_FULL);
    const running = await this.tasks.findOneBy({ vehicleId: request.vehicleId, channel: request.channel, startTime: time(request.startTime), endTime: time(request.endTime), status: VideoDownloadStatus.EXECUTING });
    if (running) throw new AppError(ErrorCode.VIDEO_DOWNLOAD_IN_PROGRESS);
    const requestId = newVideoRequestId();
    const task = await this.tasks.save(
      this.tasks.create({
        vehicleId: target.vehicle.vehicleId,
        plateCode: target.vehicle.plateCode,
        terminalPhone: target.terminalPhone,
        companyPath: pathOf(target.vehicle.companyPath.map(String)),
        fleetPath: pathOf(target.vehicle.fleetPath.map(String)),
        channel: request.channel,
        startTime: time(request.startTime),
        endTime: time(request.endTime),
        mediaType: request.mediaType ?? 0,
        streamType: request.streamType ?? 0,
        storageType: request.storageType ?? 0,
        status: VideoDownloadStatus.EXECUTING,
        expectedSize: Math.max(0, Math.floor(request.fileSize ?? 0)),
        receivedSize: 0,
        ftpUser: `v${randomBytes(6).toString('hex')}`,
        ftpPassword: randomBytes(12).toString('base64url'),
        requestId,
        createdBy: user.id,
        createdAt: Date.now(),
      }),
    );
    try {
      const answer = await this.commands.send({
        ...command(target, user),
        requestId,
        commandType: 'videoUpload',
        msgId: '0x9206',
        body: {
          serverAddress: this.address.publicHost,
          port: this.ftp.port(),
          user: task.ftpUser,
          password: task.ftpPassword,
          path: '/',
          channel: task.channel,
          startTime: bcdOf(task.startTime, 'startTime'),
          endTime: bcdOf(task.endTime, 'endTime'),
          alarmFlags: '0000000000000000',
          mediaType: task.mediaType,
          streamType: task.streamType,
          storageLocation: task.storageType,
          taskConditions: ANY_NETWORK,
        },
      });
      task.uploadSerial = Number(answer.replyBody?.replySerial ?? 0);
      await this.tasks.update({ id: task.id }, { uploadSerial: task.uploadSerial });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await this.finish(task, VideoDownloadStatus.GENERATION_FAILED, error.errorCode);
    }
    return this.view((await this.tasks.findOneBy({ id: task.id }))!);
  }

  async list(user: AuthUser, current: number, size: number): Promise<{ records: VideoDownloadView[]; total: number }> {
    const [rows, total] = await whereInScope(this.tasks.createQueryBuilder('d'), user, 'd', { vehicleColumn: 'vehicle_id' })
      .orderBy('d.id', 'DESC')
      .skip((current - 1) * size)
      .take(size)
      .getManyAndCount();
    return { records: rows.map((row) => this.view(row)), total };
  }

  async control(user: AuthUser, id: number, control: number): Promise<VideoDownloadView> {
    const task = await this.visible(user, id);
    if (task.status !== VideoDownloadStatus.EXECUTING) return this.view(task);
    const target = this.directory.target(user, task.vehicleId);
    await this.commands.send({ ...command(target, user), commandType: 'videoUploadControl', msgId: '0x9207', body: { replySerial: task.uploadSerial, control } });
    if (control === UploadControl.CANCEL) await this.finish(task, VideoDownloadStatus.NOT_DOWNLOADED, 0);
    return this.view((await this.tasks.findOneBy({ id }))!);
  }

  /** Where the received file is (2009 until it is there; the path may be gone since: the caller stats it). */
  async file(user: AuthUser, id: number): Promise<{ path: string; name: string }> {
    const task = await this.visible(user, id);
    if (task.status !== VideoDownloadStatus.DOWNLOADED || !task.path) throw new AppError(ErrorCode.VIDEO_FILE_NOT_FOUND);
    return { path: this.storage.resolve(task.path), name: task.fileName };
  }

  // --- UploadSink: the FTP server's side ---

  async grant(user: string, password: string): Promise<UploadGrant | undefined> {
    const task = await this.tasks.findOneBy({ ftpUser: user });
    if (!task || task.status !== VideoDownloadStatus.EXECUTING || !sameSecret(task.ftpPassword, password)) return undefined;
    return { taskId: task.id, root: this.storage.resolve(uploadFolder(task.id)) };
  }

  started(taskId: number, _fsPath: string, written: () => number): void {
    this.writing.set(taskId, written);
  }

  finished(taskId: number, fsPath: string, size: number): void {
    this.writing.delete(taskId);
    this.settle(this.arrived(taskId, fsPath, size), `upload of task ${taskId}`);
  }

  /** Events from the network run on their own: a failure is logged, never left unhandled. */
  private settle(work: Promise<void>, what: string): void {
    work.catch((error: Error) => {
      if (!this.stopped) this.logger.warn(`${what}: ${error.message}`);
    });
  }

  failed(taskId: number, fsPath: string, error: Error): void {
    this.writing.delete(taskId);
    this.logger.warn(`upload of task ${taskId} (${basename(fsPath)}) failed: ${error.message}`);
  }

  private async arrived(taskId: number, fsPath: string, size: number): Promise<void> {
    if (this.stopped) return;
    const task = await this.tasks.findOneBy({ id: taskId });
    if (!task || task.status !== VideoDownloadStatus.EXECUTING) return;
    // The file keeps its place inside the task folder (a terminal may upload into a sub-folder).
    const inside = relative(this.storage.resolve(uploadFolder(taskId)), fsPath);
    if (!inside || inside.startsWith('..') || isAbsolute(inside)) throw new Error(`upload of task ${taskId} outside its folder`);
    task.path = join(uploadFolder(taskId), inside);
    task.fileName = basename(fsPath);
    task.receivedSize = size;
    await this.finish(task, size > 0 ? VideoDownloadStatus.DOWNLOADED : VideoDownloadStatus.NO_DATA, 0);
  }

  /** 0x1206 after the upload: result 1 fails a task whose file did not arrive; 0 without a file is "no data". */
  async followUp(event: InstructionOrderEvent): Promise<void> {
    const result = event.replyBody?.uploadResult as { result?: number } | undefined;
    if (!result || event.status !== InstructionStatus.SUCCESS) return;
    // The terminal sends 0x1206 once its upload is done: give the file's own arrival a moment to be recorded first.
    if (result.result === 0) await new Promise((resolve) => setTimeout(resolve, FILE_SETTLE_MS).unref());
    if (this.stopped) return;
    const task = await this.tasks.findOneBy({ requestId: event.batchId });
    if (!task || task.status !== VideoDownloadStatus.EXECUTING || this.writing.has(task.id)) return;
    await this.finish(task, result.result === 0 ? VideoDownloadStatus.NO_DATA : VideoDownloadStatus.GENERATION_FAILED, result.result === 0 ? 0 : ErrorCode.VIDEO_DOWNLOAD_FAILED);
  }

  private async finish(task: VideoDownload, status: number, errorCode: number): Promise<void> {
    Object.assign(task, { status, errorCode, finishedAt: Date.now() });
    await this.tasks.update({ id: task.id }, { status, errorCode, finishedAt: task.finishedAt, path: task.path, fileName: task.fileName, receivedSize: task.receivedSize });
    if (status !== VideoDownloadStatus.DOWNLOADED && status !== VideoDownloadStatus.EXECUTING) rmSync(this.storage.resolve(uploadFolder(task.id)), { recursive: true, force: true });
  }

  private async visible(user: AuthUser, id: number): Promise<VideoDownload> {
    const task = await whereInScope(this.tasks.createQueryBuilder('d'), user, 'd', { vehicleColumn: 'vehicle_id' }).andWhere('d.id = :id', { id }).getOne();
    if (!task) throw new AppError(ErrorCode.VIDEO_FILE_NOT_FOUND);
    return task;
  }

  private view(task: VideoDownload): VideoDownloadView {
    const received = this.writing.get(task.id)?.() ?? task.receivedSize;
    const progress = task.status === VideoDownloadStatus.DOWNLOADED ? 100 : task.expectedSize > 0 ? Math.min(99, Math.floor((received / task.expectedSize) * 100)) : 0;
    return {
      id: task.id,
      vehicleId: task.vehicleId,
      plateCode: task.plateCode,
      channel: task.channel,
      startTime: task.startTime,
      endTime: task.endTime,
      status: task.status,
      progress,
      fileSize: received,
      fileName: task.fileName,
      errorCode: task.errorCode,
      createdAt: task.createdAt,
      finishedAt: task.finishedAt,
    };
  }
}

function uploadFolder(taskId: number): string {
  return join('uploads', String(taskId));
}

/** A console time as stored: "YYYY-MM-DD HH:mm:ss" (China time). */
function time(value: string): string {
  return formatCst(parseTimeParam(value, 'time'));
}

function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
