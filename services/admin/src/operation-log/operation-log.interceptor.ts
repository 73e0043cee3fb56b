import { Injectable, Logger, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { isAppError } from '@openfleet/errors';
import type { Request } from 'express';
import { catchError, tap, throwError, type Observable } from 'rxjs';
import type { Repository } from 'typeorm';
import { Company } from '../company/company.entity';
import { OperationLog } from './operation-log.entity';

const READ_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Records every changing call of the admin controllers (and logoutTerminal, a GET that changes). */
@Injectable()
export class OperationLogInterceptor implements NestInterceptor {
  private readonly logger = new Logger(OperationLogInterceptor.name);

  constructor(
    @InjectRepository(OperationLog, 'admin') private readonly logs: Repository<OperationLog>,
    @InjectRepository(Company, 'admin') private readonly companies: Repository<Company>,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const path = request.path;
    if (READ_ONLY.has(request.method) && !path.endsWith('/logoutTerminal')) return next.handle();
    return next.handle().pipe(
      tap((body: unknown) => this.record(request, (body as { errorCode?: number } | undefined)?.errorCode ?? 200)),
      catchError((error: unknown) => {
        this.record(request, isAppError(error) ? error.errorCode : 500);
        return throwError(() => error);
      }),
    );
  }

  private record(request: Request & { user?: AuthUser }, errorCode: number): void {
    const user = request.user;
    const account = path(request) === '/login' ? String((request.body as { username?: unknown })?.username ?? '').slice(0, 32) : '';
    // Fire and forget: the audit row never delays or fails the answer.
    void (async () => {
      const company = user ? await this.companies.findOne({ where: { id: Number(user.companyId) } }) : null;
      await this.logs.insert({
        userId: user ? Number(user.id) : null,
        account,
        companyPath: company?.companyPath ?? '',
        method: request.method,
        path: path(request).slice(0, 255),
        errorCode,
        ip: String(request.ip ?? '').slice(0, 64),
        createdAt: Date.now(),
      });
    })().catch((error: unknown) => this.logger.warn({ err: error }, 'operation log write failed'));
  }
}

function path(request: Request): string {
  return request.path;
}
