import { Injectable } from '@nestjs/common';
import { VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { VEHICLE_PARAMETERS, type VehicleParameterAnswer, type VehicleParameterValue } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import {
  chinaTime,
  decodeParameterList,
  encodeParameterList,
  encodeParameterQuery,
  encodeTerminalControl,
  Gb32960EncodeError,
  ParameterCommand,
  parameterDef,
  Response,
  type Gb32960Frame,
} from '@openfleet/gb32960';
import { VehicleCommandHop } from './command-hop';
import type { ParameterQueryDto, ParameterSetDto, TerminalControlDto } from './vehicle-params.dto';
import { VehicleCommandError } from './vehicle-commands';

const DEFAULT_TIMEOUT_S = 30;
/** Every parameter of table 34 but the length items (a text's answer carries its length). */
const ALL_IDS = VEHICLE_PARAMETERS.filter((def) => def.kind !== 'length').map((def) => def.id);

/**
 * GB/T 32960 parameters and terminal control of one vehicle over its 32960 link (the energy
 * alarm dialog): 0x80 query, 0x81 set, 0x82 control, each answered by the vehicle with the same
 * command and a response flag, through whichever energy instance holds the link (VehicleCommandHop).
 * 8002 outside the scope, 7107 no VIN, 7205 no instance holds a link, 3040 the same
 * command already waiting, 7106 a value the standard's table refuses, 7103 the vehicle answered
 * "error", 7117 no answer in time.
 */
@Injectable()
export class VehicleParamsService {
  constructor(
    private readonly registry: VehicleRegistry,
    private readonly commands: VehicleCommandHop,
  ) {}

  async query(user: AuthUser, dto: ParameterQueryDto): Promise<VehicleParameterAnswer> {
    const vin = this.vinOf(user, dto.vehicleId);
    const data = this.encode(() => encodeParameterQuery({ time: chinaTime(), ids: dto.ids?.length ? dto.ids : ALL_IDS }));
    const answer = await this.send(vin, ParameterCommand.QUERY, data, dto.timeoutS);
    let parameters: VehicleParameterValue[];
    try {
      parameters = decodeParameterList(answer.data).parameters.map(({ id, value }) => ({ id, key: parameterDef(id)?.key ?? '', value }));
    } catch (error) {
      throw new AppError(ErrorCode.INSTRUCTION_MESSAGE_ERROR, { data: { vehicleId: dto.vehicleId, reason: (error as Error).message }, cause: error });
    }
    return { vehicleId: dto.vehicleId, vin, command: ParameterCommand.QUERY, response: answer.response, parameters };
  }

  async set(user: AuthUser, dto: ParameterSetDto): Promise<VehicleParameterAnswer> {
    const vin = this.vinOf(user, dto.vehicleId);
    const data = this.encode(() => encodeParameterList({ time: chinaTime(), parameters: dto.parameters }));
    const answer = await this.send(vin, ParameterCommand.SET, data, dto.timeoutS);
    return { vehicleId: dto.vehicleId, vin, command: ParameterCommand.SET, response: answer.response, parameters: dto.parameters.map(({ id, value }) => ({ id, key: parameterDef(id)?.key ?? '', value })) };
  }

  async control(user: AuthUser, dto: TerminalControlDto): Promise<VehicleParameterAnswer> {
    const vin = this.vinOf(user, dto.vehicleId);
    const data = this.encode(() => encodeTerminalControl({ time: chinaTime(), command: dto.command, alarmLevel: dto.alarmLevel, text: dto.text }));
    const answer = await this.send(vin, ParameterCommand.CONTROL, data, dto.timeoutS);
    return { vehicleId: dto.vehicleId, vin, command: ParameterCommand.CONTROL, response: answer.response, parameters: [] };
  }

  private vinOf(user: AuthUser, vehicleId: string): string {
    const vehicle = this.registry.inScope(user, vehicleId);
    if (!vehicle.vin) throw new AppError(ErrorCode.DEVICE_NOT_BOUND_TO_PROTOCOL, { data: { vehicleId, reason: 'no VIN: no GB/T 32960 link' } });
    return vehicle.vin;
  }

  private encode(build: () => Buffer): Buffer {
    try {
      return build();
    } catch (error) {
      if (error instanceof Gb32960EncodeError) throw new AppError(ErrorCode.INSTRUCTION_PARAMS_INVALID, { data: [{ field: 'parameters', reason: error.message }] });
      throw error;
    }
  }

  private async send(vin: string, command: number, data: Buffer, timeoutS = DEFAULT_TIMEOUT_S): Promise<Gb32960Frame> {
    let answer: Gb32960Frame;
    try {
      answer = await this.commands.send(vin, command, data, timeoutS * 1000);
    } catch (error) {
      if (!(error instanceof VehicleCommandError)) throw error;
      const code = { offline: ErrorCode.INSTRUCTION_VEHICLE_OFFLINE, closed: ErrorCode.INSTRUCTION_VEHICLE_OFFLINE, busy: ErrorCode.REMOTE_REQUEST_IN_PROGRESS, timeout: ErrorCode.INSTRUCTION_RESPONSE_TIMEOUT }[error.reason];
      throw new AppError(code, { data: { vin, command }, detail: error.message });
    }
    if (answer.response !== Response.SUCCESS) throw new AppError(ErrorCode.INSTRUCTION_TERMINAL_FAILED, { data: { vin, command, response: answer.response } });
    return answer;
  }
}
