/**
 * The configuration document of configuration.md, for the OpenAPI description of `PUT`/`GET {base}/configuration`.
 * Validation of a document is the capacity domain's (`parseConfiguration`: every rule of configuration.md and
 * E11.7, every problem with its JSON path), so these classes carry Swagger decorators only.
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { COUNTER_SCOPES, DISPATCH_TYPES, ENTITY_TYPES, ROUTE_MODES, WEEKDAY_CODES } from './capacity.enums';

const CODE = '[A-Za-z0-9._-]+';

export class WholesaleSettingsDocument {
  @ApiPropertyOptional({
    type: Number,
    format: 'int32',
    nullable: true,
    minimum: 0,
    description: 'null: never wholesale (default).',
  })
  unitsThreshold?: number | null;

  @ApiPropertyOptional({ type: Number, format: 'int32', minimum: 0, default: 0 })
  additionalDays?: number;
}

export class PromiseConfidenceSettingsDocument {
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'number', format: 'double', minimum: 0.5, maximum: 0.99 },
    description:
      'Sale channel (`saleChannel` of a request or of a layout B line) → the probability its dates are kept with, ' +
      "0.50–0.99 in steps of 0.01: each group's last leg takes its lane's buffer for it (docs/learning.md). A " +
      'channel not named gets no buffer; `calculationOptions.confidence` overrides it.',
    example: { WEB: 0.95 },
  })
  bySaleChannel?: Record<string, number>;
}

export class SettingsDocument {
  @ApiPropertyOptional({
    type: String,
    description: 'IANA time zone; absent: TZ_BUSINESS.',
    example: 'America/Lima',
  })
  timezone?: string;

  @ApiPropertyOptional({ type: Number, format: 'int32', minimum: 1, maximum: 366, default: 30 })
  searchHorizonDays?: number;

  @ApiPropertyOptional({ type: Number, format: 'int32', minimum: 1, maximum: 60, default: 5 })
  maxDeliveryDates?: number;

  @ApiPropertyOptional({ type: Number, format: 'int32', minimum: 1, maximum: 5, default: 3 })
  maxLegs?: number;

  @ApiPropertyOptional({ type: Number, format: 'int32', minimum: 1, maximum: 10, default: 3 })
  maxAlternativePaths?: number;

  @ApiPropertyOptional({ type: () => WholesaleSettingsDocument })
  wholesale?: WholesaleSettingsDocument;

  @ApiPropertyOptional({
    type: () => PromiseConfidenceSettingsDocument,
    description: 'Promising at a confidence per sale channel; absent: no channel is.',
  })
  promiseConfidence?: PromiseConfidenceSettingsDocument;
}

export class AddressDocument {
  @ApiPropertyOptional({ type: String, nullable: true }) address?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) district?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) province?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) ubigeoCode?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) country?: string | null;
  @ApiPropertyOptional({ type: Number, format: 'double', nullable: true, minimum: -90, maximum: 90 })
  latitude?: number | null;
  @ApiPropertyOptional({ type: Number, format: 'double', nullable: true, minimum: -180, maximum: 180 })
  longitude?: number | null;
}

export class NodeDocument {
  @ApiProperty({ type: String, pattern: CODE, example: 'CD01' }) code!: string;
  @ApiProperty({ enum: ENTITY_TYPES }) type!: (typeof ENTITY_TYPES)[number];
  @ApiPropertyOptional({ type: String, nullable: true }) name?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) shortName?: string | null;
  @ApiPropertyOptional({ type: () => AddressDocument, nullable: true }) address?: AddressDocument | null;
  @ApiPropertyOptional({ type: String, nullable: true }) platformWarehouseId?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) platformDockId?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) contactNumber?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Set when the node is a pickup point.' })
  pickupPointId?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) deliveryTime?: string | null;
  @ApiPropertyOptional({
    enum: WEEKDAY_CODES,
    isArray: true,
    description: 'No duplicates; default all seven.',
  })
  pickingDays?: (typeof WEEKDAY_CODES)[number][];
  @ApiPropertyOptional({ type: Number, format: 'int32', minimum: 0, default: 0 }) processingDays?: number;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    pattern: '^([01]\\d|2[0-3]):[0-5]\\d$',
    example: '18:00',
  })
  pickingCutoffTime?: string | null;
  @ApiPropertyOptional({
    type: Number,
    format: 'int32',
    nullable: true,
    minimum: 0,
    description: 'null: unlimited.',
  })
  pickingCapacity?: number | null;
  @ApiPropertyOptional({ type: String, format: 'date', isArray: true }) holidays?: string[];
}

export class ZoneDocument {
  @ApiProperty({ type: String, pattern: CODE, example: 'LIM-CENTRO' }) code!: string;
  @ApiProperty({ type: String, isArray: true, description: 'An ubigeo belongs to at most one zone.' })
  ubigeoCodes!: string[];
}

export class RouteCostDocument {
  @ApiPropertyOptional({ type: Number, format: 'double', minimum: 0, default: 0 }) base?: number;
  @ApiPropertyOptional({ type: Number, format: 'double', minimum: 0, default: 0 }) perKg?: number;
}

export class DeliveryWindowDocument {
  @ApiProperty({ type: String, pattern: CODE, description: 'Unique within its route.', example: 'AM' })
  code!: string;
  @ApiProperty({ type: String, example: '09:00' }) start!: string;
  @ApiProperty({ type: String, description: 'After start.', example: '13:00' }) end!: string;
  @ApiPropertyOptional({
    type: Number,
    format: 'int32',
    nullable: true,
    minimum: 0,
    description: 'null: unlimited.',
  })
  capacity?: number | null;
}

export class RouteDocument {
  @ApiProperty({ type: String, pattern: CODE, example: 'R-CD01-LIMCENTRO-N' }) code!: string;
  @ApiPropertyOptional({ type: String, default: '' }) description?: string;
  @ApiProperty({ type: String, description: 'Source node code.' }) source!: string;
  @ApiPropertyOptional({
    type: String,
    description: 'Target node (TRANSFER, STORE_WITHDRAWAL); exactly one target.',
  })
  targetNode?: string;
  @ApiPropertyOptional({ type: String, description: 'Target zone (HOME_DELIVERY); exactly one target.' })
  targetZone?: string;
  @ApiProperty({ enum: ROUTE_MODES }) mode!: (typeof ROUTE_MODES)[number];
  @ApiPropertyOptional({ enum: DISPATCH_TYPES, isArray: true, description: 'Non-empty; default both.' })
  dispatchTypes?: (typeof DISPATCH_TYPES)[number][];
  @ApiProperty({ enum: WEEKDAY_CODES, isArray: true, description: 'No duplicates; [] allowed.' })
  daysOfWeek!: (typeof WEEKDAY_CODES)[number][];
  @ApiProperty({ type: Number, format: 'int32', minimum: 0 }) leadTimeDays!: number;
  @ApiPropertyOptional({
    type: Number,
    format: 'int32',
    nullable: true,
    minimum: 0,
    description: 'null: unlimited.',
  })
  dispatchCapacity?: number | null;
  @ApiPropertyOptional({
    type: Number,
    format: 'int32',
    minimum: 0,
    default: 100,
    description: 'Lower is preferred.',
  })
  priority?: number;
  @ApiPropertyOptional({ type: () => RouteCostDocument }) cost?: RouteCostDocument;
  @ApiPropertyOptional({ type: () => DeliveryWindowDocument, isArray: true })
  deliveryWindows?: DeliveryWindowDocument[];
}

export class CapacityOverrideDocument {
  @ApiProperty({ enum: COUNTER_SCOPES }) scope!: (typeof COUNTER_SCOPES)[number];
  @ApiProperty({
    type: String,
    description: 'Node code (PICKING), route code (DISPATCH) or route:window (WINDOW).',
  })
  ref!: string;
  @ApiProperty({ type: String, format: 'date' }) date!: string;
  @ApiProperty({
    type: Number,
    format: 'int32',
    nullable: true,
    minimum: 0,
    description: 'Required; null: unlimited that day.',
  })
  capacity!: number | null;
}

export class StockRowDocument {
  @ApiProperty({ type: String }) sku!: string;
  @ApiProperty({ type: String, description: 'Node code.' }) node!: string;
  @ApiProperty({ type: Number, format: 'double', description: 'May be negative (oversold).' })
  available!: number;
}

export class UsageRowDocument {
  @ApiProperty({ enum: COUNTER_SCOPES }) scope!: (typeof COUNTER_SCOPES)[number];
  @ApiProperty({ type: String }) ref!: string;
  @ApiProperty({ type: String, format: 'date' }) date!: string;
  @ApiProperty({ type: Number, format: 'int64', minimum: 0 }) used!: number;
}

/** The whole configuration as `GET` answers it (without the operational sections). */
export class ConfigurationDocumentBody {
  @ApiPropertyOptional({ type: () => SettingsDocument }) settings?: SettingsDocument;
  @ApiProperty({ type: () => NodeDocument, isArray: true }) nodes!: NodeDocument[];
  @ApiProperty({ type: () => ZoneDocument, isArray: true }) zones!: ZoneDocument[];
  @ApiProperty({ type: () => RouteDocument, isArray: true }) routes!: RouteDocument[];
  @ApiPropertyOptional({ type: () => CapacityOverrideDocument, isArray: true })
  capacityOverrides?: CapacityOverrideDocument[];
}

/** `PUT {base}/configuration`: the document, with the optional operational sections. */
export class ConfigurationImportRequest extends ConfigurationDocumentBody {
  @ApiPropertyOptional({
    type: () => StockRowDocument,
    isArray: true,
    description: 'Upserts these rows; absent: untouched.',
  })
  stock?: StockRowDocument[];

  @ApiPropertyOptional({
    type: () => UsageRowDocument,
    isArray: true,
    description: 'Upserts these counters; absent: untouched.',
  })
  usage?: UsageRowDocument[];
}

/** `GET {base}/configuration`: the active snapshot as a document, with its version. */
export class ActiveConfigurationResponse extends ConfigurationDocumentBody {
  @ApiProperty({
    type: Number,
    format: 'int64',
    description: '0 until a configuration was ever loaded.',
    example: 7,
  })
  version!: number;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When this version was loaded.',
  })
  loadedAt!: string | null;
}

/** ConfigurationLoadResponse (spec 2.8). */
export class ConfigurationLoadResponse {
  @ApiProperty({ type: String, example: 'Configuration loaded: version 7 (3 nodes, 2 zones, 4 routes)' })
  message!: string;
}

/** `PUT {base}/configuration` answer. */
export class ConfigurationImportResponse extends ConfigurationLoadResponse {
  @ApiProperty({ type: Number, format: 'int64', example: 7 })
  version!: number;
}
