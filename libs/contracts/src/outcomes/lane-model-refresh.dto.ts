import { ApiProperty } from '@nestjs/swagger';

export const LANE_MODEL_REFRESH_OUTCOMES = ['BUILT', 'UNCHANGED', 'LOCKED'] as const;
export type LaneModelRefreshOutcome = (typeof LANE_MODEL_REFRESH_OUTCOMES)[number];

/** The answer of `POST {base}/delivery/lane-model/refresh`: what the refresh did, and the model this replica holds. */
export class LaneModelRefreshResponse {
  @ApiProperty({
    enum: LANE_MODEL_REFRESH_OUTCOMES,
    example: 'BUILT',
    description:
      'BUILT: a new version was built from the recorded outcomes and stored; UNCHANGED: no promise was written ' +
      'since the newest model, on the same day, so it stands; LOCKED: another replica was refreshing.',
  })
  outcome!: LaneModelRefreshOutcome;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 17,
    description: 'The version of the model this replica holds after the refresh; null before any was built.',
  })
  version!: number | null;

  @ApiProperty({
    type: String,
    format: 'date',
    nullable: true,
    example: '2026-11-28',
    description: 'The day (business time zone) that model is for; null before any was built.',
  })
  today!: string | null;

  @ApiProperty({ type: Number, example: 412, description: 'Lanes that model estimates (0 before any).' })
  lanes!: number;

  @ApiProperty({
    type: [Number],
    example: [],
    description: 'Versions the retention removed after this one was stored (BUILT only; empty otherwise).',
  })
  removed!: number[];
}
