import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { freePort, RateLimitedLog, safeFileName } from '@openfleet/service-kit';
import { FileSystem, FtpSrv } from 'ftp-srv';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import { isAbsolute, posix, relative, resolve, sep } from 'node:path';
import { VIDEO_CONFIG, type VideoConfig } from '../video-config';
import { MediaAddress } from '../media/media-address';

/** A login the FTP server accepts: one per download task, while the task runs. */
export interface UploadGrant {
  taskId: number;
  /** Directory the terminal's files land in (its FTP root). */
  root: string;
}

/** What the download service tells the FTP server. */
export interface UploadSink {
  /** The grant for these credentials, or undefined (login refused). */
  grant(user: string, password: string): Promise<UploadGrant | undefined>;
  /** A file is being written; `written()` reads its size so far. */
  started(taskId: number, fsPath: string, written: () => number): void;
  finished(taskId: number, fsPath: string, size: number): void;
  failed(taskId: number, fsPath: string, error: Error): void;
}

/** ftp-srv logs through a bunyan-like logger: ours, rate limited, debug only. */
function ftpLog(logger: Logger): unknown {
  const log = {
    child: () => log,
    trace: () => undefined,
    debug: () => undefined,
    info: () => undefined,
    warn: (...args: unknown[]) => logger.debug(args.map(String).join(' ')),
    error: (...args: unknown[]) => logger.debug(args.map(String).join(' ')),
    fatal: (...args: unknown[]) => logger.warn(args.map(String).join(' ')),
  };
  return log;
}

/** A terminal's view of its task folder: uploads only (no deleting or renaming what arrived). */
class UploadFileSystem extends FileSystem {
  constructor(
    connection: ConstructorParameters<typeof FileSystem>[0],
    root: string,
    private readonly taskId: number,
    private readonly sink: UploadSink,
    private readonly refused: (text: string) => void,
  ) {
    super(connection, { root, cwd: '/' });
  }

  override write(fileName: string, options?: { append?: boolean; start?: unknown }): { stream: WriteStream; clientPath: string } {
    const { fsPath, clientPath } = this.placeOf(fileName);
    const stream = createWriteStream(fsPath, { flags: options?.append ? 'a+' : 'w+', start: options?.start as number | undefined });
    // ftp-srv's own write unlinks on error without catching (an unhandled rejection): ours catches.
    stream.once('error', (error: Error) => {
      void unlink(fsPath).catch(() => undefined);
      this.sink.failed(this.taskId, fsPath, error);
    });
    // ftp-srv's STOR ends the file by emitting 'close' when the data socket ends.
    stream.once('close', () => stream.end());
    this.sink.started(this.taskId, fsPath, () => stream.bytesWritten);
    stream.once('finish', () => this.sink.finished(this.taskId, fsPath, stream.bytesWritten));
    return { stream, clientPath };
  }

  override mkdir(path: string): Promise<string> {
    return Promise.resolve()
      .then(() => this.placeOf(path))
      .then(({ fsPath }) => mkdir(fsPath, { recursive: true }).then(() => fsPath));
  }

  /**
   * Where a client path lands: inside the task folder (ftp-srv's rule: `..` stops at the root),
   * and a file, not the folder itself; every segment a plain name. Refused with 550 otherwise.
   */
  private placeOf(name: string): { fsPath: string; clientPath: string } {
    const unix = name.replace(/\\/g, '/');
    const clientPath = posix.isAbsolute(unix) ? posix.normalize(unix) : posix.join('/', this.currentDirectory(), unix);
    const fsPath = resolve(this.root, `.${clientPath}`);
    const inside = relative(this.root, fsPath);
    if (!inside || inside.startsWith('..') || isAbsolute(inside) || inside.split(sep).some((segment) => !safeFileName(segment))) {
      this.refused(`FTP upload path refused for task ${this.taskId}: ${JSON.stringify(name.slice(0, 64))}`);
      throw new Error('file name not allowed');
    }
    return { fsPath, clientPath };
  }

  override delete(): Promise<never> {
    return Promise.reject(new Error('not allowed'));
  }

  override rename(): Promise<never> {
    return Promise.reject(new Error('not allowed'));
  }
}

/**
 * The embedded FTP server terminals upload recordings to (0x9206). Each download task has its own
 * user and password, valid while the task runs, and its own folder under the video data directory;
 * anonymous logins are refused. Passive data ports come from VIDEO_FTP_PASV_MIN..MAX and are
 * announced with the media server's public address.
 */
@Injectable()
export class UploadFtpServer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('VideoFtp');
  private readonly log = new RateLimitedLog(this.logger);
  private server?: FtpSrv;
  private boundPort = 0;
  sink?: UploadSink;

  constructor(
    @Inject(VIDEO_CONFIG) private readonly config: VideoConfig,
    private readonly address: MediaAddress,
  ) {}

  port(): number {
    return this.boundPort;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.VIDEO_FTP_PORT < 0) return;
    this.boundPort = this.config.VIDEO_FTP_PORT || (await freePort());
    const server = new FtpSrv({
      url: `ftp://${this.config.VIDEO_MEDIA_HOST}:${this.boundPort}`,
      pasv_url: this.address.publicHost,
      pasv_min: this.config.VIDEO_FTP_PASV_MIN,
      pasv_max: this.config.VIDEO_FTP_PASV_MAX,
      anonymous: false,
      greeting: 'openfleet video upload',
      log: ftpLog(this.logger),
      timeout: 60_000,
    });
    server.on('login', ({ connection, username, password }, resolve, reject) => {
      void this.login(connection, username, password).then(
        (fs) => (fs ? resolve({ fs }) : reject(new Error('login refused'))),
        (error: Error) => reject(error),
      );
    });
    server.on('client-error', ({ error }) => this.log.write('warn', `FTP client: ${error.message}`));
    // Nothing from the FTP library may go unhandled: a listener for each error it can emit.
    const events = server as unknown as NodeJS.EventEmitter;
    events.on('server-error', ({ error }: { error: Error }) => this.log.write('warn', `FTP server: ${error.message}`));
    events.on('error', (error: Error) => this.log.write('warn', `FTP server: ${error.message}`));
    await server.listen();
    this.server = server;
    this.logger.log(`upload FTP on ${this.boundPort} (passive ${this.config.VIDEO_FTP_PASV_MIN}-${this.config.VIDEO_FTP_PASV_MAX})`);
  }

  async onModuleDestroy(): Promise<void> {
    await this.server?.close();
  }

  private async login(connection: ConstructorParameters<typeof FileSystem>[0], user: string, password: string): Promise<FileSystem | undefined> {
    const grant = this.sink && (await this.sink.grant(user, password));
    if (!grant) {
      this.log.write('warn', `FTP login refused for ${user.slice(0, 32)}`);
      return undefined;
    }
    mkdirSync(grant.root, { recursive: true });
    return new UploadFileSystem(connection, grant.root, grant.taskId, this.sink!, (text) => this.log.write('warn', text));
  }
}
