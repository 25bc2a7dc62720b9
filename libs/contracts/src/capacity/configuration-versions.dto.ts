/**
 * Configuration versions (configuration.md "Versions"): the history, one version's provenance, an activation, and
 * the changes between two configurations (the compare and the preview).
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CalculateDeliveryCapacityRequest } from './calculate-delivery-capacity.request';
import { BacktestRangeRequest, ConfigurationBacktestResponse } from './configuration-backtest.dto';
import { ConfigurationImportRequest } from './configuration-document.dto';
import { ReservationRisksResponse } from './reservation-risk.dto';

export const VERSION_HOWS = ['IMPORT', 'LOAD', 'ROLLBACK'] as const;

/** One line of `GET {base}/configuration/versions`. */
export class ConfigurationVersionSummary {
  @ApiProperty({ type: Number, format: 'int64', example: 8 }) version!: number;
  @ApiProperty({ type: String, format: 'date-time', example: '2026-11-25T14:52:03.118Z' }) loadedAt!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The subject of the principal that made it; null for versions recorded before it was kept.',
    example: 'planner@example.com',
  })
  createdBy!: string | null;
  @ApiProperty({
    enum: VERSION_HOWS,
    enumName: 'ConfigurationVersionHow',
    nullable: true,
    description:
      'IMPORT: PUT /configuration; LOAD: POST /configuration/load; ROLLBACK: an older version activated again ' +
      '(`sourceVersion`); null for versions recorded before it was kept.',
    example: 'ROLLBACK',
  })
  how!: (typeof VERSION_HOWS)[number] | null;
  @ApiProperty({ type: Number, format: 'int64', nullable: true, example: 6 }) sourceVersion!: number | null;
  @ApiProperty({ type: Number, format: 'int32', example: 4 }) nodes!: number;
  @ApiProperty({ type: Number, format: 'int32', example: 2 }) zones!: number;
  @ApiProperty({ type: Number, format: 'int32', example: 6 }) routes!: number;
  @ApiProperty({
    type: Boolean,
    description: 'The newest version: the one every replica serves.',
    example: true,
  })
  active!: boolean;
}

/** `GET {base}/configuration/versions`: newest first. */
export class ConfigurationVersionsResponse {
  @ApiProperty({ type: () => ConfigurationVersionSummary, isArray: true })
  versions!: ConfigurationVersionSummary[];
  @ApiProperty({ type: Number, format: 'int64', description: '0 when none was ever loaded.', example: 8 })
  activeVersion!: number;
  @ApiProperty({
    type: Number,
    format: 'int64',
    nullable: true,
    description: 'Pass as `before` for the next (older) page; null on the last page.',
    example: 6,
  })
  nextBefore!: number | null;
}

/** `POST {base}/configuration/versions/{version}/activation`. */
export class ConfigurationActivationResponse {
  @ApiProperty({ type: String, example: 'Configuration loaded: version 9 (4 nodes, 2 zones, 6 routes)' })
  message!: string;
  @ApiProperty({ type: Number, format: 'int64', description: 'The new version.', example: 9 })
  version!: number;
  @ApiProperty({ type: Number, format: 'int64', description: 'The version activated again.', example: 6 })
  sourceVersion!: number;
}

export class FieldChangeResponse {
  @ApiProperty({ type: String, example: 'daysOfWeek' }) field!: string;
  @ApiProperty({
    description: 'The value before (any JSON value; null when absent)',
    example: ['LUN', 'MIE'],
  })
  old!: unknown;
  @ApiProperty({ description: 'The value after', example: [] }) new!: unknown;
}

export class EntryChangeResponse {
  @ApiProperty({ type: String, example: 'R-CD01-LIMCENTRO-N' }) key!: string;
  @ApiProperty({ type: () => FieldChangeResponse, isArray: true }) fields!: FieldChangeResponse[];
}

export class ChangeCountsResponse {
  @ApiProperty({ type: Number, format: 'int32', example: 1 }) added!: number;
  @ApiProperty({ type: Number, format: 'int32', example: 0 }) removed!: number;
  @ApiProperty({ type: Number, format: 'int32', example: 1 }) changed!: number;
}

/** One kind of entry: whole counts, lists cut at `limit`. */
export class SectionChangesResponse {
  @ApiProperty({ type: () => ChangeCountsResponse }) counts!: ChangeCountsResponse;
  @ApiProperty({ type: String, isArray: true, example: ['R-NEW'] }) added!: string[];
  @ApiProperty({ type: String, isArray: true, example: [] }) removed!: string[];
  @ApiProperty({ type: () => EntryChangeResponse, isArray: true }) changed!: EntryChangeResponse[];
}

/**
 * What changes from one configuration to another. Keys: node, zone and route codes; windows `route:window`;
 * holidays `node:date`; capacity overrides `scope:ref:date`.
 */
export class ConfigurationChangesResponse {
  @ApiProperty({ type: () => FieldChangeResponse, isArray: true }) settings!: FieldChangeResponse[];
  @ApiProperty({ type: () => SectionChangesResponse }) nodes!: SectionChangesResponse;
  @ApiProperty({ type: () => SectionChangesResponse }) zones!: SectionChangesResponse;
  @ApiProperty({ type: () => SectionChangesResponse }) routes!: SectionChangesResponse;
  @ApiProperty({ type: () => SectionChangesResponse }) windows!: SectionChangesResponse;
  @ApiProperty({ type: () => SectionChangesResponse }) holidays!: SectionChangesResponse;
  @ApiProperty({ type: () => SectionChangesResponse }) capacityOverrides!: SectionChangesResponse;
  @ApiProperty({
    type: Boolean,
    description: 'Some list holds fewer entries than its count.',
    example: false,
  })
  truncated!: boolean;
}

/** `GET {base}/configuration/versions/{version}/changes`. */
export class ConfigurationComparisonResponse extends ConfigurationChangesResponse {
  @ApiProperty({ type: Number, format: 'int64', description: 'The version compared from.', example: 6 })
  since!: number;
  @ApiProperty({ type: Number, format: 'int64', description: 'The version compared to.', example: 8 })
  version!: number;
}

export class FirstPromiseResponse {
  @ApiProperty({ type: String, format: 'date', example: '2026-11-27' }) date!: string;
  @ApiProperty({ type: String, nullable: true, example: 'R-CD01-LIMCENTRO-N' }) route!: string | null;
}

export const PROMISE_EFFECTS = [
  'UNCHANGED',
  'ROUTE_CHANGED',
  'EARLIER',
  'LATER',
  'LOST',
  'GAINED',
  'NONE',
] as const;

export class PromiseChangeResponse {
  @ApiProperty({
    type: String,
    description: 'Mode and zone of the request',
    example: 'HOME_DELIVERY:LIM-CENTRO',
  })
  identifier!: string;
  @ApiProperty({ type: String, description: 'The origin it ships from', example: 'CD01' }) origin!: string;
  @ApiProperty({ type: () => FirstPromiseResponse, nullable: true }) before!: FirstPromiseResponse | null;
  @ApiProperty({ type: () => FirstPromiseResponse, nullable: true }) after!: FirstPromiseResponse | null;
  @ApiProperty({ enum: PROMISE_EFFECTS, enumName: 'PromiseEffect', example: 'LOST' })
  effect!: (typeof PROMISE_EFFECTS)[number];
  @ApiProperty({
    type: Number,
    format: 'int32',
    nullable: true,
    description: 'Days the first date moved',
    example: null,
  })
  days!: number | null;
}

export class PromiseSummaryResponse {
  @ApiProperty({ type: Number, format: 'int32', example: 0 }) earlier!: number;
  @ApiProperty({ type: Number, format: 'int32', example: 0 }) later!: number;
  @ApiProperty({ type: Number, format: 'int32', example: 1 }) lost!: number;
  @ApiProperty({ type: Number, format: 'int32', example: 0 }) gained!: number;
  @ApiProperty({ type: Number, format: 'int32', example: 0 }) routeChanged!: number;
  @ApiProperty({ type: Number, format: 'int32', example: 1 }) unchanged!: number;
  @ApiProperty({ type: Number, format: 'int32', description: 'No promise before nor after', example: 0 })
  none!: number;
}

export class PromiseImpactResponse {
  @ApiProperty({ type: Number, format: 'int32', example: 2 }) requests!: number;
  @ApiProperty({ type: () => PromiseSummaryResponse }) summary!: PromiseSummaryResponse;
  @ApiProperty({
    type: () => PromiseChangeResponse,
    isArray: true,
    description: 'Lost first, then the latest moves',
  })
  worst!: PromiseChangeResponse[];
}

/** `POST {base}/configuration/preview`: nothing written. */
export class ConfigurationPreviewResponse {
  @ApiProperty({ type: Number, format: 'int64', description: 'The version compared with.', example: 8 })
  activeVersion!: number;
  @ApiProperty({ type: () => ConfigurationChangesResponse }) changes!: ConfigurationChangesResponse;
  @ApiProperty({ type: () => PromiseImpactResponse }) promises!: PromiseImpactResponse;
  @ApiProperty({
    type: () => ReservationRisksResponse,
    description: 'The HELD and CONFIRMED reservations whose plan the document would no longer keep',
  })
  reservations!: ReservationRisksResponse;
  @ApiPropertyOptional({
    type: () => ConfigurationBacktestResponse,
    description:
      'Only when `backtest` was asked: the recorded promises of its range replayed through the document',
  })
  backtest?: ConfigurationBacktestResponse;
}

/** `POST {base}/configuration/preview`: the `PUT` document, and optionally the requests whose promises to compare. */
export class ConfigurationPreviewRequest extends ConfigurationImportRequest {
  @ApiPropertyOptional({
    type: () => CalculateDeliveryCapacityRequest,
    isArray: true,
    maxItems: 100,
    description:
      'Layout A requests, each checked as POST /delivery/capacity checks one (400 VALIDATION_ERROR, paths ' +
      '`previewRequests[i].…`); absent: one request per zone a home-delivery route reaches.',
  })
  previewRequests?: CalculateDeliveryCapacityRequest[];
  @ApiPropertyOptional({
    type: () => BacktestRangeRequest,
    description:
      'Replay the promises of the orders placed on these days through the document, at the instants they were ' +
      'placed, and judge both dates against what was delivered (400 VALIDATION_ERROR, paths `backtest.…`).',
  })
  backtest?: BacktestRangeRequest;
}
