import type { ColdChainSettings } from '@openfleet/contracts/industry';
import { draftOf, settingsBody } from './ColdChainSettingsPanel';

const STORED: ColdChainSettings = {
  vehicleId: '7',
  profileId: 'g10ls-0x51',
  temperature: { min: -25, max: -15 },
  humidity: { min: null, max: 90 },
  minDurationS: 300,
  doorMovingS: null,
  doorOpenMaxS: 600,
  tripRanges: [{ label: 'chilled', from: 1, to: 2, temperature: { min: 0, max: 4 }, humidity: { min: null, max: null } }],
  updatedAt: 1,
};

describe('cold-chain settings form', () => {
  it('shows stored settings, blanks for what is not checked, and the defaults for a new vehicle', () => {
    expect(draftOf(STORED)).toMatchObject({ profileId: 'g10ls-0x51', temperatureMin: '-25', humidityMin: '', humidityMax: '90', doorMovingS: '', doorOpenMaxS: '600' });
    expect(draftOf(null)).toMatchObject({ profileId: 'jt808-standard', temperatureMin: '-25', temperatureMax: '-15', minDurationS: '300', doorMovingS: '0', doorOpenMaxS: '600' });
  });

  it('sends blanks as null and keeps the trip ranges it does not edit', () => {
    const body = settingsBody('7', { ...draftOf(STORED), temperatureMax: '-12.5', doorOpenMaxS: ' ' }, STORED);
    const { updatedAt: _stored, ...input } = STORED;
    expect(body).toEqual({ ...input, temperature: { min: -25, max: -12.5 }, doorOpenMaxS: null });
  });
});
