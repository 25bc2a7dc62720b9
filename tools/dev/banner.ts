import { Scope, SCOPES } from '@delivery/auth';
import type { DevPorts } from './dev-apps';
import type { DevSecrets } from './dev-secrets';

interface BannerInput {
  ports: DevPorts;
  /** the capacity-service replicas' ports (`npm run replicas -- N`), the first being `ports.capacity` */
  capacityPorts: number[];
  /** the outcome worker runs (only with a broker) */
  outcomeWorker: boolean;
  env: NodeJS.ProcessEnv;
  secrets: DevSecrets;
  sign: (scope: Scope) => Promise<string | undefined>;
  /** the JWT secret is the generated dev one (not one set by the caller) */
  usesDevKey: boolean;
}

/**
 * A layout A request on the demo configuration (tools/demo/configuration.json) whose purchase date is the day the
 * curl runs (`date +%F`), so it lists dates whenever it is pasted.
 */
export const DEMO_REQUEST =
  `'{"purchaseDate":"'$(date +%F)'","saleChannel":"WEB","deliveryData":{"zone":"LIM-CENTRO"},` +
  `"calculationOptions":{"validateStock":true,"dispatchCostEnabled":true},` +
  `"items":[{"skuCode":"SKU-1","origin":"CD01","quantity":2,"weight":1500}]}'`;

/** What `npm start` prints once everything is ready: where the APIs are, credentials, one curl per operation. */
export async function printBanner({
  ports,
  capacityPorts,
  outcomeWorker,
  env,
  secrets,
  sign,
  usesDevKey,
}: BannerInput): Promise<void> {
  const capacity = `http://localhost:${ports.capacity}${env.CAPACITY_BASE_PATH ?? '/capacity/v1'}`;
  const upload = `http://localhost:${ports.upload}${env.UPLOAD_BASE_PATH ?? '/product-upload/v1'}`;
  const lines = [
    '',
    'The system is up.',
    `  capacity-service        ${capacity}/docs   (health http://localhost:${ports.capacity}/health/ready, metrics /metrics)`,
    ...capacityPorts
      .slice(1)
      .map(
        (port, index) =>
          `  ${`  replica ${index + 2}`.padEnd(24)}http://localhost:${port}${env.CAPACITY_BASE_PATH ?? '/capacity/v1'}/docs   (health http://localhost:${port}/health/ready)`,
      ),
    `  product-upload-service  ${upload}/docs   (health http://localhost:${ports.upload}/health/ready)`,
    `  product-ingest-worker   http://localhost:${ports.worker}/health/ready   (metrics /metrics)`,
    ...(outcomeWorker
      ? [
          `  outcome-worker          http://localhost:${ports.outcomeWorker}/health/ready   (metrics /metrics)`,
        ]
      : []),
    '',
  ];
  const tokens: Record<string, string> = {};
  for (const scope of SCOPES) {
    const token = await sign(scope);
    if (token) tokens[scope] = token;
  }
  if (Object.keys(tokens).length) {
    lines.push(
      `Dev tokens (12 h${usesDevKey ? ', signed with the dev secret in .data/dev-secrets.json' : ''}); more with: npm run token -- --scope <scope>`,
    );
    for (const [scope, token] of Object.entries(tokens)) lines.push(`  ${scope.padEnd(20)} ${token}`);
  } else {
    lines.push('JWTs are verified with a public key or JWKS here: bring a token from your issuer.');
  }
  if (env.API_KEYS === secrets.API_KEYS)
    lines.push(`Dev API key (capacity-service, all scopes): ${secrets.apiKey}`);
  if (env.BASIC_AUTH_USERS === secrets.BASIC_AUTH_USERS)
    lines.push(
      `Dev Basic user (capacity-service, all scopes): ${secrets.basicUser} / ${secrets.basicPassword}`,
    );
  const bearer = (scope: string) => `-H "Authorization: Bearer ${tokens[scope] ?? '<token>'}"`;
  lines.push(
    '',
    'Try:',
    `  curl -s ${bearer('capacity:calculate')} ${capacity}/whoami`,
    `  curl -s -u ${secrets.basicUser}:${secrets.basicPassword} ${capacity}/whoami`,
    '  # delivery dates in the demo world, purchased today (home delivery from CD01 to LIM-CENTRO, with cost):',
    `  curl -s ${bearer('capacity:calculate')} -H 'Content-Type: application/json' ${capacity}/delivery/capacity -d ${DEMO_REQUEST}`,
    `  curl -s ${bearer('configuration:read')} ${capacity}/configuration`,
    `  curl -s -X POST ${bearer('configuration:load')} ${capacity}/configuration/load`,
    `  curl -s ${bearer('products:read')} ${upload}/whoami`,
    '',
    'Ctrl-C stops everything.',
  );
  console.log(lines.join('\n'));
}
