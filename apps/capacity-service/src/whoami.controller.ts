import { Controller, Get, Req } from '@nestjs/common';
import { ApiBasicAuth, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Principal, Scopes } from '@delivery/auth';
import type { Request } from 'express';
import { ErrorResponses } from './shared';

/** The cheapest authenticated operation: says who the credentials are. The benchmark's baseline. */
@ApiTags('diagnostics')
@ApiBearerAuth('bearer')
@ApiBasicAuth('basic')
@Controller('whoami')
export class WhoAmIController {
  @Get()
  @Scopes('capacity:calculate')
  @ApiOperation({
    operationId: 'whoAmI',
    summary: 'Who the presented credentials are (scope capacity:calculate)',
  })
  @ApiOkResponse({ description: 'The authenticated principal' })
  @ErrorResponses.common('capacity:calculate')
  whoAmI(@Req() req: Request & { principal: Principal }): Principal {
    return req.principal;
  }
}
