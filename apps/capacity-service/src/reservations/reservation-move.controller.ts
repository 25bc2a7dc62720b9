import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBasicAuth, ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '@delivery/auth';
import {
  MoveReservationRequest,
  RESERVATION_EXAMPLE,
  ReservationIdentifierPath,
  ReservationResponse,
} from '@delivery/contracts';
import { ErrorResponses } from '../shared';
import { MoveReservationPipe } from './move-reservation.pipe';
import { MoveReservationUseCase } from './move-reservation.use-case';
import { RESERVATION_PATH } from './reservation-request.pipe';
import { presentReservation } from './reservation.presenter';

/** Moves the reservation of the hold's example onto another date it lists (dates that stay valid: see its example). */
export const MOVE_EXAMPLE = {
  moveIdentifier: 'order-123-move-2',
  selections: [{ ...RESERVATION_EXAMPLE.selections[0], deliveryDate: '2036-12-02', deliveryWindow: 'PM' }],
};

/** Moving a reservation onto other selections (docs/reservations.md, "Moving a reservation"). */
@ApiTags('capacity reservations')
@ApiBearerAuth('bearer')
@ApiBasicAuth('basic')
@ErrorResponses.common('capacity:reserve')
@Scopes('capacity:reserve')
@Controller('delivery/capacity/reservations')
export class ReservationMoveController {
  constructor(private readonly moveReservation: MoveReservationUseCase) {}

  @Post(':identifier/move')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'moveReservation',
    summary: 'Move a held or confirmed reservation onto other selections (scope capacity:reserve)',
    description:
      "The reservation's own request is computed again on the active configuration, as if the order were placed " +
      'today when its purchase date has passed; the given selections (or, for each group it holds, the earliest ' +
      'listed date and its first open window) are matched as a hold matches them, and no step of a plan may be ' +
      'before today. The new counters are taken and the old ones given back in one transaction, all or nothing. ' +
      'The same move identifier with the same body answers the moved reservation and takes nothing again.',
  })
  @ApiBody({
    type: MoveReservationRequest,
    examples: {
      suggested: { summary: 'Onto the earliest promise', value: { moveIdentifier: 'order-123-move-1' } },
      chosen: { summary: 'Onto a chosen date and window', value: MOVE_EXAMPLE },
    },
  })
  @ApiOkResponse({ type: ReservationResponse, description: 'The reservation on its new selections' })
  @ErrorResponses.badRequest(
    'VALIDATION_ERROR: an invalid body or identifier, two selections of one group',
    ErrorResponses.error('VALIDATION_ERROR', 'The move request is invalid', {
      errors: [{ field: 'moveIdentifier', message: 'moveIdentifier should not be null or undefined' }],
    }),
  )
  @ErrorResponses.notFound(
    'RESERVATION_NOT_FOUND: no reservation has this identifier',
    ErrorResponses.error('RESERVATION_NOT_FOUND', 'No reservation order-123', { identifier: 'order-123' }),
  )
  @ErrorResponses.conflict(
    'RESERVATION_NOT_HELD: it is RELEASED or EXPIRED, or its hold has run out; CAPACITY_ERROR: a selection ' +
      'matches no group, date or open window, a step of its plan is before today, or a counter has no room ' +
      'left (nothing taken); ' +
      'IDEMPOTENCY_CONFLICT: the move identifier was used with another reservation or body; ' +
      'RESERVATION_NOT_MOVABLE: the reservation keeps no request to compute again',
    ErrorResponses.error('RESERVATION_NOT_HELD', 'Reservation order-123 is RELEASED, not HELD', {
      identifier: 'order-123',
      status: 'RELEASED',
    }),
  )
  @ErrorResponses.payloadTooLarge('1 MB')
  @ErrorResponses.unsupportedMediaType()
  async move(
    @Param(RESERVATION_PATH) { identifier }: ReservationIdentifierPath,
    @Body(MoveReservationPipe) body: MoveReservationRequest,
  ): Promise<ReservationResponse> {
    return presentReservation(await this.moveReservation.execute(identifier, body));
  }
}
