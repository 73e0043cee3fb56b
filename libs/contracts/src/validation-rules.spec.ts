import { missingEmissionFields } from './validation-rules';

describe('emission-stage rules (spec §5)', () => {
  it('stage 5 needs the maximum reference torque and both tank volumes', () => {
    expect(missingEmissionFields({ emissionStandard: 5 })).toEqual(['maxReferenceTorque', 'fuelTankVolume', 'ureaTankVolume']);
    expect(missingEmissionFields({ emissionStandard: 5, maxReferenceTorque: 0, fuelTankVolume: 400, ureaTankVolume: 60 })).toEqual([]);
    // Other stages do not.
    expect(missingEmissionFields({ emissionStandard: 4 })).toEqual([]);
    expect(missingEmissionFields({ emissionStandard: 6 })).toEqual([]);
  });

  it('activation needs a security chip, and at stage 6 the environmental-bureau vehicle type', () => {
    expect(missingEmissionFields({ emissionStandard: 6, activation: 1 })).toEqual(['envVehicleType', 'securityChip']);
    expect(missingEmissionFields({ emissionStandard: 6, activation: 1, envVehicleType: ' ', securityChip: 'SC1' })).toEqual(['envVehicleType']);
    expect(missingEmissionFields({ emissionStandard: 4, activation: 1 })).toEqual(['securityChip']);
    expect(missingEmissionFields({ emissionStandard: 6, activation: 0 })).toEqual([]);
  });
});
