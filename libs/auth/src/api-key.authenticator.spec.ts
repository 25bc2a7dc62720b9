import { ApiKeyAuthenticator } from './api-key.authenticator';
import { parseAuthConfig } from './auth.config';
import { CredentialRejection } from './auth.errors';
import { apiKeyEntry } from './testing';

describe('ApiKeyAuthenticator', () => {
  const { apiKeys } = parseAuthConfig(
    {
      API_KEYS: [
        apiKeyEntry('checkout', 'ck_live_7f3a9b', ['capacity:calculate', 'capacity:reserve']),
        apiKeyEntry('oms', 'oms-key-42', ['capacity:calculate']),
      ].join(';'),
    },
    ['apiKey'],
  );
  const authenticator = new ApiKeyAuthenticator(apiKeys);

  it('returns the principal of a known key', () => {
    expect(authenticator.authenticate('ck_live_7f3a9b')).toEqual({
      subject: 'checkout',
      scopes: ['capacity:calculate', 'capacity:reserve'],
      scheme: 'apiKey',
    });
    expect(authenticator.authenticate('oms-key-42')).toEqual({
      subject: 'oms',
      scopes: ['capacity:calculate'],
      scheme: 'apiKey',
    });
  });

  it.each(['unknown', 'ck_live_7f3a9', 'ck_live_7f3a9b ', 'CK_LIVE_7F3A9B'])(
    'rejects the unknown key %j',
    (key) => {
      expect(() => authenticator.authenticate(key)).toThrow(new CredentialRejection('invalid_credentials'));
    },
  );

  it('rejects everything when no key is configured', () => {
    expect(() => new ApiKeyAuthenticator([]).authenticate('ck_live_7f3a9b')).toThrow(CredentialRejection);
  });
});
