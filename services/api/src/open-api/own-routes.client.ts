import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { AppError, ErrorCode } from '@openfleet/errors';
import { SELF_REQUEST_HEADER, SELF_REQUEST_TOKEN } from '@openfleet/service-kit';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const REQUEST_TIMEOUT_MS = 30_000;

/** An envelope as the owning service answered it. */
export interface OwnerEnvelope<T> {
  flag: boolean;
  errorCode: number;
  msg: string;
  data: T;
}

/**
 * GETs through the api's own listener: in cluster mode it routes /gps and /basic to the owning
 * services, in standalone they answer in-process, so both modes take one path (as the dashboard seed).
 */
@Injectable()
export class OwnRoutesClient {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  async get<T>(path: string, query: Record<string, string | number | undefined>, authorization: string, locale = 'zh-CN'): Promise<OwnerEnvelope<T>> {
    const url = new URL(path, this.baseUrl());
    for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
    let response: Response;
    try {
      response = await fetch(url, { headers: { authorization, 'accept-language': locale, [SELF_REQUEST_HEADER]: SELF_REQUEST_TOKEN }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      throw new AppError(ErrorCode.GATEWAY_TIMEOUT, { detail: `${path}: ${(error as Error).message}`, cause: error });
    }
    const body = (await response.json().catch(() => undefined)) as OwnerEnvelope<T> | undefined;
    if (!body || typeof body.flag !== 'boolean') throw new AppError(ErrorCode.SERVER_ERROR, { detail: `${path}: HTTP ${response.status}, no envelope` });
    return body;
  }

  private baseUrl(): string {
    const address = (this.adapterHost.httpAdapter.getHttpServer() as Server).address() as AddressInfo;
    const unspecified = address.address === '::' || address.address === '0.0.0.0';
    const host = unspecified ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}`;
  }
}
