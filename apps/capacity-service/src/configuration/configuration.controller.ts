import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBasicAuth,
  ApiBearerAuth,
  ApiBody,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { Scopes } from '@delivery/auth';
import {
  ActiveConfigurationResponse,
  ConfigurationImportRequest,
  ConfigurationImportResponse,
  ConfigurationLoadResponse,
  ErrorResponse,
} from '@delivery/contracts';
import { ActiveConfiguration } from './active-configuration';
import { activeConfigurationBody, loadMessage } from './configuration.presenter';
import { ImportConfigurationUseCase } from './import-configuration.use-case';
import { LoadConfigurationUseCase } from './load-configuration.use-case';

const INVALID =
  'CONFIGURATION_INVALID: every problem in `details.errors` (`field` is its JSON path); nothing changed';

/** Configuration operations (configuration.md): import a document, read the active one, load from the tables. */
@ApiTags('configuration')
@ApiBearerAuth('bearer')
@ApiBasicAuth('basic')
@ApiUnauthorizedResponse({ type: ErrorResponse, description: 'UNAUTHORIZED (with WWW-Authenticate)' })
@ApiForbiddenResponse({ type: ErrorResponse, description: 'FORBIDDEN: the credentials lack the scope' })
@Controller('configuration')
export class ConfigurationController {
  constructor(
    private readonly importConfiguration: ImportConfigurationUseCase,
    private readonly loadConfiguration: LoadConfigurationUseCase,
    private readonly active: ActiveConfiguration,
  ) {}

  @Put()
  @Scopes('configuration:write')
  @ApiOperation({
    summary: 'Replace the configuration with a document and load it (scope configuration:write)',
    description:
      'Validates the whole document, replaces the configuration tables, upserts the optional `stock` and `usage` ' +
      'rows and records a new version in one transaction, then serves it; other replicas follow.',
  })
  @ApiBody({ type: ConfigurationImportRequest })
  @ApiOkResponse({ type: ConfigurationImportResponse })
  @ApiBadRequestResponse({ type: ErrorResponse, description: INVALID })
  @ApiPayloadTooLargeResponse({
    type: ErrorResponse,
    description: 'PAYLOAD_TOO_LARGE: beyond CONFIGURATION_BODY_LIMIT_MB (default 16)',
  })
  @ApiUnsupportedMediaTypeResponse({
    type: ErrorResponse,
    description: 'UNSUPPORTED_MEDIA_TYPE: the body is not JSON',
  })
  async replace(@Body() document: unknown): Promise<ConfigurationImportResponse> {
    const configuration = await this.importConfiguration.execute(document);
    return { message: loadMessage(configuration), version: configuration.version };
  }

  @Get()
  @Scopes('configuration:read')
  @ApiOperation({ summary: 'The active configuration, its version and load time (scope configuration:read)' })
  @ApiOkResponse({ type: ActiveConfigurationResponse })
  read(): Record<string, unknown> {
    return activeConfigurationBody(this.active.get());
  }

  @Post('load')
  @HttpCode(200)
  @Scopes('configuration:load')
  @ApiOperation({
    summary: 'Rebuild the configuration from the tables and load it (scope configuration:load)',
    description: 'No body. Validates what the tables hold; when invalid the active configuration stays.',
  })
  @ApiOkResponse({ type: ConfigurationLoadResponse })
  @ApiBadRequestResponse({ type: ErrorResponse, description: INVALID })
  async load(): Promise<ConfigurationLoadResponse> {
    return { message: loadMessage(await this.loadConfiguration.execute()) };
  }
}
