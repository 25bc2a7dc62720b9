import { Body, Controller, Delete, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBasicAuth,
  ApiBearerAuth,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
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
import type { Response } from 'express';
import { Scopes } from '@delivery/auth';
import {
  CreateReservationRequest,
  ErrorResponse,
  RESERVATION_EXAMPLE,
  ReservationResponse,
} from '@delivery/contracts';
import { ConfirmReservationUseCase } from './confirm-reservation.use-case';
import { CreateReservationUseCase } from './create-reservation.use-case';
import { GetReservationUseCase } from './get-reservation.use-case';
import { ReleaseReservationUseCase } from './release-reservation.use-case';
import { ReservationIdentifierPipe, ReservationRequestPipe } from './reservation-request.pipe';
import { presentReservation } from './reservation.presenter';

const IDENTIFIER = { name: 'identifier', type: String, example: 'order-123' };
const UNAUTHORIZED = { type: ErrorResponse, description: 'UNAUTHORIZED (with WWW-Authenticate)' };
const FORBIDDEN = { type: ErrorResponse, description: 'FORBIDDEN: the credentials lack capacity:reserve' };
const NOT_FOUND = {
  type: ErrorResponse,
  description: 'RESERVATION_NOT_FOUND: no reservation has this identifier',
};
const BAD_IDENTIFIER = { type: ErrorResponse, description: 'VALIDATION_ERROR: the identifier cannot be one' };

/** Capacity reservations (reservations.md R1): hold, confirm, release, read. Scope `capacity:reserve`. */
@ApiTags('capacity reservations')
@ApiBearerAuth('bearer')
@ApiBasicAuth('basic')
@ApiUnauthorizedResponse(UNAUTHORIZED)
@ApiForbiddenResponse(FORBIDDEN)
@ApiInternalServerErrorResponse({ type: ErrorResponse, description: 'CALCULATION_ERROR, without internals' })
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
    summary: 'Hold the capacity of chosen delivery dates (scope capacity:reserve)',
    description:
      'The layout A request is computed again; each selection must name one of its groups and listed dates (and an ' +
      'open window, or the first open one is taken). Every counter of every selection is taken at once or none is. ' +
      'The hold expires after `holdMinutes` unless confirmed. The same identifier with the same body answers the ' +
      'existing reservation (200).',
  })
  @ApiBody({
    type: CreateReservationRequest,
    examples: {
      e10: { summary: 'E10 row 1: CD01 to LIM-CENTRO, first date, AM', value: RESERVATION_EXAMPLE },
    },
  })
  @ApiCreatedResponse({ type: ReservationResponse, description: 'HELD: the counters are taken' })
  @ApiOkResponse({
    type: ReservationResponse,
    description: 'The existing reservation (same identifier and body)',
  })
  @ApiBadRequestResponse({
    type: ErrorResponse,
    description:
      'VALIDATION_ERROR: an invalid body (paths like `request.items[0].quantity`, `selections[1]`), `holdMinutes` ' +
      'outside 1–480, two selections of one group',
  })
  @ApiConflictResponse({
    type: ErrorResponse,
    description:
      'CAPACITY_ERROR: a selection matches no group, date or open window, or a counter has no room left ' +
      '(`details.selections[]` names them); IDEMPOTENCY_CONFLICT: the identifier exists with another body',
  })
  @ApiPayloadTooLargeResponse({
    type: ErrorResponse,
    description: 'PAYLOAD_TOO_LARGE: the body exceeds 1 MB',
  })
  @ApiUnsupportedMediaTypeResponse({ type: ErrorResponse, description: 'UNSUPPORTED_MEDIA_TYPE' })
  async create(
    @Body(ReservationRequestPipe) body: CreateReservationRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ReservationResponse> {
    const { created, reservation } = await this.createReservation.execute(body);
    response.status(created ? 201 : 200);
    return presentReservation(reservation);
  }

  @Post(':identifier/confirm')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Confirm a held reservation (scope capacity:reserve)',
    description: 'A confirmed reservation no longer expires; it can still be released.',
  })
  @ApiParam(IDENTIFIER)
  @ApiOkResponse({ type: ReservationResponse, description: 'CONFIRMED' })
  @ApiBadRequestResponse(BAD_IDENTIFIER)
  @ApiNotFoundResponse(NOT_FOUND)
  @ApiConflictResponse({
    type: ErrorResponse,
    description: 'RESERVATION_NOT_HELD: it is CONFIRMED, RELEASED or EXPIRED, or its hold has run out',
  })
  async confirm(
    @Param('identifier', ReservationIdentifierPipe) identifier: string,
  ): Promise<ReservationResponse> {
    return presentReservation(await this.confirmReservation.execute(identifier));
  }

  @Delete(':identifier')
  @ApiOperation({
    summary: 'Release a reservation (scope capacity:reserve)',
    description:
      'A HELD or CONFIRMED reservation gives back exactly what it took; releasing a RELEASED or EXPIRED one ' +
      'answers it unchanged.',
  })
  @ApiParam(IDENTIFIER)
  @ApiOkResponse({ type: ReservationResponse, description: 'RELEASED (or EXPIRED, unchanged)' })
  @ApiBadRequestResponse(BAD_IDENTIFIER)
  @ApiNotFoundResponse(NOT_FOUND)
  async release(
    @Param('identifier', ReservationIdentifierPipe) identifier: string,
  ): Promise<ReservationResponse> {
    return presentReservation(await this.releaseReservation.execute(identifier));
  }

  @Get(':identifier')
  @ApiOperation({
    summary: 'A reservation: status, expiry and the counters of each selection (scope capacity:reserve)',
  })
  @ApiParam(IDENTIFIER)
  @ApiOkResponse({ type: ReservationResponse })
  @ApiBadRequestResponse(BAD_IDENTIFIER)
  @ApiNotFoundResponse(NOT_FOUND)
  async get(
    @Param('identifier', ReservationIdentifierPipe) identifier: string,
  ): Promise<ReservationResponse> {
    return presentReservation(await this.getReservation.execute(identifier));
  }
}
