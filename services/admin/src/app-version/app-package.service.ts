import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { FileStore } from '@openfleet/service-kit';
import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ADMIN_CONFIG, type AdminConfig } from '../admin-config';

export const APP_PACKAGE_STORE = Symbol('APP_PACKAGE_STORE');

/** What the upload parser accepts at all (ADMIN_APP_PACKAGE_MAX_MB is at most this). */
export const APP_PACKAGE_HARD_LIMIT_BYTES = 512 * 1_048_576;

/** A stored package's name: a random id and the platform's extension (nothing a client chose). */
const PACKAGE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(apk|ipa)$/;

export interface StoredPackage {
  /** Where the app downloads it (public: the app updates before anyone signs in). */
  downloadUrl: string;
  size: number;
  sha256: string;
}

/**
 * App packages behind the file store: an upload must be a ZIP archive (APK and IPA both are) within
 * ADMIN_APP_PACKAGE_MAX_MB; it is stored under a random name that the download URL carries.
 */
@Injectable()
export class AppPackageService {
  constructor(
    @Inject(APP_PACKAGE_STORE) private readonly store: FileStore,
    @Inject(ADMIN_CONFIG) private readonly config: AdminConfig,
  ) {}

  get maxBytes(): number {
    return this.config.ADMIN_APP_PACKAGE_MAX_MB * 1_048_576;
  }

  async upload(platform: 'android' | 'ios', bytes: Buffer): Promise<StoredPackage> {
    if (bytes.length > this.maxBytes) throw new AppError(ErrorCode.UPLOAD_FILE_TOO_LARGE, { data: { size: bytes.length, max: this.maxBytes } });
    // "PK\\x03\\x04": a ZIP local file header, how every APK and IPA begins.
    if (bytes.length < 4 || bytes.readUInt32BE(0) !== 0x504b0304) throw new AppError(ErrorCode.UPLOAD_FILE_TYPE_INVALID, { data: 'not an APK or IPA (ZIP) archive' });
    const name = `${randomUUID()}.${platform === 'ios' ? 'ipa' : 'apk'}`;
    await this.store.put(name, bytes);
    return { downloadUrl: `/app/appVersion/package/${name}`, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  }

  /** The stored package `name`, or undefined (a name that is not one of ours is never looked up). */
  async open(name: string): Promise<{ stream: Readable; size: number } | undefined> {
    return PACKAGE_NAME.test(name) ? this.store.open(name) : undefined;
  }
}
