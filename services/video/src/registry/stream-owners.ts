import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PROCESS_ENV, RateLimitedLog } from '@openfleet/service-kit';
import { affectedRows } from '@openfleet/storage';
import { hostname } from 'node:os';
import type { DataSource } from 'typeorm';
import { StreamHub } from '../media/stream-hub';
import { VIDEO_CONFIG, type VideoConfig } from '../video-config';

/** The replica that serves a stream, as the registry has it. */
export interface StreamOwner {
  replicaId: string;
  internalUrl: string;
  expiresAt: number;
}

export type StreamClaim = { mine: true } | { mine: false; owner: StreamOwner };

/** What a talk-back key carries besides its owner: its session (the talk id) and what another replica needs to end it (a short JSON). */
export interface OwnerTag {
  sessionId: string;
  detail: string;
}

/** A registry row as it is, lease running or not. */
export interface RegistryRow extends StreamOwner {
  key: string;
  sessionId?: string;
  detail?: string;
}

interface Row {
  stream_key: string;
  replica_id: string;
  internal_url: string;
  expires_at: number | string;
  session_id: string | null;
  detail: string | null;
}

const COLUMNS = 'stream_key, replica_id, internal_url, expires_at, session_id, detail';
const rowOf = (row: Row): RegistryRow => ({ key: row.stream_key, replicaId: row.replica_id, internalUrl: row.internal_url, expiresAt: Number(row.expires_at), sessionId: row.session_id ?? undefined, detail: row.detail ?? undefined });

/** Keys renewed per UPDATE (a replica serves up to VIDEO_MAX_LINKS streams). */
const RENEW_BATCH = 500;

/**
 * The stream registry shared by the video replicas (issue 31): `video_stream_owner` in the video
 * database, one row per open stream naming the replica whose media port the terminal streams to,
 * that replica's internal URL and a lease renewed every third of VIDEO_STREAM_LEASE_S. A stream's
 * terminal link and its viewers must meet in one process, so the replica that claims a key sends
 * 0x9101/0x9201 naming itself, the others answer the owner's URLs, and the api routes the media
 * WebSocket and HLS to the owner. A replica that dies stops renewing; the next open of one of its
 * streams on a live replica finds it gone (`HolderProbe`) and takes the stream over at once, or,
 * when the holder cannot be asked, claims it once the lease lapsed; either way it asks the terminal again.
 *
 * The database rather than a compacted topic: claiming must be atomic among replicas asking at once
 * (one INSERT IGNORE or conditional UPDATE, the same on MariaDB and SQLite), and a lease must lapse
 * by itself when its holder dies, which a topic holds only by a reader's clock. With one replica
 * (standalone) every claim is its own.
 */
@Injectable()
export class StreamOwners implements OnModuleInit, OnModuleDestroy {
  private readonly log = new RateLimitedLog(new Logger('VideoStreamOwners'));
  readonly replicaId: string;
  readonly internalUrl: string;
  private readonly leaseMs: number;
  private readonly claimed = new Set<string>();
  /** Keys held for something other than a hub stream (talk-back sessions and their channels): renewed like streams while listed. */
  private readonly heldBy: (() => Iterable<string>)[] = [];
  private timer?: NodeJS.Timeout;
  private running: Promise<void> = Promise.resolve();

  constructor(
    @Inject(VIDEO_CONFIG) config: VideoConfig,
    @Inject(PROCESS_ENV) env: NodeJS.ProcessEnv,
    @InjectDataSource('video') private readonly dataSource: DataSource,
    private readonly hub: StreamHub,
  ) {
    this.replicaId = config.VIDEO_REPLICA_ID || hostname();
    this.internalUrl = (config.VIDEO_INTERNAL_URL || `http://${hostname()}:${env.HTTP_PORT || 8080}`).replace(/\/+$/, '');
    this.leaseMs = config.VIDEO_STREAM_LEASE_S * 1000;
  }

  onModuleInit(): void {
    this.timer = setInterval(() => void this.renew(), Math.floor(this.leaseMs / 3));
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
    // A clean stop frees this replica's streams at once: their next open moves them without waiting for the lease.
    const keys = [...this.claimed];
    this.claimed.clear();
    for (let i = 0; i < keys.length; i += RENEW_BATCH) {
      const batch = keys.slice(i, i + RENEW_BATCH);
      await this.dataSource.query(`DELETE FROM video_stream_owner WHERE replica_id = ? AND stream_key IN (${batch.map(() => '?').join(', ')})`, [this.replicaId, ...batch]).catch(() => undefined);
    }
  }

  /**
   * Takes `key` for this replica when nobody holds it (or its holder's lease lapsed, or it is ours); else who holds it.
   * A talk-back key is claimed with its `tag` (a stream's has none).
   */
  claim(key: string, now = Date.now(), tag?: OwnerTag): Promise<StreamClaim> {
    return this.claimOnce(key, now, tag, 0);
  }

  private async claimOnce(key: string, now: number, tag: OwnerTag | undefined, attempt: number): Promise<StreamClaim> {
    const expiresAt = now + this.leaseMs;
    const [sessionId, detail] = [tag?.sessionId ?? null, tag?.detail ?? null];
    const sqlite = this.dataSource.options.type === 'better-sqlite3' || this.dataSource.options.type === 'sqlite';
    const inserted = await this.affected(`INSERT ${sqlite ? 'OR IGNORE' : 'IGNORE'} INTO video_stream_owner (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)`, [key, this.replicaId, this.internalUrl, expiresAt, sessionId, detail]);
    const taken =
      inserted > 0 ||
      (await this.affected('UPDATE video_stream_owner SET replica_id = ?, internal_url = ?, expires_at = ?, session_id = ?, detail = ? WHERE stream_key = ? AND (expires_at < ? OR replica_id = ?)', [this.replicaId, this.internalUrl, expiresAt, sessionId, detail, key, now, this.replicaId])) > 0;
    if (taken) {
      this.claimed.add(key);
      return { mine: true };
    }
    const owner = await this.ownerOf(key, now);
    // Released between the two statements: try once more rather than answer a stream nobody serves.
    if (!owner && attempt < 2) return this.claimOnce(key, now, tag, attempt + 1);
    if (!owner) throw new Error(`stream ${key} could be neither claimed nor found`);
    return { mine: false, owner };
  }

  /**
   * Takes `key` from the holder `seen` (a replica found gone) only if its row is still exactly as
   * seen: same replica, same lease expiry. Of replicas taking over at once one wins; a holder that
   * renewed (alive after all) or a row another replica re-claimed is never taken.
   */
  async takeOver(seen: RegistryRow, now = Date.now(), tag?: OwnerTag): Promise<boolean> {
    const taken =
      (await this.affected('UPDATE video_stream_owner SET replica_id = ?, internal_url = ?, expires_at = ?, session_id = ?, detail = ? WHERE stream_key = ? AND replica_id = ? AND expires_at = ?', [
        this.replicaId,
        this.internalUrl,
        now + this.leaseMs,
        tag?.sessionId ?? null,
        tag?.detail ?? null,
        seen.key,
        seen.replicaId,
        seen.expiresAt,
      ])) > 0;
    if (taken) this.claimed.add(seen.key);
    return taken;
  }

  /** Deletes `seen`'s row only if it is still exactly as seen (a gone holder's key, never one re-claimed since). */
  async dropIfUnchanged(seen: RegistryRow): Promise<boolean> {
    return (await this.affected('DELETE FROM video_stream_owner WHERE stream_key = ? AND replica_id = ? AND expires_at = ?', [seen.key, seen.replicaId, seen.expiresAt])) > 0;
  }

  /** The row of `key` whether its lease runs or not (a dead holder's lapsed row stays until someone claims or drops it). */
  async rowOf(key: string): Promise<RegistryRow | undefined> {
    const rows: Row[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM video_stream_owner WHERE stream_key = ?`, [key]);
    return rows[0] && rowOf(rows[0]);
  }

  /** The rows of a talk session (its `talk:` key and its channels) that `replicaId` holds. */
  async sessionRows(sessionId: string, replicaId: string): Promise<RegistryRow[]> {
    const rows: Row[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM video_stream_owner WHERE session_id = ? AND replica_id = ?`, [sessionId, replicaId]);
    return rows.map(rowOf);
  }

  /** The replica serving `key` while its lease runs; undefined when none does. */
  async ownerOf(key: string, now = Date.now()): Promise<StreamOwner | undefined> {
    const rows: { replica_id: string; internal_url: string; expires_at: number | string }[] = await this.dataSource.query('SELECT replica_id, internal_url, expires_at FROM video_stream_owner WHERE stream_key = ?', [key]);
    const row = rows[0];
    if (!row || Number(row.expires_at) < now) return undefined;
    return { replicaId: row.replica_id, internalUrl: row.internal_url, expiresAt: Number(row.expires_at) };
  }

  /** This replica no longer serves `key` (the stream closed). */
  async release(key: string): Promise<void> {
    this.claimed.delete(key);
    await this.dataSource.query('DELETE FROM video_stream_owner WHERE stream_key = ? AND replica_id = ?', [key, this.replicaId]);
  }

  /** Registers keys this replica holds besides its hub's streams (talk-back): renewed while `keys` lists them, let go once it stops. */
  holdAlso(keys: () => Iterable<string>): void {
    this.heldBy.push(keys);
  }

  /**
   * Every lease period's third: the streams open here are renewed (a stream a terminal opened
   * unasked is claimed if free), the ones that closed are let go.
   */
  renew(now = Date.now()): Promise<void> {
    this.running = this.running.then(() => this.renewOnce(now)).catch((error: Error) => this.log.write('warn', `stream leases not renewed: ${error.message}`));
    return this.running;
  }

  private async renewOnce(now: number): Promise<void> {
    const open = new Set(this.hub.all().filter((stream) => !stream.closed).map((stream) => stream.key));
    const other = new Set(this.heldBy.flatMap((keys) => [...keys()]));
    for (const key of [...this.claimed]) if (!open.has(key) && !other.has(key)) await this.release(key);
    const held = [...open, ...other].filter((key) => this.claimed.has(key));
    for (let i = 0; i < held.length; i += RENEW_BATCH) {
      const batch = held.slice(i, i + RENEW_BATCH);
      await this.dataSource.query(`UPDATE video_stream_owner SET expires_at = ? WHERE replica_id = ? AND stream_key IN (${batch.map(() => '?').join(', ')})`, [now + this.leaseMs, this.replicaId, ...batch]);
    }
    for (const key of open) if (!this.claimed.has(key)) await this.claim(key, now);
  }

  private affected(sql: string, params: unknown[]): Promise<number> {
    return affectedRows(this.dataSource, sql, params);
  }
}
