import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import { AppError, ErrorCode, isAppError, messageFor, type Locale } from '@openfleet/errors';
import type { Request, Response } from 'express';

function localeOf(request: Request): Locale {
  const header = String(request.headers['accept-language'] ?? '').toLowerCase();
  return header.startsWith('en') ? 'en_US' : 'zh_CN';
}

const statusToCode: Record<number, number> = {
  [HttpStatus.BAD_REQUEST]: ErrorCode.BAD_PARAMETER,
  [HttpStatus.UNAUTHORIZED]: ErrorCode.NOT_LOGGED_IN,
  [HttpStatus.FORBIDDEN]: ErrorCode.NO_PERMISSION,
  [HttpStatus.NOT_FOUND]: ErrorCode.NOT_FOUND,
  [HttpStatus.CONFLICT]: ErrorCode.CONFLICT,
  [HttpStatus.PAYLOAD_TOO_LARGE]: ErrorCode.PAYLOAD_TOO_LARGE,
  [HttpStatus.TOO_MANY_REQUESTS]: ErrorCode.TOO_FREQUENT,
  [HttpStatus.SERVICE_UNAVAILABLE]: ErrorCode.SERVICE_UNAVAILABLE,
};

/**
 * Every failure leaves an HTTP service as the `{flag:false, errorCode, msg, data}` envelope with the
 * catalogue's message in the caller's language; unexpected errors are logged and answered as 500.
 */
@Catch()
export class EnvelopeExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('EnvelopeExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    const request = context.getRequest<Request>();
    const response = context.getResponse<Response>();
    const locale = localeOf(request);
    if (isAppError(exception)) {
      response.status(exception.httpStatus).json(exception.toEnvelope(locale));
      return;
    }
    const refused = clientErrorOf(exception);
    if (refused) {
      // body-parser's errors (too large, malformed, too deep, bad charset): the client's fault, not a 500.
      const code = refused.status === HttpStatus.PAYLOAD_TOO_LARGE ? ErrorCode.PAYLOAD_TOO_LARGE : ErrorCode.BAD_PARAMETER;
      const status = refused.status === HttpStatus.PAYLOAD_TOO_LARGE ? HttpStatus.PAYLOAD_TOO_LARGE : HttpStatus.BAD_REQUEST;
      this.logger.debug(`refused request body on ${request.url}: ${refused.type ?? refused.status}`);
      response.status(status).json(new AppError(code, { data: refused.type ?? null }).toEnvelope(locale));
      return;
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const code = statusToCode[status] ?? (status >= 500 ? ErrorCode.SERVER_ERROR : ErrorCode.REQUEST_FAILED);
      const body = exception.getResponse();
      const details = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
      // Validation problems travel in `data` so the console can show which field is wrong.
      // /health's 503 (terminus) carries which dependency is down: ops need it in the answer.
      const data = code === ErrorCode.BAD_PARAMETER && details !== undefined ? details : status === HttpStatus.SERVICE_UNAVAILABLE ? body : null;
      const httpStatus = status === HttpStatus.BAD_REQUEST || status === HttpStatus.UNAUTHORIZED || status === HttpStatus.PAYLOAD_TOO_LARGE ? status : HttpStatus.OK;
      response.status(status >= 500 ? status : httpStatus).json(new AppError(code, { data }).toEnvelope(locale));
      return;
    }
    this.logger.error({ err: exception, path: request.url }, 'unhandled error');
    response.status(HttpStatus.INTERNAL_SERVER_ERROR).json({
      flag: false,
      errorCode: ErrorCode.SERVER_ERROR,
      msg: messageFor(ErrorCode.SERVER_ERROR, locale),
      data: null,
    });
  }
}

/** An http-errors style client error (body-parser's): `expose` set and a 4xx `status`. */
function clientErrorOf(exception: unknown): { status: number; type?: string } | undefined {
  if (exception instanceof HttpException || typeof exception !== 'object' || exception === null) return undefined;
  const candidate = exception as { status?: unknown; expose?: unknown; type?: unknown };
  if (candidate.expose !== true || typeof candidate.status !== 'number' || candidate.status < 400 || candidate.status >= 500) return undefined;
  return { status: candidate.status, type: typeof candidate.type === 'string' ? candidate.type : undefined };
}
