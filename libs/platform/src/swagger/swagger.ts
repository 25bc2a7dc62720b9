import type { INestApplication } from '@nestjs/common';
import { ApiExcludeController, DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { ApiDocumentation } from '../bootstrap';
import { HealthController } from '../health/health.controller';
import { MetricsController } from '../metrics/metrics.controller';

export interface SwaggerSettings {
  title: string;
  description: string;
  version: string;
  /** security schemes the service accepts (docs/security.md): capacity bearer + basic, upload bearer */
  schemes: ('bearer' | 'basic')[];
  /** named schemas that decorators do not produce (e.g. ones converted from JSON Schema), added to `components` */
  schemas?: Record<string, object>;
}

/** The platform's own routes (health, metrics) are not part of a service's API: they stay out of its document. */
const UNDOCUMENTED = [HealthController, MetricsController];

export function buildOpenApi(app: INestApplication, settings: SwaggerSettings): OpenAPIObject {
  for (const controller of UNDOCUMENTED) ApiExcludeController()(controller);
  const builder = new DocumentBuilder()
    .setTitle(settings.title)
    .setDescription(settings.description)
    .setVersion(settings.version);
  if (settings.schemes.includes('bearer')) {
    builder.addBearerAuth(
      { type: 'http', scheme: 'bearer', description: 'JWT (or, on capacity-service, an API key) as bearer' },
      'bearer',
    );
  }
  if (settings.schemes.includes('basic')) builder.addBasicAuth({ type: 'http', scheme: 'basic' }, 'basic');
  const document = SwaggerModule.createDocument(app, builder.build());
  if (settings.schemas) {
    document.components = {
      ...document.components,
      schemas: { ...document.components?.schemas, ...settings.schemas },
    };
  }
  document.security = settings.schemes.map((scheme) => ({ [scheme]: [] }));
  return document;
}

/** Swagger UI at `{base}/docs` and the JSON at `{base}/docs-json`, served without auth (docs/security.md). */
export function serveSwagger(app: INestApplication, basePath: string, document: OpenAPIObject): void {
  SwaggerModule.setup(`${basePath}/docs`, app, document, {
    jsonDocumentUrl: `${basePath}/docs-json`,
    yamlDocumentUrl: `${basePath}/docs-yaml`,
    swaggerOptions: { persistAuthorization: true, displayRequestDuration: true },
  });
}

/** What a service passes to `createHttpApp`: its document, served at `{base}/docs` when `SWAGGER_ENABLED`. */
export function swaggerDocumentation(settings: SwaggerSettings): ApiDocumentation {
  return (app, basePath) => serveSwagger(app, basePath, buildOpenApi(app, settings));
}
