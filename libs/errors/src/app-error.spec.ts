import { AppError, isAppError } from './app-error';
import { ErrorCode } from './error-code';

describe('AppError', () => {
  it('builds the error envelope in the requested locale', () => {
    const error = new AppError(ErrorCode.PLATE_DUPLICATE, { data: '京A12345' });
    expect(error.toEnvelope()).toEqual({
      flag: false,
      errorCode: 4013,
      msg: '车牌号已存在',
      data: '京A12345',
    });
    expect(error.toEnvelope('en_US').msg).toBe('The plate number already exists');
  });

  it('uses null data and HTTP 200 by default', () => {
    const error = new AppError(ErrorCode.NO_PERMISSION);
    expect(error.toEnvelope()).toEqual({ flag: false, errorCode: 403, msg: '没有权限', data: null });
    expect(error.httpStatus).toBe(200);
  });

  it('uses HTTP 401 for NOT_LOGGED_IN unless overridden', () => {
    expect(new AppError(ErrorCode.NOT_LOGGED_IN).httpStatus).toBe(401);
    expect(new AppError(ErrorCode.BAD_PARAMETER, { httpStatus: 400 }).httpStatus).toBe(400);
  });

  it('passes the server text through for SERVER_MESSAGE only', () => {
    expect(new AppError(ErrorCode.SERVER_MESSAGE, { detail: '车辆已过期' }).toEnvelope().msg).toBe(
      '车辆已过期',
    );
    expect(new AppError(ErrorCode.CONFLICT, { detail: 'row version 3 != 4' }).toEnvelope().msg).toBe(
      '数据冲突，请刷新后重试',
    );
  });

  it('is an Error with an English message and a cause', () => {
    const cause = new Error('socket closed');
    const error = new AppError(ErrorCode.TIMEOUT, { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('Request timed out');
    expect(error.cause).toBe(cause);
    expect(error.name).toBe('AppError');
  });

  it('isAppError recognises app errors only', () => {
    expect(isAppError(new AppError(ErrorCode.LOCKED))).toBe(true);
    expect(isAppError(new Error('x'))).toBe(false);
    expect(isAppError({ errorCode: 100 })).toBe(false);
    expect(isAppError(undefined)).toBe(false);
  });
});
