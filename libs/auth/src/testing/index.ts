export { TEST_JWT_SECRET, mintToken, bearer, basicHeader, type MintTokenOptions } from './token.factory';
export { generateRsaKeyPair, generateEcKeyPair, type TestKeyPair } from './key-pair.factory';
export { startJwksServer, type JwksServer } from './jwks.server';
export { apiKeyEntry, basicUserEntry } from './credential-entry.factory';
export { HeaderAuthenticator } from './header.authenticator';
export { startRedisServer, type RedisServer } from './redis.server';
