import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiForbiddenResponse,
  ApiInternalServerErrorResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { Scopes } from '@delivery/auth';
import { LoadProductsMessages, MessageResponse, UploadStatusResponse } from '@delivery/contracts';
import { GetUploadStatusQuery } from './get-upload-status.query';
import { LOAD_PRODUCTS_BODY, LOAD_PRODUCTS_RESPONSES as R } from './load-products.openapi';
import { UploadProductsUseCase } from './upload-products.use-case';

@ApiTags('products')
@ApiBearerAuth('bearer')
@ApiUnauthorizedResponse({ description: 'Missing or invalid token (empty body)' })
@ApiForbiddenResponse({ description: 'Token without the scope (empty body)' })
@Controller('load-products')
export class LoadProductsController {
  constructor(
    private readonly upload: UploadProductsUseCase,
    private readonly status: GetUploadStatusQuery,
  ) {}

  @Post()
  @HttpCode(200)
  @Scopes('products:write')
  @ApiOperation({ summary: 'Upload up to 3000 products (scope products:write)' })
  @ApiBody(LOAD_PRODUCTS_BODY)
  @ApiOkResponse({ description: 'Accepted for processing (not yet persisted)', schema: R.ok })
  @ApiBadRequestResponse({
    description: 'Not JSON, no products, over 3000, or none valid',
    schema: R.badRequest,
  })
  @ApiPayloadTooLargeResponse({ description: 'Body over 32 MB', schema: R.tooLarge })
  @ApiUnsupportedMediaTypeResponse({ description: 'Body not declared as JSON', schema: R.unsupported })
  @ApiInternalServerErrorResponse({
    description: 'The broker did not confirm every message',
    schema: R.publishFailed,
  })
  async load(@Body() body: unknown): Promise<MessageResponse> {
    const { accepted, rejected, processCode } = await this.upload.execute(body);
    return { message: LoadProductsMessages.accepted(accepted, rejected, processCode) };
  }

  @Get(':processCode')
  @Scopes('products:read')
  @ApiOperation({ summary: 'Status of an upload (scope products:read)' })
  @ApiParam({ name: 'processCode', format: 'uuid', description: 'The process code of the upload answer' })
  @ApiOkResponse({ type: UploadStatusResponse })
  @ApiBadRequestResponse({ description: 'Not a UUID', schema: R.malformed })
  @ApiNotFoundResponse({ description: 'Unknown (or not recorded yet)', schema: R.notFound })
  get(@Param('processCode') processCode: string): Promise<UploadStatusResponse> {
    return this.status.execute(processCode);
  }
}
