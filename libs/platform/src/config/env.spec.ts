import { combineConfig, ConfigError, env, parseEnv } from './env';

describe('parseEnv', () => {
  const schema = {
    PORT: env.port(3000),
    BASE_PATH: env.basePath('/capacity/v1'),
    LOG_LEVEL: env.oneOf(['info', 'debug'], 'info'),
    DATABASE_URL: env.url(['postgres'], 'postgres://localhost/delivery'),
    TZ_BUSINESS: env.timeZone('America/Lima'),
  };

  it('applies defaults for unset and empty variables', () => {
    expect(parseEnv(schema, { PORT: '' })).toEqual({
      PORT: 3000,
      BASE_PATH: '/capacity/v1',
      LOG_LEVEL: 'info',
      DATABASE_URL: 'postgres://localhost/delivery',
      TZ_BUSINESS: 'America/Lima',
    });
  });

  it('reports every bad variable by name with its rule', () => {
    let error: ConfigError | undefined;
    try {
      parseEnv(schema, {
        PORT: '80a',
        BASE_PATH: 'capacity/',
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'mysql://x/y',
        TZ_BUSINESS: 'Mars/Olympus',
      });
    } catch (e) {
      error = e as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.problems).toEqual([
      'PORT: must be an integer from 1 to 65535 (got "80a")',
      'BASE_PATH: must look like /segment/v1 without a trailing slash (got "capacity/")',
      'LOG_LEVEL: must be one of info, debug (got "loud")',
      'DATABASE_URL: must use postgres',
      'TZ_BUSINESS: must be an IANA time zone such as America/Lima (got "Mars/Olympus")',
    ]);
    expect(error?.message).toBe(`Invalid configuration:\n  ${error?.problems.join('\n  ')}`);
  });

  it('rejects a port out of range and a value that is not a URL', () => {
    expect(() => parseEnv(schema, { PORT: '70000' })).toThrow(
      'PORT: must be an integer from 1 to 65535 (got "70000")',
    );
    expect(() => parseEnv(schema, { DATABASE_URL: 'not a url' })).toThrow(
      'DATABASE_URL: must be a URL (postgres)',
    );
  });
});

describe('combineConfig', () => {
  it('reports the problems of every part together', () => {
    expect(() =>
      combineConfig(
        () => parseEnv({ PORT: env.port(3000) }, { PORT: 'x' }),
        () => {
          throw new Error('JWT_SECRET: must be at least 32 characters');
        },
      ),
    ).toThrow(
      'Invalid configuration:\n  PORT: must be an integer from 1 to 65535 (got "x")\n  JWT_SECRET: must be at least 32 characters',
    );
  });

  it('merges the parts when all are valid', () => {
    expect(
      combineConfig(
        () => ({ a: 1 }),
        () => ({ b: 'x' }),
      ),
    ).toEqual({ a: 1, b: 'x' });
  });
});

describe('TRUST_PROXY', () => {
  const parse = (value?: string) => parseEnv({ TRUST_PROXY: env.trustProxy() }, { TRUST_PROXY: value });

  it('is unset by default, a hop count or a list of addresses and CIDRs for Express', () => {
    expect(parse(undefined).TRUST_PROXY).toBeUndefined();
    expect(parse('0').TRUST_PROXY).toBe(0);
    expect(parse('2').TRUST_PROXY).toBe(2);
    expect(parse('10.0.0.0/8, 192.168.1.7,fd00::/8,loopback').TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each([
    ['33', 'TRUST_PROXY: must be a hop count from 0 to 32 or a list of CIDRs (got "33")'],
    ['10.0.0.0/33', 'got "10.0.0.0/33"'],
    ['true', 'got "true"'],
    ['10.0.0.0/8,ingress', 'got "ingress"'],
  ])('refuses %s', (value, message) => {
    expect(() => parse(value)).toThrow(message);
  });
});
