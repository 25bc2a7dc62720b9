import { Body, Controller, HttpCode, Inject, Post, Query } from '@nestjs/common';
import {
  ApiBasicAuth,
  ApiBearerAuth,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Scopes } from '@delivery/auth';
import { type CapacityRequest, isLayoutA } from '@delivery/capacity-domain';
import { ParametersPipe } from '@delivery/platform';
import {
  CapacityExplanationQuery,
  DeliveryCapacityExplanationResponse,
  EXPLANATION_REQUEST_EXAMPLE,
  EXPLANATION_RESPONSE_EXAMPLE,
  parseInstant,
} from '@delivery/contracts';
import { CapacityCalculator } from './capacity-calculator';
import { ApiCapacityRequest } from './capacity-request.openapi';
import { CapacityRequestPipe } from './capacity-request.pipe';
import { PresentedExplanation, presentExplanation } from './capacity-outcome.presenter';
import { ROUTE_ON_TIME, type RouteOnTime, type RouteOnTimeSource } from './route-on-time.port';

/**
 * `POST {base}/delivery/capacity/explanation`: the calculation's answer for the same body, with what the engine
 * looked at and why, recorded by that same engine run (docs/algorithm.md "Explaining a promise").
 */
@ApiTags('delivery capacity')
@ApiBearerAuth('bearer')
@ApiBasicAuth('basic')
@ApiExtraModels(DeliveryCapacityExplanationResponse)
@Controller('delivery')
export class DeliveryCapacityExplanationController {
  constructor(
    private readonly calculator: CapacityCalculator,
    @Inject(ROUTE_ON_TIME) private readonly routeOnTime: RouteOnTimeSource,
  ) {}

  @Post('capacity/explanation')
  @HttpCode(200)
  @Scopes('capacity:calculate')
  @ApiOperation({
    operationId: 'explainDeliveryCapacity',
    summary: 'Why a promise is what it is: the calculation plus its explanation (scope capacity:calculate)',
    description:
      'Takes exactly the body of `POST /delivery/capacity` and answers its response in `calculation`, plus, per ' +
      'group: every valid path with each search it ran (the dates passed over and why: not a picking or ' +
      'departure day, holiday, cut-off passed, counter full with used/capacity, no open window), the dates the ' +
      'range filtered, the search that ran beyond the horizon, the rank keys; and for items without origin ' +
      'the placement candidates with their ordering key, coverage per round and outcome. The `basis` states what ' +
      'the run used: the instant ("now", settable with `at`), the configuration version, the request ' +
      "`identifier`, every stored counter row read, and each chosen route's on-time rate over the 28 days before " +
      '"now" (docs/accuracy.md). Answers 200 also when the calculation answers 404 ' +
      'ROUTES_NOT_FOUND (`calculationStatus`).',
  })
  @ApiCapacityRequest(
    {
      counterAndRange: {
        summary: 'A full counter pushes the departure and a range filters the next date',
        value: EXPLANATION_REQUEST_EXAMPLE,
      },
    },
    ', an `at` that is not an instant with its offset, or a query parameter this operation does not define',
  )
  @ApiOkResponse({
    type: DeliveryCapacityExplanationResponse,
    examples: {
      counterAndRange: {
        summary: 'The full DISPATCH counter (199 of 200) and the range, as the explanation reports them',
        value: EXPLANATION_RESPONSE_EXAMPLE,
      },
    },
  })
  async explain(
    @Body(CapacityRequestPipe) request: CapacityRequest,
    @Query(new ParametersPipe(CapacityExplanationQuery)) { at }: CapacityExplanationQuery,
  ): Promise<PresentedExplanation & { explanation: { basis: { routeOnTime: RouteOnTime[] } } }> {
    const explained = await this.calculator.explain(
      request,
      at === undefined ? null : new Date(parseInstant(at) as number),
    );
    const presented = presentExplanation(explained, isLayoutA(request) ? 'A' : 'B');
    const { basis, groups } = presented.explanation;
    const chosen = groups.flatMap((group) =>
      group.paths
        .filter((path) => path.chosen)
        .map((path) => ({ route: path.route, legs: path.legs.map((leg) => leg.route) })),
    );
    const routeOnTime = await this.routeOnTime.of(chosen, new Date(basis.now));
    return { ...presented, explanation: { ...presented.explanation, basis: { ...basis, routeOnTime } } };
  }
}
