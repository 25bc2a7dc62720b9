import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiForbiddenResponse,
  ApiInternalServerErrorResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { Scopes } from '@delivery/auth';
import {
  LoadProductsMessages,
  UploadAcceptedResponse,
  UploadStatusPath,
  UploadStatusResponse,
} from '@delivery/contracts';
import { ParametersPipe } from '@delivery/platform';
import type { Request, Response } from 'express';
import { GetUploadStatusQuery } from './get-upload-status.query';
import { LoadProductsBodyPipe, type UploadedProducts } from './load-products-body.pipe';
import { LOAD_PRODUCTS_BODY, LOAD_PRODUCTS_RESPONSES as R } from './load-products.openapi';
import { UploadProductsUseCase } from './upload-products.use-case';

@ApiTags('products')
@ApiBearerAuth('bearer')
@ApiUnauthorizedResponse({
  description: 'Missing or invalid token (empty body)',
  headers: {
    'WWW-Authenticate': {
      description: 'The accepted scheme',
      schema: { type: 'string', example: 'Bearer realm="product-upload-service"' },
    },
  },
})
@ApiForbiddenResponse({ description: 'Token without the scope (empty body)' })
@ApiTooManyRequestsResponse({
  description:
    'Too many failed authentications from this address, or too many calls of this operation with this token ' +
    '(only when the limits are switched on)',
  headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer', example: 60 } } },
  schema: R.tooMany,
})
@Controller('load-products')
export class LoadProductsController {
  constructor(
    private readonly upload: UploadProductsUseCase,
    private readonly status: GetUploadStatusQuery,
  ) {}

  @Post()
  @HttpCode(200)
  @Scopes('products:write')
  @ApiOperation({
    operationId: 'uploadProducts',
    summary: 'Upload up to 3000 products (scope products:write)',
  })
  @ApiBody(LOAD_PRODUCTS_BODY)
  @ApiOkResponse({
    description: 'Accepted for processing (not yet persisted); `Location` is the status of the upload',
    type: UploadAcceptedResponse,
    headers: {
      Location: {
        description: 'The upload status resource',
        schema: {
          type: 'string',
          example: '/product-upload/v1/load-products/0b0f6a0e-8d1c-4c55-9f1c-6d0b7f2f8a11',
        },
      },
    },
  })
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
  async load(
    @Body(LoadProductsBodyPipe) products: UploadedProducts,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<UploadAcceptedResponse> {
    const { accepted, rejected, processCode } = await this.upload.execute(products);
    response.setHeader('Location', `${request.originalUrl.split('?')[0].replace(/\/$/, '')}/${processCode}`);
    return { message: LoadProductsMessages.accepted(accepted, rejected, processCode), processCode };
  }

  @Get(':processCode')
  @Scopes('products:read')
  @ApiOperation({ operationId: 'getUploadStatus', summary: 'Status of an upload (scope products:read)' })
  @ApiOkResponse({ type: UploadStatusResponse })
  @ApiBadRequestResponse({ description: 'Not a UUID', schema: R.malformed })
  @ApiNotFoundResponse({ description: 'Unknown (or not recorded yet)', schema: R.notFound })
  get(
    @Param(new ParametersPipe(UploadStatusPath, { message: LoadProductsMessages.malformedProcessCode }))
    { processCode }: UploadStatusPath,
  ): Promise<UploadStatusResponse> {
    return this.status.execute(processCode);
  }
}
