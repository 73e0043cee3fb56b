import { IsInt, Max, Min } from 'class-validator';
import { ConfigError, PlatformConfig, loadConfig, storageConfigOf } from './platform-config';

class SampleServiceConfig extends PlatformConfig {
  @IsInt()
  @Min(1)
  @Max(65535)
  HTTP_PORT = 8080;
}

describe('loadConfig', () => {
  it('uses defaults and converts numbers from the environment', () => {
    const config = loadConfig(SampleServiceConfig, { HTTP_PORT: '9000', DB_ENGINE: 'mysql', MYSQL_PASSWORD: 's3cret' });
    expect(config.HTTP_PORT).toBe(9000);
    expect(config.BUS).toBe('in-process');
    expect(storageConfigOf(config)).toEqual({
      engine: 'mysql',
      host: '127.0.0.1',
      port: 3306,
      user: 'root',
      password: 's3cret',
      databasePrefix: 'openfleet_',
    });
  });

  it('fails fast naming every invalid variable', () => {
    let caught: unknown;
    try {
      loadConfig(SampleServiceConfig, { HTTP_PORT: '70000', BUS: 'carrier-pigeon', MYSQL_PORT: 'abc' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    expect(problems).toMatch(/HTTP_PORT=70000/);
    expect(problems).toMatch(/BUS="carrier-pigeon"/);
    expect(problems).toMatch(/MYSQL_PORT/);
  });
});
