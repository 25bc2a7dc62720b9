import { Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBasicAuth, ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Scopes, type Principal } from '@delivery/auth';
import {
  ActiveConfigurationResponse,
  BACKTEST_EXAMPLE,
  CONFIGURATION_EXAMPLE,
  ConfigurationImportRequest,
  ConfigurationImportResponse,
  ConfigurationLoadResponse,
  ConfigurationPreviewQuery,
  ConfigurationPreviewRequest,
  DEFAULT_CHANGES_LIMIT,
  LAYOUT_A_EXAMPLE,
  ConfigurationPreviewResponse,
} from '@delivery/contracts';
import { ParametersPipe } from '@delivery/platform';
import { ErrorResponses } from '../shared';
import { ActiveConfiguration } from '../snapshot';
import { ConfigurationPreviewPipe, type PreviewBody } from './configuration-preview.pipe';
import { activeConfigurationBody, loadMessage } from './configuration.presenter';
import { presentPreview } from './configuration-preview.presenter';
import { ImportConfigurationUseCase } from './import-configuration.use-case';
import { LoadConfigurationUseCase } from './load-configuration.use-case';
import { PreviewConfigurationUseCase } from './preview-configuration.use-case';

const INVALID_DOCUMENT = ErrorResponses.error('CONFIGURATION_INVALID', 'The configuration is invalid', {
  errors: [{ field: 'routes[2].source', message: "unknown node 'CD09'" }],
});
const INVALID = ErrorResponses.badRequest(
  'CONFIGURATION_INVALID: every problem in `details.errors` (`field` is its JSON path); nothing changed',
  INVALID_DOCUMENT,
);
const INVALID_PREVIEW = ErrorResponses.badRequest(
  'CONFIGURATION_INVALID: every problem of the document in `details.errors` (`field` is its JSON path); ' +
    'VALIDATION_ERROR: malformed JSON, a bad `previewRequests` (problems under `previewRequests[i].`) or ' +
    '`backtest` (under `backtest.`; at most 92 days), a `limit` ' +
    'out of range or a query parameter this operation does not define',
  INVALID_DOCUMENT,
);

/** Configuration operations (docs/configuration.md): import a document, read the active one, load from the tables. */
@ApiTags('configuration')
@ApiBearerAuth('bearer')
@ApiBasicAuth('basic')
@Controller('configuration')
export class ConfigurationController {
  constructor(
    private readonly importConfiguration: ImportConfigurationUseCase,
    private readonly loadConfiguration: LoadConfigurationUseCase,
    private readonly active: ActiveConfiguration,
    private readonly previewConfiguration: PreviewConfigurationUseCase,
  ) {}

  @Put()
  @Scopes('configuration:write')
  @ApiOperation({
    operationId: 'replaceConfiguration',
    summary: 'Replace the configuration with a document and load it (scope configuration:write)',
    description:
      'Validates the whole document, replaces the configuration tables, upserts the optional `stock` and `usage` ' +
      'rows and records a new version in one transaction, then serves it; other replicas follow.',
  })
  @ApiBody({
    type: ConfigurationImportRequest,
    examples: {
      oneRoute: { summary: 'One warehouse serving one zone, with stock', value: CONFIGURATION_EXAMPLE },
    },
  })
  @ApiOkResponse({ type: ConfigurationImportResponse })
  @INVALID
  @ErrorResponses.common('configuration:write')
  @ErrorResponses.payloadTooLarge('CONFIGURATION_BODY_LIMIT_MB (default 16 MB)')
  @ErrorResponses.unsupportedMediaType()
  async replace(
    @Body() document: unknown,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ConfigurationImportResponse> {
    const configuration = await this.importConfiguration.execute(document, principal.subject);
    return { message: loadMessage(configuration), version: configuration.version };
  }

  @Get()
  @Scopes('configuration:read')
  @ApiOperation({
    operationId: 'getConfiguration',
    summary: 'The active configuration, its version and load time (scope configuration:read)',
  })
  @ApiOkResponse({ type: ActiveConfigurationResponse })
  @ErrorResponses.common('configuration:read')
  read(): Record<string, unknown> {
    return activeConfigurationBody(this.active.get());
  }

  @Post('load')
  @HttpCode(200)
  @Scopes('configuration:load')
  @ApiOperation({
    operationId: 'loadConfiguration',
    summary: 'Rebuild the configuration from the tables and load it (scope configuration:load)',
    description: 'No body. Validates what the tables hold; when invalid the active configuration stays.',
  })
  @ApiOkResponse({ type: ConfigurationLoadResponse })
  @INVALID
  @ErrorResponses.common('configuration:load')
  async load(@CurrentPrincipal() principal: Principal): Promise<ConfigurationLoadResponse> {
    return { message: loadMessage(await this.loadConfiguration.execute(principal.subject)) };
  }

  @Post('preview')
  @HttpCode(200)
  @Scopes('configuration:write')
  @ApiOperation({
    operationId: 'previewConfiguration',
    summary:
      'What a document would change, and what it would do to promises; nothing written (scope configuration:write)',
    description:
      'The same body and the same 400 as PUT /configuration. Answers what changes against the active version ' +
      '(lists cut at `limit`, counts whole) and, for one request per zone a home-delivery route reaches (from that ' +
      "route's source, for today), the first delivery date and route before and after: how many moved earlier or " +
      'later, lost or gained a promise, the worst first. With `backtest: {from, to}` (purchase days), the ' +
      'promises recorded for the orders placed on those days replayed through the document at the instants they ' +
      'were placed (counters not limiting, stock not checked), per lane: the dates as promised and as the document ' +
      'would promise them, and the on-time and exact-day rates of the deliveries against each. No table, version ' +
      'or replica changes.',
  })
  @ApiBody({
    type: ConfigurationPreviewRequest,
    examples: {
      oneRoute: { summary: 'The document a PUT would send', value: CONFIGURATION_EXAMPLE },
      withRequests: {
        summary: 'The same, with the requests whose promises to compare',
        value: { ...CONFIGURATION_EXAMPLE, previewRequests: [LAYOUT_A_EXAMPLE] },
      },
      withBacktest: {
        summary: 'The same, with the promises of the orders placed on past days replayed through it',
        value: { ...CONFIGURATION_EXAMPLE, backtest: BACKTEST_EXAMPLE },
      },
    },
  })
  @ApiOkResponse({ type: ConfigurationPreviewResponse })
  @INVALID_PREVIEW
  @ErrorResponses.common('configuration:write')
  @ErrorResponses.payloadTooLarge('CONFIGURATION_BODY_LIMIT_MB (default 16 MB)')
  @ErrorResponses.unsupportedMediaType()
  async preview(
    @Query(new ParametersPipe(ConfigurationPreviewQuery)) query: ConfigurationPreviewQuery,
    @Body(ConfigurationPreviewPipe) { document, requests, backtest }: PreviewBody,
  ): Promise<ConfigurationPreviewResponse> {
    return presentPreview(
      await this.previewConfiguration.execute(
        document,
        requests,
        query.limit ?? DEFAULT_CHANGES_LIMIT,
        backtest,
      ),
    );
  }
}
