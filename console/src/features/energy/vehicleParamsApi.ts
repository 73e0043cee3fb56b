import type { VehicleParameterAnswer } from '@openfleet/contracts/energy';
import { api } from '../../app/api';

interface Target {
  vehicleId: string;
}

/** GB/T 32960 0x80-0x82 over the vehicle's 32960 link (energy service): the energy alarm dialog. */
export const vehicleParamsApi = api.injectEndpoints({
  endpoints: (build) => ({
    queryVehicleParams: build.mutation<VehicleParameterAnswer, Target & { ids: number[] }>({
      // Silent: the dialog shows the refusal beside the parameters it concerns.
      query: (body) => ({ url: 'energy/vehicle-params/query', method: 'POST', body, silent: true }),
    }),
    setVehicleParams: build.mutation<VehicleParameterAnswer, Target & { parameters: { id: number; value: number }[] }>({
      query: (body) => ({ url: 'energy/vehicle-params/set', method: 'POST', body, silent: true }),
    }),
    controlVehicle: build.mutation<VehicleParameterAnswer, Target & { command: number; alarmLevel?: number; text?: string }>({
      query: (body) => ({ url: 'energy/vehicle-params/control', method: 'POST', body, silent: true }),
    }),
  }),
});

export const { useQueryVehicleParamsMutation, useSetVehicleParamsMutation, useControlVehicleMutation } = vehicleParamsApi;

/** The refusal text of a failed call (the envelope's message in the operator's language). */
export function refusalOf(error: unknown): string {
  const envelope = (error as { envelope?: { msg?: string; errorCode?: number } } | undefined)?.envelope;
  return envelope?.msg ? `${envelope.msg} (${envelope.errorCode})` : '';
}
