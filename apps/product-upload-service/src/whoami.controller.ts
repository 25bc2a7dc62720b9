import { Controller, Get, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Principal, Scopes } from '@delivery/auth';
import type { Request } from 'express';

/** Says who the presented token is; a cheap way to check a token against this service. */
@ApiTags('diagnostics')
@ApiBearerAuth('bearer')
@Controller('whoami')
export class WhoAmIController {
  @Get()
  @Scopes('products:read')
  @ApiOperation({ operationId: 'whoAmI', summary: 'Who the presented token is (scope products:read)' })
  @ApiOkResponse({ description: 'The authenticated principal' })
  whoAmI(@Req() req: Request & { principal: Principal }): Principal {
    return req.principal;
  }
}
