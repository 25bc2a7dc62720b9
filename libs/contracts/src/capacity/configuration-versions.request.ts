/**
 * The query and path parameters of the configuration versions, the comparison and the preview (read by the
 * service's parameters pipe: numbers arrive as text and are read as numbers first; a parameter not listed is
 * refused). A version is named by text: one that names no recorded version is a 404, as in the path. The documents
 * publish these parameters as text (`type: String`), as they always have.
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsInt, IsNotEmpty, IsOptional, IsString, Max, Min } from 'class-validator';
import type { ValidationOptions } from 'class-validator';
import { MUST_NOT_BE_EMPTY } from './validation-messages';

/** A page of the history: at most this many versions, 20 unless `limit` says. */
export const MAX_VERSIONS_PAGE = 100;
export const DEFAULT_VERSIONS_PAGE = 20;
/** Entries per list of a comparison or preview, 100 unless `limit` says. */
export const MAX_CHANGES_LIMIT = 1000;
export const DEFAULT_CHANGES_LIMIT = 100;

const fromOneTo = (max: number): ValidationOptions => ({
  message: `$property must be an integer from 1 to ${max}`,
});
const POSITIVE: ValidationOptions = { message: '$property must be a positive integer' };
const changesLimit = {
  type: String,
  description: `Entries per list, 1 to ${MAX_CHANGES_LIMIT}, default ${DEFAULT_CHANGES_LIMIT}`,
};

/** `GET {base}/configuration/versions`. */
export class ConfigurationVersionsQuery {
  @ApiPropertyOptional({
    type: String,
    description: `1 to ${MAX_VERSIONS_PAGE}, default ${DEFAULT_VERSIONS_PAGE}`,
  })
  @IsOptional()
  @IsInt(fromOneTo(MAX_VERSIONS_PAGE))
  @Min(1, fromOneTo(MAX_VERSIONS_PAGE))
  @Max(MAX_VERSIONS_PAGE, fromOneTo(MAX_VERSIONS_PAGE))
  limit?: number;

  /** a version number: at most 2^53 − 1 */
  @ApiPropertyOptional({ type: String, description: 'Only versions older than this one' })
  @IsOptional()
  @IsInt(POSITIVE)
  @Min(1, POSITIVE)
  @Max(Number.MAX_SAFE_INTEGER, POSITIVE)
  before?: number;
}

/** `{version}` of the path: any text; one that names no recorded version is a 404. */
export class ConfigurationVersionPath {
  @ApiProperty({ type: String, description: 'A version number (GET …/versions lists them)', example: 6 })
  @IsDefined()
  @IsString()
  version!: string;
}

/** `GET {base}/configuration/versions/{version}/changes`. */
export class ConfigurationChangesQuery {
  /** named as `{version}` is: one that names no recorded version is a 404 */
  @ApiProperty({ type: String, description: 'The version to compare from', example: 5 })
  @IsDefined()
  @IsString()
  @IsNotEmpty(MUST_NOT_BE_EMPTY)
  since!: string;

  @ApiPropertyOptional(changesLimit)
  @IsOptional()
  @IsInt(fromOneTo(MAX_CHANGES_LIMIT))
  @Min(1, fromOneTo(MAX_CHANGES_LIMIT))
  @Max(MAX_CHANGES_LIMIT, fromOneTo(MAX_CHANGES_LIMIT))
  limit?: number;
}

/** `POST {base}/configuration/preview`. */
export class ConfigurationPreviewQuery {
  @ApiPropertyOptional(changesLimit)
  @IsOptional()
  @IsInt(fromOneTo(MAX_CHANGES_LIMIT))
  @Min(1, fromOneTo(MAX_CHANGES_LIMIT))
  @Max(MAX_CHANGES_LIMIT, fromOneTo(MAX_CHANGES_LIMIT))
  limit?: number;
}
