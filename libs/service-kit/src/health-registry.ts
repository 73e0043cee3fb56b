import { Injectable } from '@nestjs/common';

/** A named readiness probe: resolves true when the dependency answers. */
export type HealthProbe = () => Promise<boolean>;

/** Services register their dependencies' probes here (bus, their DataSource ...); /health runs them all. */
@Injectable()
export class HealthRegistry {
  private readonly probes = new Map<string, HealthProbe>();

  register(name: string, probe: HealthProbe): void {
    this.probes.set(name, probe);
  }

  entries(): [string, HealthProbe][] {
    return [...this.probes];
  }
}
