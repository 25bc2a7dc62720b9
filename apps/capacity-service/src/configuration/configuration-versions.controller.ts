import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBasicAuth, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Scopes, type Principal } from '@delivery/auth';
import {
  ActiveConfigurationResponse,
  ConfigurationActivationResponse,
  ConfigurationChangesQuery,
  ConfigurationComparisonResponse,
  ConfigurationVersionPath,
  ConfigurationVersionsQuery,
  ConfigurationVersionsResponse,
  DEFAULT_CHANGES_LIMIT,
  DEFAULT_VERSIONS_PAGE,
} from '@delivery/contracts';
import { ParametersPipe } from '@delivery/platform';
import { ErrorResponses } from '../shared';
import { ActivateConfigurationVersionUseCase } from './activate-configuration-version.use-case';
import { CompareConfigurationVersionsUseCase } from './compare-configuration-versions.use-case';
import { activeConfigurationBody, loadMessage, versionSummary } from './configuration.presenter';
import { GetConfigurationVersionUseCase } from './get-configuration-version.use-case';
import { ListConfigurationVersionsUseCase } from './list-configuration-versions.use-case';
import { versionNumber } from './version-number';

const PATH = new ParametersPipe(ConfigurationVersionPath);
const NO_VERSION = ErrorResponses.error('NOT_FOUND', 'No configuration version 42', { version: '42' });
const NOT_FOUND = ErrorResponses.notFound(
  'NOT_FOUND: no such version (never recorded, or removed by the retention)',
  NO_VERSION,
);
const NOT_FOUND_EITHER = ErrorResponses.notFound(
  'NOT_FOUND: `{version}` or `since` names no version (never recorded, removed by the retention, or not a number)',
  NO_VERSION,
);
const BAD_QUERY = ErrorResponses.badRequest(
  'VALIDATION_ERROR: a query parameter is not what it should be, or is not one of this operation',
  ErrorResponses.error('VALIDATION_ERROR', 'The request is invalid', {
    errors: [{ field: 'limit', message: 'must be an integer from 1 to 100' }],
  }),
);

/** The recorded configuration versions (docs/configuration.md "Versions"): history, one version, roll back. */
@ApiTags('configuration')
@ApiBearerAuth('bearer')
@ApiBasicAuth('basic')
@Controller('configuration/versions')
export class ConfigurationVersionsController {
  constructor(
    private readonly listVersions: ListConfigurationVersionsUseCase,
    private readonly getVersion: GetConfigurationVersionUseCase,
    private readonly activation: ActivateConfigurationVersionUseCase,
    private readonly comparison: CompareConfigurationVersionsUseCase,
  ) {}

  @Get()
  @Scopes('configuration:read')
  @ApiOperation({
    operationId: 'listConfigurationVersions',
    summary: 'The recorded versions, newest first, a page at a time (scope configuration:read)',
    description:
      "Pages by version number: the first page starts at the newest version; pass the answer's `nextBefore` as " +
      '`before` for the next, older page (stable while new versions are recorded).',
  })
  @ApiOkResponse({ type: ConfigurationVersionsResponse })
  @BAD_QUERY
  @ErrorResponses.common('configuration:read')
  async list(
    @Query(new ParametersPipe(ConfigurationVersionsQuery)) query: ConfigurationVersionsQuery,
  ): Promise<ConfigurationVersionsResponse> {
    const size = query.limit ?? DEFAULT_VERSIONS_PAGE;
    const page = await this.listVersions.execute(query.before ?? null, size + 1);
    const versions = page.versions.slice(0, size);
    return {
      versions: versions.map((record) => versionSummary(record, page.newest)),
      activeVersion: page.newest,
      nextBefore: page.versions.length > size ? versions[versions.length - 1].version : null,
    };
  }

  @Get(':version')
  @Scopes('configuration:read')
  @ApiOperation({
    operationId: 'getConfigurationVersion',
    summary: "A recorded version's document, as GET /configuration answers it (scope configuration:read)",
  })
  @ApiOkResponse({ type: ActiveConfigurationResponse })
  @NOT_FOUND
  @ErrorResponses.common('configuration:read')
  async get(@Param(PATH) { version }: ConfigurationVersionPath): Promise<Record<string, unknown>> {
    return activeConfigurationBody(await this.getVersion.execute(versionNumber(version)));
  }

  @Post(':version/activation')
  @HttpCode(200)
  @Scopes('configuration:write')
  @ApiOperation({
    operationId: 'activateConfigurationVersion',
    summary:
      "Roll back: make a recorded version's content active as a new version (scope configuration:write)",
    description:
      "Imports that version's document again as PUT /configuration does (one transaction with the tables; every " +
      'replica follows), recorded as how ROLLBACK with `sourceVersion`. Stock and usage counters are operational ' +
      'data and are not rolled back.',
  })
  @ApiOkResponse({ type: ConfigurationActivationResponse })
  @NOT_FOUND
  @ErrorResponses.common('configuration:write')
  async activate(
    @Param(PATH) { version }: ConfigurationVersionPath,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ConfigurationActivationResponse> {
    const source = versionNumber(version);
    const configuration = await this.activation.execute(source, principal.subject);
    return { message: loadMessage(configuration), version: configuration.version, sourceVersion: source };
  }

  @Get(':version/changes')
  @Scopes('configuration:read')
  @ApiOperation({
    operationId: 'compareConfigurationVersions',
    summary: 'What changes from version `since` to this version (scope configuration:read)',
    description:
      'Nodes, zones, routes, windows, holidays and capacity overrides added, removed and changed (with each ' +
      'changed field, old and new), and settings. Counts are whole; each list is cut at `limit` (`truncated`). ' +
      'Symmetric: a `since` newer than `version` answers what going back to `version` changes.',
  })
  @ApiOkResponse({ type: ConfigurationComparisonResponse })
  @BAD_QUERY
  @NOT_FOUND_EITHER
  @ErrorResponses.common('configuration:read')
  async compare(
    @Param(PATH) { version }: ConfigurationVersionPath,
    @Query(new ParametersPipe(ConfigurationChangesQuery)) query: ConfigurationChangesQuery,
  ): Promise<ConfigurationComparisonResponse> {
    const to = versionNumber(version);
    const from = versionNumber(query.since);
    const changes = await this.comparison.execute(to, from, query.limit ?? DEFAULT_CHANGES_LIMIT);
    return { since: from, version: to, ...changes };
  }
}
