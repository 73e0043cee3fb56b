/** Alarm types the list filters by (0x0200 bits of JT/T 808-2019 table 24, then the platform's), for the select. */
export const ALARM_TYPES = [
  'emergency', 'overspeed', 'fatigueDriving', 'dangerousDriving', 'gnssModuleFault', 'gnssAntennaDisconnected', 'gnssAntennaShortCircuit',
  'mainPowerUndervoltage', 'mainPowerOff', 'displayFault', 'ttsModuleFault', 'cameraFault', 'icCardModuleFault', 'overspeedWarning',
  'fatigueDrivingWarning', 'illegalDriving', 'tyrePressureWarning', 'rightTurnBlindSpot', 'dailyDrivingTimeout', 'parkingTimeout',
  'areaInOut', 'routeInOut', 'routeDriveTime', 'routeDeviation', 'vssFault', 'fuelAbnormal', 'vehicleStolen', 'illegalIgnition',
  'illegalMovement', 'collisionWarning', 'rolloverWarning', 'illegalDoorOpen',
  'fenceIn', 'fenceOut', 'areaOverspeed', 'areaOverRpm', 'segmentTooLong', 'segmentTooShort', 'stayTooLong', 'muckViolation',
  'platformOverspeed', 'platformFatigue', 'nightDriving', 'stoppedTooLong', 'offlineTooLong',
  'adasForwardCollision', 'adasLaneDeparture', 'adasTooClose', 'adasPedestrianCollision', 'adasFrequentLaneChange', 'adasRoadSignOverLimit',
  'adasObstacle', 'adasRoadSignRecognised', 'adasActiveCapture', 'dsmFatigue', 'dsmPhoneCall', 'dsmSmoking', 'dsmDistraction',
  'dsmDriverAbnormal', 'dsmAutoCapture', 'dsmDriverChange', 'tpmsAlarm', 'bsdRearApproach', 'bsdLeftRearApproach', 'bsdRightRearApproach',
  'videoSignalLoss', 'videoOcclusion', 'videoStorageFault', 'videoDeviceFault', 'busOvercrowding', 'abnormalDrivingBehaviour', 'recordingThreshold',
  // GB/T 32960 table 18 battery alarms (source energy)
  'temperatureDifference', 'batteryHighTemperature', 'packOverVoltage', 'packUnderVoltage', 'socLow', 'cellOverVoltage', 'cellUnderVoltage',
  'socHigh', 'socJump', 'packMismatch', 'cellConsistency', 'insulation', 'dcdcTemperature', 'brakeSystem', 'dcdcState',
  'motorControllerTemperature', 'highVoltageInterlock', 'motorTemperature', 'packOvercharge',
  // Detected by the fuel ledger (source fuel)
  'fuelTheft',
  // Detected by the cold chain (source coldChain)
  'coldChainTooWarm', 'coldChainTooCold', 'coldChainHumidity', 'coldChainDoorOpenMoving', 'coldChainDoorOpenTooLong',
] as const;

/** Preset handling results (spec §4): 17 false alarm ... 21 reported to police, 22 custom (remark). */
export const HANDLE_RESULTS = [17, 18, 19, 20, 21, 22] as const;

/** Tag colour of each alarm level (0 emergency ... 3 tip). */
export const ALARM_LEVEL_INTENT: Readonly<Record<number, 'danger' | 'warning' | 'primary' | 'none'>> = { 0: 'danger', 1: 'warning', 2: 'primary', 3: 'none' };
