import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { chinaDate } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { DataSource } from 'typeorm';
import { ipAllowed } from './ip-allow-list';
import { OpenApiKey } from './open-api-key.entity';
import { OPEN_API_LIMITS, type OpenApiName } from './open-apis';
import { OPEN_API_HEADERS, signatureMatches, signRequest } from './open-api-signature';
import { SecretSeal } from './secret-seal';

/** The api service's storage (the open API's tables only, docs/open-api.md). */
export const OPEN_API_STORAGE = 'api';

export interface GateRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  clientAddress: string;
}

const APP_ID = /^[A-Za-z0-9]{8,32}$/;
const NONCE = /^[A-Za-z0-9_-]{8,64}$/;
const SWEEP_MS = 60_000;

const header = (headers: Record<string, unknown>, name: string): string | undefined => {
  const value = headers[name];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};
const fail = (code: number, detail: string) => new AppError(code, { detail });

/**
 * Admits one signed request for one API or refuses it with its code (30171-30183, docs/open-api.md):
 * the key, its state and IP list, the timestamp, the signature, the grant, then the rate limits and
 * the nonce, counted in the database so every api replica shares them.
 */
@Injectable()
export class OpenApiGate implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('OpenApiGate');
  private sweeper?: NodeJS.Timeout;

  constructor(
    @InjectDataSource('api') private readonly dataSource: DataSource,
    private readonly seal: SecretSeal,
  ) {}

  onModuleInit(): void {
    // On every replica, no lease: deleting expired nonces and counters is idempotent.
    this.sweeper = setInterval(() => void this.sweep().catch((error: Error) => this.logger.warn(`sweep failed: ${error.message}`)), SWEEP_MS);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  async admit(request: GateRequest, api: OpenApiName, now = Date.now()): Promise<OpenApiKey> {
    const appId = header(request.headers, OPEN_API_HEADERS.appId);
    if (!appId) throw fail(ErrorCode.API_TOKEN_MISSING, 'X-App-Id missing');
    const signature = header(request.headers, OPEN_API_HEADERS.signature);
    if (!signature) throw fail(ErrorCode.API_SIGNATURE_MISSING, 'X-Signature missing');
    const timestamp = header(request.headers, OPEN_API_HEADERS.timestamp);
    const nonce = header(request.headers, OPEN_API_HEADERS.nonce);
    if (!APP_ID.test(appId) || !timestamp || !/^\d{10,14}$/.test(timestamp) || !nonce || !NONCE.test(nonce)) {
      throw fail(ErrorCode.API_TOKEN_INVALID, 'X-App-Id, X-Timestamp (epoch ms) or X-Nonce (8-64 of A-Z a-z 0-9 _ -) malformed or missing');
    }
    const key = await this.dataSource.getRepository(OpenApiKey).findOneBy({ appId });
    if (!key) throw fail(ErrorCode.API_APP_KEY_INVALID, 'unknown app id');
    if (!key.enabled) throw fail(ErrorCode.API_APP_KEY_DISABLED, 'key disabled');
    if (key.expiresAt !== null && key.expiresAt <= now) throw fail(ErrorCode.API_TOKEN_EXPIRED, 'key expired');
    if (!ipAllowed(listOf(key.ipAllowList), request.clientAddress)) throw fail(ErrorCode.API_IP_NOT_ALLOWED, `address ${request.clientAddress}`);
    if (Math.abs(now - Number(timestamp)) > OPEN_API_LIMITS.clockSkewMs) throw fail(ErrorCode.API_TIMESTAMP_EXPIRED, 'timestamp outside ±5 min');
    const secret = this.seal.open(key.secretSealed);
    const expected = secret && signRequest(secret, { method: request.method, path: request.path, query: request.query, appId, timestamp, nonce, body: '' });
    if (!expected || !/^[0-9a-fA-F]{64}$/.test(signature) || !signatureMatches(expected, signature)) throw fail(ErrorCode.API_SIGNATURE_INVALID, 'signature mismatch');
    if (!listOf(key.apis).includes(api)) throw fail(ErrorCode.API_NOT_GRANTED, `api ${api}`);
    // Counted before the nonce is spent: a refused request may be sent again unchanged once the window passes.
    if (!(await this.count(appId, `s:${Math.floor(now / 1000)}`, key.ratePerSecond, now + 5_000))) throw fail(ErrorCode.API_RATE_LIMITED, `over ${key.ratePerSecond}/s`);
    if (!(await this.count(appId, `d:${chinaDate(now)}`, key.ratePerDay, now + 2 * 86_400_000))) throw fail(ErrorCode.API_DAILY_LIMIT_EXCEEDED, `over ${key.ratePerDay}/day`);
    if (!(await this.spendNonce(appId, nonce, Number(timestamp) + OPEN_API_LIMITS.clockSkewMs + 1_000))) throw fail(ErrorCode.API_NONCE_REPLAYED, 'nonce used before');
    return key;
  }

  /** Adds one to a window's counter unless it has reached `limit`; false when it had. */
  private async count(appId: string, windowKey: string, limit: number, expiresAt: number): Promise<boolean> {
    await this.insertIgnore('INTO open_api_usage (app_id, window_key, count, expires_at) VALUES (?, ?, 0, ?)', [appId, windowKey, expiresAt]);
    const result = await this.dataSource
      .createQueryBuilder()
      .update('open_api_usage')
      .set({ count: () => 'count + 1' })
      .where('app_id = :appId AND window_key = :windowKey AND count < :limit', { appId, windowKey, limit })
      .execute();
    return result.affected === 1;
  }

  /** Stores the nonce; false when this app used it before (the primary key keeps it out, on every replica). */
  private async spendNonce(appId: string, nonce: string, expiresAt: number): Promise<boolean> {
    return (await this.insertIgnore('INTO open_api_nonce (app_id, nonce, expires_at) VALUES (?, ?, ?)', [appId, nonce, expiresAt])) === 1;
  }

  /** INSERT that skips a duplicate key instead of failing (no error log per replay); the rows inserted. */
  private async insertIgnore(into: string, parameters: unknown[]): Promise<number> {
    const sqlite = ['better-sqlite3', 'sqlite'].includes(this.dataSource.options.type);
    const runner = this.dataSource.createQueryRunner();
    try {
      const result = (await runner.query(`${sqlite ? 'INSERT OR IGNORE' : 'INSERT IGNORE'} ${into}`, parameters, true)) as { affected?: number };
      return result.affected ?? 0;
    } finally {
      await runner.release();
    }
  }

  /** Drops nonces whose timestamp window has passed (a replay of them is refused by 30176) and old counters. */
  async sweep(now = Date.now()): Promise<void> {
    await this.dataSource.query('DELETE FROM open_api_nonce WHERE expires_at < ?', [now]);
    await this.dataSource.query('DELETE FROM open_api_usage WHERE expires_at < ?', [now]);
  }
}

/** A comma-separated column as a list. */
export function listOf(text: string): string[] {
  return text.split(',').map((item) => item.trim()).filter(Boolean);
}
