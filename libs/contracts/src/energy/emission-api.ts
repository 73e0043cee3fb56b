// What the emission API answers (`/energy/emission/*`, HJ 1239), shared by the service and the console.

/** One data stream: the diesel stream with the supplementary one; null where absent, abnormal or invalid. */
export interface EmissionStream {
  vin: string;
  vehicleId: string;
  plateCode: string;
  /** The stream's collection time, epoch ms. */
  collectedAt: number;
  /** 1 when the terminal reissued it from its blind-area store. */
  reissued: number;
  /** km/h */
  speed: number | null;
  /** kPa */
  atmosphericPressure: number | null;
  /** Actual engine torque and friction torque, % of the reference torque. */
  engineTorque: number | null;
  frictionTorque: number | null;
  engineRpm: number | null;
  /** L/h */
  fuelFlow: number | null;
  /** SCR upstream and downstream NOx sensors, ppm. */
  noxUpstream: number | null;
  noxDownstream: number | null;
  /** Reagent (urea) remaining, %. */
  reagent: number | null;
  /** kg/h */
  intakeAir: number | null;
  /** °C */
  scrInletTemp: number | null;
  scrOutletTemp: number | null;
  /** kPa */
  dpfPressureDrop: number | null;
  coolantTemp: number | null;
  /** % */
  fuelLevel: number | null;
  /** km */
  odometer: number | null;
  /** Signed WGS-84 degrees of a valid fix. */
  latitude: number | null;
  longitude: number | null;
  /** 0 overspeed, 1 speed control, 2 torque control, 3 speed/torque control, 9 normal. */
  torqueMode: number | null;
  /** % */
  accelerator: number | null;
  /** L */
  totalFuel: number | null;
  /** °C */
  ureaTankTemp: number | null;
  /** ml/h */
  ureaDosing: number | null;
  /** g */
  totalUrea: number | null;
  /** °C */
  dpfExhaustTemp: number | null;
}

/** One OBD report. */
export interface EmissionObd {
  vin: string;
  vehicleId: string;
  plateCode: string;
  collectedAt: number;
  /** 0 ISO 15765, 1 ISO 27145, 2 SAE J1939, 254 invalid. */
  protocol: number;
  /** 0 off, 1 on, 254 invalid. */
  mil: number;
  diagnosticSupport: number;
  diagnosticReadiness: number;
  obdVin: string;
  calibrationId: string;
  cvn: string;
  iupr: string;
  faultCodes: number[] | null;
}

/** noxData and ureaData chart series, aligned on `t` (epoch ms). */
export interface EmissionSeries {
  t: number[];
  noxUpstream: (number | null)[];
  noxDownstream: (number | null)[];
  scrInletTemp: (number | null)[];
  scrOutletTemp: (number | null)[];
  reagent: (number | null)[];
  ureaTankTemp: (number | null)[];
  ureaDosing: (number | null)[];
  totalUrea: (number | null)[];
  engineRpm: (number | null)[];
  speed: (number | null)[];
}
