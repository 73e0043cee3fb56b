import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { freePort, RateLimitedLog } from '@openfleet/service-kit';
import { FileSystem, FtpSrv } from 'ftp-srv';
import { mkdirSync } from 'node:fs';
import type { WriteStream } from 'node:fs';
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
  ) {
    super(connection, { root, cwd: '/' });
  }

  override write(fileName: string, options?: { append?: boolean; start?: unknown }): { stream: WriteStream; clientPath: string } {
    const result = super.write(fileName, options) as { stream: WriteStream; clientPath: string };
    const fsPath = result.stream.path.toString();
    this.sink.started(this.taskId, fsPath, () => result.stream.bytesWritten);
    result.stream.once('finish', () => this.sink.finished(this.taskId, fsPath, result.stream.bytesWritten));
    result.stream.once('error', (error: Error) => this.sink.failed(this.taskId, fsPath, error));
    return result;
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
    return new UploadFileSystem(connection, grant.root, grant.taskId, this.sink!);
  }
}
