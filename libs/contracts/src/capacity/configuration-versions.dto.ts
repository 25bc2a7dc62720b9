/**
 * Configuration versions (configuration.md "Versions"): the history, one version's provenance, an activation, and
 * the changes between two configurations (the compare and the preview).
 */
import { ApiProperty } from '@nestjs/swagger';

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
