import { Inject, Injectable } from '@nestjs/common';
import { LoadProductsMessages, type UploadStatusResponse } from '@delivery/contracts';
import { ApiError } from '@delivery/platform';
import { UPLOAD_RECORDS, type UploadRecords } from './upload-status.port';
import { uploadStatusBody } from './upload-status.presenter';
import type { UploadErrorCode } from './upload.error-codes';

/**
 * P4: an unknown process code is a 404 (the worker records an upload moments after the 200); a malformed one never
 * gets here (the controller's path pipe answers 400).
 */
@Injectable()
export class GetUploadStatusQuery {
  constructor(@Inject(UPLOAD_RECORDS) private readonly uploads: UploadRecords) {}

  async execute(processCode: string): Promise<UploadStatusResponse> {
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
