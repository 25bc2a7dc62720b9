import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { hashApiKey, hashPassword, SCOPES } from '@delivery/auth';

/** Dev credentials kept under `.data/` between runs; generated on the first run. Never used outside `npm start`. */
export interface DevSecrets {
  JWT_SECRET: string;
  apiKey: string;
  basicUser: string;
  basicPassword: string;
  API_KEYS: string;
  BASIC_AUTH_USERS: string;
}

export async function loadOrCreateDevSecrets(dataDir: string): Promise<DevSecrets> {
  const file = path.join(dataDir, 'dev-secrets.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as DevSecrets;
  const apiKey = `dev-${randomBytes(24).toString('hex')}`;
  const basicPassword = randomBytes(12).toString('base64url');
  const scopes = SCOPES.join(',');
  const secrets: DevSecrets = {
    JWT_SECRET: randomBytes(48).toString('base64url'),
    apiKey,
    basicUser: 'dev',
    basicPassword,
    API_KEYS: `dev:${hashApiKey(apiKey)}:${scopes}`,
    BASIC_AUTH_USERS: `dev:${await hashPassword(basicPassword)}:${scopes}`,
  };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}
