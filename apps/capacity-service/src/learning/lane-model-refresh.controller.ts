import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBasicAuth, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '@delivery/auth';
import { LaneModelRefreshResponse } from '@delivery/contracts';
import { ErrorResponses } from '../shared';
import { LaneModelHolder } from './lane-model.holder';
import { RefreshLaneModelUseCase } from './refresh-lane-model.use-case';

/**
 * A refresh of the lane model asked for now (docs/learning.md, "Storage and refresh"): the timer's refresh, at the
 * request's instant (with the simulated clock, at its `X-Simulated-Now`: what the ground-truth simulator uses).
 */
@ApiTags('delivery outcomes')
@ApiBearerAuth('bearer')
@ApiBasicAuth('basic')
@Controller('delivery/lane-model/refresh')
export class LaneModelRefreshController {
  constructor(
    private readonly refresh: RefreshLaneModelUseCase,
    private readonly holder: LaneModelHolder,
  ) {}

  @Post()
  @HttpCode(200)
  @Scopes('outcomes:write')
  @ApiOperation({
    operationId: 'refreshLaneModel',
    summary: 'Learn the lane model from the recorded outcomes now (scope outcomes:write)',
    description:
      "What each replica's timer does every LEARNING_REFRESH_INTERVAL_MS, at once: one replica at a time builds " +
      'the next version from the recorded promises and their outcomes, unless none was written since the newest ' +
      'model on the same day; this replica then holds it (the others at their next look).',
  })
  @ApiOkResponse({ type: LaneModelRefreshResponse })
  @ErrorResponses.common('outcomes:write')
  async post(): Promise<LaneModelRefreshResponse> {
    const refreshed = await this.refresh.execute();
    const held = this.holder.current();
    return {
      outcome: 'built' in refreshed ? 'BUILT' : refreshed.skipped,
      version: held?.version ?? null,
      today: held?.today ?? null,
      lanes: held === null ? 0 : Object.keys(held.lanes).length,
      removed: 'built' in refreshed ? refreshed.removed : [],
    };
  }
}
