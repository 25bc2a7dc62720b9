import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LoadProductsMessages, UUID_PATTERN, type UploadStatusResponse } from '@delivery/contracts';
import { pgPoolOf, UploadStatusReader } from '@delivery/persistence';
import { ApiError } from '@delivery/platform';

const UUID = new RegExp(UUID_PATTERN, 'i');

/** P4: a malformed code is a 400, an unknown one a 404 (the worker records an upload moments after the 200). */
@Injectable()
export class GetUploadStatusQuery {
  private readonly reader: UploadStatusReader;

  constructor(dataSource: DataSource) {
    this.reader = new UploadStatusReader(pgPoolOf(dataSource));
  }

  async execute(processCode: string): Promise<UploadStatusResponse> {
    if (!UUID.test(processCode))
      throw new ApiError(400, 'VALIDATION_ERROR', LoadProductsMessages.malformedProcessCode);
    const status = await this.reader.find(processCode.toLowerCase());
    if (!status) throw new ApiError(404, 'NOT_FOUND', LoadProductsMessages.unknownProcessCode(processCode));
    return status;
  }
}
