import { performance } from 'node:perf_hooks';
import type { DataSource } from 'typeorm';

/** What a claim found: who holds the platform and what the holder last published. */
export interface LeaseClaim {
  owned: boolean;
  holder: string;
  /** The holder's last 0x1002 verify code (0 none). */
  verifyCode: number;
  /** The holder's link status as it wrote it (JSON), '' none. */
  status: string;
  /** `performance.now()` before which this replica may act as the holder (0 when not owned). */
  ownedUntil: number;
}

/** Safety margin: a holder stops acting this long before the database lets another replica claim. */
const MARGIN_MS = 1000;

/**
 * A per-platform lease in the forwarder's own database (`link_lease`): one replica at a time holds
 * a platform's links. A claim takes the row when it is free, expired or already ours, in one
 * conditional UPDATE (or an INSERT that loses quietly to a concurrent one), then reads back who won.
 * Expiry runs on the database's clock, so replicas need no common clock; the holder counts its own
 * deadline from before its claim with the monotonic clock, minus a margin, so it stops acting
 * before anyone else can claim. Small and local to the forwarder; a generic cluster lease can
 * replace it later.
 */
export class LinkLease {
  private readonly sqlite: boolean;

  constructor(
    private readonly db: DataSource,
    readonly holder: string,
    readonly ttlMs: number,
  ) {
    this.sqlite = db.options.type === 'better-sqlite3' || db.options.type === 'sqlite';
  }

  /** The database's clock in milliseconds since the epoch. */
  private get nowMs(): string {
    return this.sqlite ? `CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)` : 'CAST(UNIX_TIMESTAMP(CURRENT_TIMESTAMP(3)) * 1000 AS SIGNED)';
  }

  /** Takes or renews the platform's lease; as holder, publishes the verify code and status. */
  async claim(platformId: number, verifyCode: number, status: string): Promise<LeaseClaim> {
    const started = performance.now();
    await this.db.query(
      `UPDATE link_lease SET holder = ?, expires_at = ${this.nowMs} + ?, verify_code = ?, status = ? WHERE platform_id = ? AND (holder = ? OR expires_at < ${this.nowMs})`,
      [this.holder, this.ttlMs, verifyCode, status, platformId, this.holder],
    );
    let row = await this.read(platformId);
    if (!row) {
      await this.db.query(`INSERT ${this.sqlite ? 'OR IGNORE' : 'IGNORE'} INTO link_lease (platform_id, holder, expires_at, verify_code, status) VALUES (?, ?, ${this.nowMs} + ?, ?, ?)`, [platformId, this.holder, this.ttlMs, verifyCode, status]);
      row = await this.read(platformId);
    }
    const owned = row?.holder === this.holder;
    return { owned, holder: row?.holder ?? '', verifyCode: Number(row?.verify_code ?? 0), status: row?.status ?? '', ownedUntil: owned ? started + this.ttlMs - MARGIN_MS : 0 };
  }

  /** The verify code each live lease's holder published (what a slave-link login must carry). */
  async verifyCodes(): Promise<Map<number, number>> {
    const rows = (await this.db.query(`SELECT platform_id, verify_code FROM link_lease WHERE expires_at >= ${this.nowMs}`)) as { platform_id: number | string; verify_code: number | string }[];
    return new Map(rows.map((row) => [Number(row.platform_id), Number(row.verify_code)]));
  }

  /** Graceful stop: the lease is free at once (the links are already closed). */
  async release(platformId: number): Promise<void> {
    await this.db.query('UPDATE link_lease SET expires_at = 0 WHERE platform_id = ? AND holder = ?', [platformId, this.holder]);
  }

  /** The platform is gone. */
  async forget(platformId: number): Promise<void> {
    await this.db.query('DELETE FROM link_lease WHERE platform_id = ?', [platformId]);
  }

  private async read(platformId: number): Promise<{ holder: string; verify_code: number | string; status: string | null } | undefined> {
    const rows = (await this.db.query('SELECT holder, verify_code, status FROM link_lease WHERE platform_id = ?', [platformId])) as { holder: string; verify_code: number | string; status: string | null }[];
    return rows[0];
  }
}
