import { ApiProperty } from '@nestjs/swagger';

/** The answer to `POST {base}/delivery/outcomes`: what became of the events, once committed. */
export class OutcomeEventsRecordedResponse {
  @ApiProperty({ type: Number, example: 3, description: 'Events in the body.' })
  received!: number;

  @ApiProperty({ type: Number, example: 2, description: 'New events stored (orphans included).' })
  stored!: number;

  @ApiProperty({
    type: Number,
    example: 1,
    description:
      'Events already stored (same reservation, selection, type and instant), or repeated in the body.',
  })
  duplicates!: number;

  @ApiProperty({
    type: Number,
    example: 0,
    description:
      'Stored events that match no promise yet: an unknown reservation, one not confirmed, a selection it does ' +
      'not have. They count as soon as the reservation is confirmed.',
  })
  orphans!: number;
}
