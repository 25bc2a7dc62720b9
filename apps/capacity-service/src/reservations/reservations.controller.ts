import { Body, Controller, Delete, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import {
  ApiBasicAuth,
  ApiBearerAuth,
  ApiBody,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { Scopes } from '@delivery/auth';
import {
  CreateReservationRequest,
  DEFAULT_HOLD_MINUTES,
  RESERVATION_EXAMPLE,
  ReservationIdentifierPath,
  ReservationResponse,
} from '@delivery/contracts';
import { ErrorResponses } from '../shared';
import { ConfirmReservationUseCase } from './confirm-reservation.use-case';
import { CreateReservationUseCase } from './create-reservation.use-case';
import { GetReservationUseCase } from './get-reservation.use-case';
import { ReleaseReservationUseCase } from './release-reservation.use-case';
import { RESERVATION_PATH, ReservationRequestPipe } from './reservation-request.pipe';
import { presentReservation } from './reservation.presenter';

const NOT_A_DATE =
  '2036-11-28 is not a delivery date of the group (it lists 2036-11-27, 2036-11-29, 2036-12-02, 2036-12-04, 2036-12-06)';
const NOT_FOUND = ErrorResponses.notFound(
  'RESERVATION_NOT_FOUND: no reservation has this identifier',
  ErrorResponses.error('RESERVATION_NOT_FOUND', 'No reservation order-123', { identifier: 'order-123' }),
);
const BAD_IDENTIFIER = ErrorResponses.badRequest(
  'VALIDATION_ERROR: the identifier cannot be one',
  ErrorResponses.error('VALIDATION_ERROR', 'The reservation identifier is invalid', {
    errors: [{ field: 'identifier', message: 'must be 1 to 128 characters among A-Z a-z 0-9 . _ : -' }],
  }),
);

/** Capacity reservations (docs/reservations.md): hold, confirm, release, read. Scope `capacity:reserve`. */
@ApiTags('capacity reservations')
@ApiBearerAuth('bearer')
@ApiBasicAuth('basic')
@ErrorResponses.common('capacity:reserve')
@Scopes('capacity:reserve')
@Controller('delivery/capacity/reservations')
export class ReservationsController {
  constructor(
    private readonly createReservation: CreateReservationUseCase,
    private readonly confirmReservation: ConfirmReservationUseCase,
    private readonly releaseReservation: ReleaseReservationUseCase,
    private readonly getReservation: GetReservationUseCase,
  ) {}

  @Post()
  @ApiOperation({
    operationId: 'createReservation',
    summary: 'Hold the capacity of chosen delivery dates (scope capacity:reserve)',
    description:
      'The layout A request is computed again; each selection must name one of its groups and listed dates (and an ' +
      'open window, or the first open one is taken), and no step of its plan may be before today in the business ' +
      'time zone (a past purchase date plans a past picking day). Every counter of every selection is taken at ' +
      'once or none is. ' +
      'The hold expires after `holdMinutes` unless confirmed. The same identifier with the same body answers the ' +
      'existing reservation (200).',
  })
  @ApiBody({
    type: CreateReservationRequest,
    examples: {
      homeDelivery: {
        summary: 'Hold the AM window of 2036-11-27 for a home delivery from CD01 to LIM-CENTRO',
        value: RESERVATION_EXAMPLE,
      },
    },
  })
  @ApiCreatedResponse({ type: ReservationResponse, description: 'HELD: the counters are taken' })
  @ApiOkResponse({
    type: ReservationResponse,
    description: 'The existing reservation (same identifier and body)',
  })
  @ErrorResponses.badRequest(
    'VALIDATION_ERROR: an invalid body (paths like `request.items[0].quantity`, `selections[1]`), `holdMinutes` ' +
      'outside 1–480, two selections of one group',
    ErrorResponses.error('VALIDATION_ERROR', 'The reservation request is invalid', {
      errors: [{ field: 'holdMinutes', message: 'must not be greater than 480' }],
    }),
  )
  @ErrorResponses.conflict(
    'CAPACITY_ERROR: a selection matches no group, date or open window, a step of its plan is before today ' +
      '(`details.selections[].step`), or a counter has no room left (`details.selections[]` names them); ' +
      'IDEMPOTENCY_CONFLICT: the identifier exists with another body',
    ErrorResponses.error(
      'CAPACITY_ERROR',
      `Cannot reserve selections[0] (CD01 HOME_DELIVERY LIM-CENTRO 2036-11-28 AM): ${NOT_A_DATE}`,
      {
        selections: [
          { index: 0, ...RESERVATION_EXAMPLE.selections[0], deliveryDate: '2036-11-28', reason: NOT_A_DATE },
        ],
      },
    ),
  )
  @ErrorResponses.payloadTooLarge('1 MB')
  @ErrorResponses.unsupportedMediaType()
  async create(
    @Body(ReservationRequestPipe) body: CreateReservationRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ReservationResponse> {
    const { created, reservation } = await this.createReservation.execute({
      identifier: body.identifier,
      request: body.request,
      selections: body.selections,
      holdMinutes: body.holdMinutes ?? DEFAULT_HOLD_MINUTES,
    });
    response.status(created ? 201 : 200);
    return presentReservation(reservation);
  }

  @Post(':identifier/confirm')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'confirmReservation',
    summary: 'Confirm a held reservation (scope capacity:reserve)',
    description: 'A confirmed reservation no longer expires; it can still be released.',
  })
  @ApiOkResponse({ type: ReservationResponse, description: 'CONFIRMED' })
  @BAD_IDENTIFIER
  @NOT_FOUND
  @ErrorResponses.conflict(
    'RESERVATION_NOT_HELD: it is CONFIRMED, RELEASED or EXPIRED, or its hold has run out',
    ErrorResponses.error('RESERVATION_NOT_HELD', 'Reservation order-123 is RELEASED, not HELD', {
      identifier: 'order-123',
      status: 'RELEASED',
    }),
  )
  async confirm(
    @Param(RESERVATION_PATH) { identifier }: ReservationIdentifierPath,
  ): Promise<ReservationResponse> {
    return presentReservation(await this.confirmReservation.execute(identifier));
  }

  @Delete(':identifier')
  @ApiOperation({
    operationId: 'releaseReservation',
    summary: 'Release a reservation (scope capacity:reserve)',
    description:
      'A HELD or CONFIRMED reservation gives back exactly what it took; releasing a RELEASED or EXPIRED one ' +
      'answers it unchanged.',
  })
  @ApiOkResponse({ type: ReservationResponse, description: 'RELEASED (or EXPIRED, unchanged)' })
  @BAD_IDENTIFIER
  @NOT_FOUND
  async release(
    @Param(RESERVATION_PATH) { identifier }: ReservationIdentifierPath,
  ): Promise<ReservationResponse> {
    return presentReservation(await this.releaseReservation.execute(identifier));
  }

  @Get(':identifier')
  @ApiOperation({
    operationId: 'getReservation',
    summary: 'A reservation: status, expiry and the counters of each selection (scope capacity:reserve)',
  })
  @ApiOkResponse({ type: ReservationResponse })
  @BAD_IDENTIFIER
  @NOT_FOUND
  async get(
    @Param(RESERVATION_PATH) { identifier }: ReservationIdentifierPath,
  ): Promise<ReservationResponse> {
    return presentReservation(await this.getReservation.execute(identifier));
  }
}
