import { entriesOf } from './openApiKeysApi';

describe('open-API key form entries', () => {
  it('splits IP and vehicle lists on commas (either width), spaces and new lines', () => {
    expect(entriesOf('10.0.0.0/8, 127.0.0.1\n192.168.1.9，8.8.8.8  ')).toEqual(['10.0.0.0/8', '127.0.0.1', '192.168.1.9', '8.8.8.8']);
    expect(entriesOf('  ')).toEqual([]);
  });
});
