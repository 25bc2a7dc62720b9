import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, Matches } from 'class-validator';
import { UUID_PATTERN } from './product-message.schema';

/** `{processCode}` of `GET {base}/load-products/{processCode}`: a UUID (any case), else 400. */
export class UploadStatusPath {
  @ApiProperty({ type: String, format: 'uuid', description: 'The process code of the upload answer' })
  @IsDefined()
  @Matches(new RegExp(UUID_PATTERN, 'i'), { message: '$property must be a UUID' })
  processCode!: string;
}
