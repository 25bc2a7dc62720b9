import { Inject, Injectable } from '@nestjs/common';
import { LoadProductsMessages, UUID_PATTERN, type UploadStatusResponse } from '@delivery/contracts';
import { ApiError } from '@delivery/platform';
import { UPLOAD_RECORDS, type UploadRecords } from './upload-status.port';
import { uploadStatusBody } from './upload-status.presenter';
import type { UploadErrorCode } from '../upload.error-codes';

const UUID = new RegExp(UUID_PATTERN, 'i');

/** P4: a malformed code is a 400, an unknown one a 404 (the worker records an upload moments after the 200). */
@Injectable()
export class GetUploadStatusQuery {
  constructor(@Inject(UPLOAD_RECORDS) private readonly uploads: UploadRecords) {}

  async execute(processCode: string): Promise<UploadStatusResponse> {
    if (!UUID.test(processCode))
      throw new ApiError<UploadErrorCode>(400, 'VALIDATION_ERROR', LoadProductsMessages.malformedProcessCode);
    const record = await this.uploads.find(processCode.toLowerCase());
    if (!record)
      throw new ApiError<UploadErrorCode>(
        404,
        'NOT_FOUND',
        LoadProductsMessages.unknownProcessCode(processCode),
      );
    return uploadStatusBody(record);
  }
}
