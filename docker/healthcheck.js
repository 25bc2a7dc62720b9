'use strict';
/**
 * The image's HEALTHCHECK: GET http://127.0.0.1:$PORT/health/live, exit 0 on a 2xx answer, 1 otherwise
 * (slim images have no curl). PORT defaults to the app's own default port, chosen by APP; the outcome worker, when
 * run from capacity-service's image on its second entry point, has PORT set (3003 in compose and Kubernetes).
 */
const DEFAULT_PORTS = {
  'capacity-service': 3000,
  'product-upload-service': 3001,
  'product-ingest-worker': 3002,
};
const port = process.env.PORT || DEFAULT_PORTS[process.env.APP] || 3000;

fetch(`http://127.0.0.1:${port}/health/live`, { signal: AbortSignal.timeout(2500) }).then(
  (response) => process.exit(response.ok ? 0 : 1),
  () => process.exit(1),
);
