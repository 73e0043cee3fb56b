import { Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { OpenApiGate } from './open-api-gate.service';
import type { OpenApiKey } from './open-api-key.entity';
import type { OpenApiName } from './open-apis';

const OPEN_API = 'openfleet:open-api';
/** Marks a handler as the open API `name`: signed with an app key instead of a bearer token. */
export const OpenApi = (name: OpenApiName) => SetMetadata(OPEN_API, name);

/** The request as the gate admitted it. */
export interface AdmittedRequest extends Request {
  openApiKey?: OpenApiKey;
}

/** The query as the client sent it (not Express's nested parse), for the signature. */
function rawQuery(url: string): Record<string, string[]> {
  const query: Record<string, string[]> = {};
  const search = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  for (const [key, value] of new URLSearchParams(search)) (query[key] ??= []).push(value);
  return query;
}

/**
 * Runs before validation pipes, so an unsigned request learns nothing about parameters: the gate
 * admits the request for the handler's API (or refuses with 30171-30183) and puts the key on it.
 */
@Injectable()
export class OpenApiGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly gate: OpenApiGate,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const api = this.reflector.get<OpenApiName | undefined>(OPEN_API, context.getHandler());
    if (!api) return true;
    const request = context.switchToHttp().getRequest<AdmittedRequest>();
    request.openApiKey = await this.gate.admit(
      { method: request.method, path: request.path, query: rawQuery(request.originalUrl ?? request.url), headers: request.headers as Record<string, unknown>, clientAddress: request.ip ?? request.socket.remoteAddress ?? '' },
      api,
    );
    return true;
  }
}
