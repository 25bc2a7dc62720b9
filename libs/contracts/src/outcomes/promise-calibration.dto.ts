import { ApiProperty } from '@nestjs/swagger';
import { AccuracyRangeQuery } from './delivery-accuracy.request';

/** The query of `GET {base}/delivery/accuracy/calibration`: a range of promised dates; a parameter not listed is refused. */
export class PromiseCalibrationQuery extends AccuracyRangeQuery {}

/** What every bucket, lane and the total carry. */
export class CalibrationFiguresResponse {
  @ApiProperty({
    type: Number,
    description: 'Promises of the range made with a probability (a lane model was there to give one).',
  })
  promises!: number;
  @ApiProperty({
    type: Number,
    description: 'Those judged: delivered, or still open after their promised date (counted as not kept).',
  })
  judged!: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 0.9512,
    description: 'The mean probability of the judged promises, 4 decimals; null when none is judged.',
  })
  predicted!: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 0.9467,
    description: 'The share of the judged promises delivered on or before their date, 4 decimals.',
  })
  observed!: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 0.0481,
    description:
      'Brier score: the mean of (probability − kept)², kept being 1 or 0; 0 is perfect, 4 decimals.',
  })
  brier!: number | null;
}

export class CalibrationBucketResponse extends CalibrationFiguresResponse {
  @ApiProperty({
    type: String,
    example: '0.95-1.00',
    description:
      'The probabilities of the bucket: from the first, included, to the second, excluded (1 included).',
  })
  bucket!: string;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 0.0045,
    description: '|predicted − observed|, 4 decimals; null when none is judged.',
  })
  calibrationError!: number | null;
}

export class CalibrationLaneResponse extends CalibrationFiguresResponse {
  @ApiProperty({
    type: String,
    example: 'R-CD01-HUB > R-HUB-LIMNORTE',
    description: 'The lane: the legs of the path, joined by " > ".',
  })
  lane!: string;
}

export class CalibrationTotalResponse extends CalibrationFiguresResponse {
  @ApiProperty({ type: Number, nullable: true, description: '|predicted − observed| over every promise.' })
  calibrationError!: number | null;
}

export class PromiseCalibrationResponse {
  @ApiProperty({ type: String, format: 'date' }) from!: string;
  @ApiProperty({ type: String, format: 'date' }) to!: string;
  @ApiProperty({
    type: [CalibrationBucketResponse],
    description: 'Per probability bucket of width 0.05 holding promises, lowest first.',
  })
  buckets!: CalibrationBucketResponse[];
  @ApiProperty({ type: [CalibrationLaneResponse], description: 'Per lane holding promises, by lane.' })
  lanes!: CalibrationLaneResponse[];
  @ApiProperty({ type: CalibrationTotalResponse }) total!: CalibrationTotalResponse;
}
